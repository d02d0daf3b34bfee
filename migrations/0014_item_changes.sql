-- The items whose unit counts a write may have changed, in the order written (by this process or any
-- other): src/modules/inventory/unit-counts.ts keeps every item's counts and, on a read, counts again only
-- the items named here since its last read, instead of every unit and open record of the academy.
-- The jobs keep the newest rows only; a reader that finds rows it never saw already gone counts all again.
CREATE TABLE `item_changes` (`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL, `inventario_id` integer NOT NULL);
--> statement-breakpoint
CREATE TRIGGER `unita_item_changes_insert` AFTER INSERT ON `unita` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT new.inventario_id WHERE new.inventario_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `unita_item_changes_update` AFTER UPDATE ON `unita` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT item FROM (SELECT old.inventario_id AS item UNION SELECT new.inventario_id) WHERE item IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `unita_item_changes_delete` AFTER DELETE ON `unita` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT old.inventario_id WHERE old.inventario_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_item_changes_insert` AFTER INSERT ON `prestiti` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT new.inventario_id WHERE new.inventario_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_item_changes_update` AFTER UPDATE ON `prestiti` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT item FROM (SELECT old.inventario_id AS item UNION SELECT new.inventario_id) WHERE item IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_item_changes_delete` AFTER DELETE ON `prestiti` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT old.inventario_id WHERE old.inventario_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_unita_item_changes_insert` AFTER INSERT ON `prestiti_unita` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT (SELECT `inventario_id` FROM `prestiti` WHERE `id` = new.prestito_id) WHERE (SELECT `inventario_id` FROM `prestiti` WHERE `id` = new.prestito_id) IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_unita_item_changes_update` AFTER UPDATE ON `prestiti_unita` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT item FROM (SELECT (SELECT `inventario_id` FROM `prestiti` WHERE `id` = old.prestito_id) AS item UNION SELECT (SELECT `inventario_id` FROM `prestiti` WHERE `id` = new.prestito_id)) WHERE item IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_unita_item_changes_delete` AFTER DELETE ON `prestiti_unita` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT (SELECT `inventario_id` FROM `prestiti` WHERE `id` = old.prestito_id) WHERE (SELECT `inventario_id` FROM `prestiti` WHERE `id` = old.prestito_id) IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `richieste_item_changes_insert` AFTER INSERT ON `richieste` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT new.inventario_id WHERE new.inventario_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `richieste_item_changes_update` AFTER UPDATE ON `richieste` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT item FROM (SELECT old.inventario_id AS item UNION SELECT new.inventario_id) WHERE item IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `richieste_item_changes_delete` AFTER DELETE ON `richieste` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT old.inventario_id WHERE old.inventario_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `riparazioni_item_changes_insert` AFTER INSERT ON `riparazioni` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT new.inventario_id WHERE new.inventario_id IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `riparazioni_item_changes_update` AFTER UPDATE ON `riparazioni` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT item FROM (SELECT old.inventario_id AS item UNION SELECT new.inventario_id) WHERE item IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `riparazioni_item_changes_delete` AFTER DELETE ON `riparazioni` BEGIN
  INSERT INTO `item_changes` (`inventario_id`) SELECT old.inventario_id WHERE old.inventario_id IS NOT NULL;
END;
