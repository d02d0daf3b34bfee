-- Each unit's item name beside its code in the unit search index: "codes containing the term, of items whose
-- name does not" (how a loan or request search reaches units of other items) becomes one FTS5 query, where
-- it read one unit row per matching code to know its item (2,594 for "canon" at five times the default
-- size). Searches name the columns they search, so the item name is searched only where asked.
DROP TRIGGER `unita_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `unita_fts_update`;
--> statement-breakpoint
DROP TRIGGER `unita_fts_delete`;
--> statement-breakpoint
DROP TABLE `unita_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `unita_fts` USING fts5(codice_univoco, nome_oggetto, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `unita_fts` (rowid, codice_univoco, nome_oggetto)
  SELECT u.`id`, u.`codice_univoco`, (SELECT i.`nome` FROM `inventario` i WHERE i.`id` = u.`inventario_id`) FROM `unita` u;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_insert` AFTER INSERT ON `unita` BEGIN
  INSERT INTO `unita_fts` (rowid, codice_univoco, nome_oggetto)
    VALUES (new.id, new.codice_univoco, (SELECT nome FROM `inventario` WHERE id = new.inventario_id));
END;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_update` AFTER UPDATE OF codice_univoco, inventario_id ON `unita` BEGIN
  UPDATE `unita_fts` SET codice_univoco = new.codice_univoco,
    nome_oggetto = (SELECT nome FROM `inventario` WHERE id = new.inventario_id) WHERE rowid = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_delete` AFTER DELETE ON `unita` BEGIN
  DELETE FROM `unita_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_item_name` AFTER UPDATE OF nome ON `inventario` BEGIN
  UPDATE `unita_fts` SET nome_oggetto = new.nome WHERE rowid IN (SELECT id FROM `unita` WHERE inventario_id = new.id);
END;
