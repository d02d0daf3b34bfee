-- The loan and request lists' own order, (created_at, id), with the columns a search tests: a search's page
-- walks it from the index alone and reads only the rows it keeps.
DROP INDEX `prestiti_created_idx`;--> statement-breakpoint
CREATE INDEX `prestiti_created_walk_idx` ON `prestiti` (`created_at`,`id`,`inventario_id`,`utente_id`);--> statement-breakpoint
DROP INDEX `richieste_created_idx`;--> statement-breakpoint
CREATE INDEX `richieste_created_walk_idx` ON `richieste` (`created_at`,`id`,`inventario_id`,`utente_id`,`unit_id`);