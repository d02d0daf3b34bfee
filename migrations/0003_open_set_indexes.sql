DROP INDEX `richieste_created_idx`;--> statement-breakpoint
CREATE INDEX `richieste_created_item_user_idx` ON `richieste` (`created_at`,`inventario_id`,`utente_id`);--> statement-breakpoint
CREATE INDEX `richieste_stato_al_unit_idx` ON `richieste` (`stato`,`al`,`unit_id`);--> statement-breakpoint
CREATE INDEX `prestiti_stato_uscita_idx` ON `prestiti` (`stato`,`data_uscita`);