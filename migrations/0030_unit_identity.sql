CREATE TABLE `mappature_import` (
	`colonna` text PRIMARY KEY NOT NULL,
	`campo` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `inventario` ADD `marca` text;--> statement-breakpoint
ALTER TABLE `inventario` ADD `modello` text;--> statement-breakpoint
ALTER TABLE `unita` ADD `numero_serie` text;--> statement-breakpoint
ALTER TABLE `unita` ADD `data_acquisto` text;--> statement-breakpoint
ALTER TABLE `unita` ADD `valore` real;--> statement-breakpoint
-- An item-level serial moves to the item's unit where it is unambiguous: the item has exactly one unit.
-- Items with several units keep theirs on the item (which unit it names is not known).
UPDATE `unita` SET `numero_serie` = (SELECT i.`seriale` FROM `inventario` i WHERE i.`id` = `unita`.`inventario_id`)
  WHERE `numero_serie` IS NULL
    AND (SELECT i.`seriale` FROM `inventario` i WHERE i.`id` = `unita`.`inventario_id`) IS NOT NULL
    AND (SELECT count(*) FROM `unita` u WHERE u.`inventario_id` = `unita`.`inventario_id`) = 1;
--> statement-breakpoint
UPDATE `inventario` SET `seriale` = NULL
  WHERE `seriale` IS NOT NULL AND (SELECT count(*) FROM `unita` u WHERE u.`inventario_id` = `inventario`.`id`) = 1;
--> statement-breakpoint
-- Brand and model are searched with the item's name, serial and notes; a unit's serial and notes with its
-- code. FTS5 tables take no new column: both indexes are made again, with their triggers.
DROP TRIGGER `inventario_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `inventario_fts_update`;
--> statement-breakpoint
DROP TRIGGER `inventario_fts_delete`;
--> statement-breakpoint
DROP TABLE `inventario_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `inventario_fts` USING fts5(nome, seriale, note, marca, modello, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `inventario_fts` (rowid, nome, seriale, note, marca, modello)
  SELECT id, nome, seriale, note, marca, modello FROM `inventario`;
--> statement-breakpoint
CREATE TRIGGER `inventario_fts_insert` AFTER INSERT ON `inventario` BEGIN
  INSERT INTO `inventario_fts` (rowid, nome, seriale, note, marca, modello)
    VALUES (new.id, new.nome, new.seriale, new.note, new.marca, new.modello);
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_fts_update` AFTER UPDATE OF nome, seriale, note, marca, modello ON `inventario` BEGIN
  UPDATE `inventario_fts` SET nome = new.nome, seriale = new.seriale, note = new.note, marca = new.marca,
    modello = new.modello WHERE rowid = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_fts_delete` AFTER DELETE ON `inventario` BEGIN
  DELETE FROM `inventario_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
DROP TRIGGER `unita_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `unita_fts_update`;
--> statement-breakpoint
DROP TRIGGER `unita_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `unita_fts_item_name`;
--> statement-breakpoint
DROP TABLE `unita_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `unita_fts` USING fts5(codice_univoco, nome_oggetto, numero_serie, note, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `unita_fts` (rowid, codice_univoco, nome_oggetto, numero_serie, note)
  SELECT u.`id`, u.`codice_univoco`, (SELECT i.`nome` FROM `inventario` i WHERE i.`id` = u.`inventario_id`),
    u.`numero_serie`, u.`note` FROM `unita` u;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_insert` AFTER INSERT ON `unita` BEGIN
  INSERT INTO `unita_fts` (rowid, codice_univoco, nome_oggetto, numero_serie, note)
    VALUES (new.id, new.codice_univoco, (SELECT nome FROM `inventario` WHERE id = new.inventario_id),
      new.numero_serie, new.note);
END;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_update` AFTER UPDATE OF codice_univoco, inventario_id, numero_serie, note ON `unita` BEGIN
  UPDATE `unita_fts` SET codice_univoco = new.codice_univoco,
    nome_oggetto = (SELECT nome FROM `inventario` WHERE id = new.inventario_id),
    numero_serie = new.numero_serie, note = new.note WHERE rowid = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_delete` AFTER DELETE ON `unita` BEGIN
  DELETE FROM `unita_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_item_name` AFTER UPDATE OF nome ON `inventario` BEGIN
  UPDATE `unita_fts` SET nome_oggetto = new.nome WHERE rowid IN (SELECT id FROM `unita` WHERE inventario_id = new.id);
END;
--> statement-breakpoint
-- What a search matches now also changes with these columns (see 0022).
DROP TRIGGER `search_text_item_update`;
--> statement-breakpoint
CREATE TRIGGER `search_text_item_update` AFTER UPDATE OF `nome`, `seriale`, `note`, `marca`, `modello`, `data_aggiunta`, `archived_at` ON `inventario` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
--> statement-breakpoint
DROP TRIGGER `search_text_unit_update`;
--> statement-breakpoint
CREATE TRIGGER `search_text_unit_update` AFTER UPDATE OF `codice_univoco`, `inventario_id`, `numero_serie`, `note` ON `unita` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
