-- How many requests each state holds, kept by triggers as the loans' are (0015): the pending requests page
-- and the basic statistics counted every pending request (ten thousand at five times the default size)
-- on every call.
CREATE TABLE `richieste_per_stato` (`stato` text PRIMARY KEY NOT NULL, `quanti` integer NOT NULL DEFAULT 0);
--> statement-breakpoint
INSERT INTO `richieste_per_stato` (`stato`, `quanti`) SELECT `stato`, count(*) FROM `richieste` GROUP BY `stato`;
--> statement-breakpoint
CREATE TRIGGER `richieste_per_stato_insert` AFTER INSERT ON `richieste` BEGIN
  INSERT INTO `richieste_per_stato` (`stato`, `quanti`) VALUES (NEW.`stato`, 1)
    ON CONFLICT (`stato`) DO UPDATE SET `quanti` = `quanti` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `richieste_per_stato_update` AFTER UPDATE OF `stato` ON `richieste` WHEN OLD.`stato` IS NOT NEW.`stato` BEGIN
  UPDATE `richieste_per_stato` SET `quanti` = `quanti` - 1 WHERE `stato` = OLD.`stato`;
  INSERT INTO `richieste_per_stato` (`stato`, `quanti`) VALUES (NEW.`stato`, 1)
    ON CONFLICT (`stato`) DO UPDATE SET `quanti` = `quanti` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `richieste_per_stato_delete` AFTER DELETE ON `richieste` BEGIN
  UPDATE `richieste_per_stato` SET `quanti` = `quanti` - 1 WHERE `stato` = OLD.`stato`;
END;
--> statement-breakpoint
-- The archived items, few, through an index of their own: the active items are all items less those
-- (counting the active ones read every item's row).
CREATE INDEX `inventario_archiviati_idx` ON `inventario` (`archived_at`) WHERE `archived_at` IS NOT NULL;
