-- How many loans and requests each item has had, kept by triggers as the counts per state are (0015, 0017):
-- a search's total counted every loan of every matching item (25,000 for "canon" at five times the default
-- size); it now sums one row per matching item.
CREATE TABLE `prestiti_per_oggetto` (`inventario_id` integer PRIMARY KEY NOT NULL, `quanti` integer NOT NULL DEFAULT 0);
--> statement-breakpoint
INSERT INTO `prestiti_per_oggetto` (`inventario_id`, `quanti`) SELECT `inventario_id`, count(*) FROM `prestiti` GROUP BY `inventario_id`;
--> statement-breakpoint
CREATE TRIGGER `prestiti_per_oggetto_insert` AFTER INSERT ON `prestiti` BEGIN
  INSERT INTO `prestiti_per_oggetto` (`inventario_id`, `quanti`) VALUES (NEW.`inventario_id`, 1)
    ON CONFLICT (`inventario_id`) DO UPDATE SET `quanti` = `quanti` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_per_oggetto_update` AFTER UPDATE OF `inventario_id` ON `prestiti` WHEN OLD.`inventario_id` IS NOT NEW.`inventario_id` BEGIN
  UPDATE `prestiti_per_oggetto` SET `quanti` = `quanti` - 1 WHERE `inventario_id` = OLD.`inventario_id`;
  INSERT INTO `prestiti_per_oggetto` (`inventario_id`, `quanti`) VALUES (NEW.`inventario_id`, 1)
    ON CONFLICT (`inventario_id`) DO UPDATE SET `quanti` = `quanti` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_per_oggetto_delete` AFTER DELETE ON `prestiti` BEGIN
  UPDATE `prestiti_per_oggetto` SET `quanti` = `quanti` - 1 WHERE `inventario_id` = OLD.`inventario_id`;
END;
--> statement-breakpoint
CREATE TABLE `richieste_per_oggetto` (`inventario_id` integer PRIMARY KEY NOT NULL, `quanti` integer NOT NULL DEFAULT 0);
--> statement-breakpoint
INSERT INTO `richieste_per_oggetto` (`inventario_id`, `quanti`) SELECT `inventario_id`, count(*) FROM `richieste` GROUP BY `inventario_id`;
--> statement-breakpoint
CREATE TRIGGER `richieste_per_oggetto_insert` AFTER INSERT ON `richieste` BEGIN
  INSERT INTO `richieste_per_oggetto` (`inventario_id`, `quanti`) VALUES (NEW.`inventario_id`, 1)
    ON CONFLICT (`inventario_id`) DO UPDATE SET `quanti` = `quanti` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `richieste_per_oggetto_update` AFTER UPDATE OF `inventario_id` ON `richieste` WHEN OLD.`inventario_id` IS NOT NEW.`inventario_id` BEGIN
  UPDATE `richieste_per_oggetto` SET `quanti` = `quanti` - 1 WHERE `inventario_id` = OLD.`inventario_id`;
  INSERT INTO `richieste_per_oggetto` (`inventario_id`, `quanti`) VALUES (NEW.`inventario_id`, 1)
    ON CONFLICT (`inventario_id`) DO UPDATE SET `quanti` = `quanti` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `richieste_per_oggetto_delete` AFTER DELETE ON `richieste` BEGIN
  UPDATE `richieste_per_oggetto` SET `quanti` = `quanti` - 1 WHERE `inventario_id` = OLD.`inventario_id`;
END;
