-- The alerts' first return date of each low-stock item, read from the index alone: the open loans of those
-- items by state and item, with their due dates (before, SQLite read every open loan's row for them).
CREATE INDEX `prestiti_stato_oggetto_rientro_idx` ON `prestiti` (`stato`,`inventario_id`,`data_rientro`);
