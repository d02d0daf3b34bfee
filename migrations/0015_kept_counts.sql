-- How many loans each stored state holds, kept by triggers: counting the returned loans through their
-- index walked the whole history (half a million rows at five times the default size) on every page.
CREATE TABLE `prestiti_per_stato` (`stato` text PRIMARY KEY NOT NULL, `quanti` integer NOT NULL DEFAULT 0);
--> statement-breakpoint
INSERT INTO `prestiti_per_stato` (`stato`, `quanti`) SELECT `stato`, count(*) FROM `prestiti` GROUP BY `stato`;
--> statement-breakpoint
CREATE TRIGGER `prestiti_per_stato_insert` AFTER INSERT ON `prestiti` BEGIN
  INSERT INTO `prestiti_per_stato` (`stato`, `quanti`) VALUES (NEW.`stato`, 1)
    ON CONFLICT (`stato`) DO UPDATE SET `quanti` = `quanti` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_per_stato_update` AFTER UPDATE OF `stato` ON `prestiti` WHEN OLD.`stato` IS NOT NEW.`stato` BEGIN
  UPDATE `prestiti_per_stato` SET `quanti` = `quanti` - 1 WHERE `stato` = OLD.`stato`;
  INSERT INTO `prestiti_per_stato` (`stato`, `quanti`) VALUES (NEW.`stato`, 1)
    ON CONFLICT (`stato`) DO UPDATE SET `quanti` = `quanti` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_per_stato_delete` AFTER DELETE ON `prestiti` BEGIN
  UPDATE `prestiti_per_stato` SET `quanti` = `quanti` - 1 WHERE `stato` = OLD.`stato`;
END;
--> statement-breakpoint
-- How many accounts each role holds, kept the same way: the users list's tabs showed them by counting every account.
CREATE TABLE `users_per_ruolo` (`ruolo` text PRIMARY KEY NOT NULL, `quanti` integer NOT NULL DEFAULT 0);
--> statement-breakpoint
INSERT INTO `users_per_ruolo` (`ruolo`, `quanti`) SELECT `ruolo`, count(*) FROM `users` GROUP BY `ruolo`;
--> statement-breakpoint
CREATE TRIGGER `users_per_ruolo_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_per_ruolo` (`ruolo`, `quanti`) VALUES (NEW.`ruolo`, 1)
    ON CONFLICT (`ruolo`) DO UPDATE SET `quanti` = `quanti` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_per_ruolo_update` AFTER UPDATE OF `ruolo` ON `users` WHEN OLD.`ruolo` IS NOT NEW.`ruolo` BEGIN
  UPDATE `users_per_ruolo` SET `quanti` = `quanti` - 1 WHERE `ruolo` = OLD.`ruolo`;
  INSERT INTO `users_per_ruolo` (`ruolo`, `quanti`) VALUES (NEW.`ruolo`, 1)
    ON CONFLICT (`ruolo`) DO UPDATE SET `quanti` = `quanti` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_per_ruolo_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `users_per_ruolo` SET `quanti` = `quanti` - 1 WHERE `ruolo` = OLD.`ruolo`;
END;
