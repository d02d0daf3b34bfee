-- A mancanza now belongs to a set or to a single loan (prestito_id), and names the student who owes it
-- (utente_id, filled from the set for the rows already there). drizzle-kit rebuilds the table: its
-- generated copy read the two new columns from the old table, so the copy below fills them by hand.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_mancanze` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`prenotazione_id` integer,
	`prestito_id` integer,
	`utente_id` integer,
	`nome` text NOT NULL,
	`quantita` integer NOT NULL,
	`esito` text,
	`nota` text,
	`created_at` text NOT NULL,
	`risolta_il` text,
	`risolta_da` integer,
	FOREIGN KEY (`prenotazione_id`) REFERENCES `prenotazioni`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`prestito_id`) REFERENCES `prestiti`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`utente_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`risolta_da`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_mancanze`("id", "prenotazione_id", "prestito_id", "utente_id", "nome", "quantita", "esito", "nota", "created_at", "risolta_il", "risolta_da") SELECT "id", "prenotazione_id", NULL, (SELECT `utente_id` FROM `prenotazioni` WHERE `prenotazioni`.`id` = `mancanze`.`prenotazione_id`), "nome", "quantita", "esito", "nota", "created_at", "risolta_il", "risolta_da" FROM `mancanze`;--> statement-breakpoint
DROP TABLE `mancanze`;--> statement-breakpoint
ALTER TABLE `__new_mancanze` RENAME TO `mancanze`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `mancanze_set_idx` ON `mancanze` (`prenotazione_id`);--> statement-breakpoint
CREATE INDEX `mancanze_prestito_idx` ON `mancanze` (`prestito_id`);--> statement-breakpoint
CREATE INDEX `mancanze_utente_idx` ON `mancanze` (`utente_id`,`risolta_il`);--> statement-breakpoint
CREATE INDEX `mancanze_aperte_idx` ON `mancanze` (`risolta_il`,`created_at`);--> statement-breakpoint
-- Rebuilding the table dropped the triggers of migration 0027: a mancanza still bumps 'sets'.
CREATE TRIGGER `mancanze_version_insert` AFTER INSERT ON `mancanze` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `mancanze_version_update` AFTER UPDATE ON `mancanze` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `mancanze_version_delete` AFTER DELETE ON `mancanze` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
