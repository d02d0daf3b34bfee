DROP INDEX `richieste_created_idx`;--> statement-breakpoint
CREATE INDEX `richieste_created_item_user_idx` ON `richieste` (`created_at`,`inventario_id`,`utente_id`);--> statement-breakpoint
CREATE INDEX `richieste_stato_al_unit_idx` ON `richieste` (`stato`,`al`,`unit_id`,`inventario_id`);--> statement-breakpoint
DROP INDEX `inventario_nome_idx`;--> statement-breakpoint
CREATE INDEX `inventario_nome_idx` ON `inventario` ("nome" collate nocase,`id`);--> statement-breakpoint
DROP INDEX `unita_inventario_idx`;--> statement-breakpoint
CREATE INDEX `unita_inventario_idx` ON `unita` (`inventario_id`,`archived_at`);--> statement-breakpoint
CREATE INDEX `prestiti_stato_uscita_idx` ON `prestiti` (`stato`,`data_uscita`,`inventario_id`);