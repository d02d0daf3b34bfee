-- An item's view shows its own fields, its courses and the names of its category and courses beside its
-- units: writes of those name their items in `item_changes` too (migration 0014), so the views kept as
-- text between reads (src/modules/inventory/item-views.ts) are built again for exactly those items.
CREATE TRIGGER `inventario_item_changes_insert` AFTER INSERT ON `inventario` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_item_changes_update` AFTER UPDATE ON `inventario` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT item FROM (SELECT old.id AS item UNION SELECT new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_item_changes_delete` AFTER DELETE ON `inventario` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) VALUES (old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_corsi_item_changes_insert` AFTER INSERT ON `inventario_corsi` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) VALUES (new.inventario_id);
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_corsi_item_changes_update` AFTER UPDATE ON `inventario_corsi` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT item FROM (SELECT old.inventario_id AS item UNION SELECT new.inventario_id);
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_corsi_item_changes_delete` AFTER DELETE ON `inventario_corsi` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) VALUES (old.inventario_id);
END;
--> statement-breakpoint
CREATE TRIGGER `categorie_item_changes_update` AFTER UPDATE OF `nome` ON `categorie` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT `id` FROM `inventario` WHERE `categoria_id` = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `corsi_item_changes_update` AFTER UPDATE OF `nome` ON `corsi` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT `inventario_id` FROM `inventario_corsi` WHERE `corso_id` = new.id;
END;
