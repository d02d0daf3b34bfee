DROP INDEX `prestiti_stato_rientro_idx`;--> statement-breakpoint
DROP INDEX `prestiti_stato_uscita_idx`;--> statement-breakpoint
CREATE INDEX `prestiti_stato_rientro_idx` ON `prestiti` (`stato`,`data_rientro`,`consegnato_il`,`data_uscita`,`created_at`);--> statement-breakpoint
CREATE INDEX `prestiti_stato_uscita_idx` ON `prestiti` (`stato`,`data_uscita`,`inventario_id`,`consegnato_il`);