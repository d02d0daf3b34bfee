CREATE TABLE `attese` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`utente_id` integer NOT NULL,
	`inventario_id` integer,
	`kit_id` integer,
	`dal` text NOT NULL,
	`al` text NOT NULL,
	`tipo_utilizzo` text,
	`stato` text NOT NULL,
	`created_at` text NOT NULL,
	`offerta_il` text,
	`scade_il` text,
	`richiesta_id` integer,
	`prenotazione_id` integer,
	`chiusa_il` text,
	FOREIGN KEY (`utente_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`prenotazione_id`) REFERENCES `prenotazioni`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `attese_coda_idx` ON `attese` (`stato`,`inventario_id`,`kit_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `attese_utente_idx` ON `attese` (`utente_id`,`stato`);--> statement-breakpoint
CREATE TABLE `attese_unita` (
	`attesa_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	PRIMARY KEY(`attesa_id`, `unit_id`),
	FOREIGN KEY (`attesa_id`) REFERENCES `attese`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `unita`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `attese_unita_unit_idx` ON `attese_unita` (`unit_id`);--> statement-breakpoint
CREATE TABLE `domanda_eventi` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tipo` text NOT NULL,
	`utente_id` integer,
	`corso` text,
	`inventario_id` integer,
	`kit_id` integer,
	`dal` text,
	`al` text,
	`testo` text,
	`riferimento_id` integer,
	`giorno` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`utente_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `domanda_eventi_giorno_idx` ON `domanda_eventi` (`giorno`,`tipo`,`inventario_id`);--> statement-breakpoint
CREATE INDEX `domanda_eventi_inventario_idx` ON `domanda_eventi` (`inventario_id`,`giorno`);--> statement-breakpoint
CREATE INDEX `domanda_eventi_utente_idx` ON `domanda_eventi` (`created_at`) WHERE utente_id is not null;--> statement-breakpoint
-- The demand events and the waiting list get their own resource of data_versions (migration 0006):
-- every row written to their tables bumps 'demand', so the response cache keeps the demand report and
-- the queues until one of them changes.
INSERT OR IGNORE INTO `data_versions` (`resource`) VALUES ('demand');
--> statement-breakpoint
CREATE TRIGGER `domanda_eventi_version_insert` AFTER INSERT ON `domanda_eventi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'demand';
END;
--> statement-breakpoint
CREATE TRIGGER `domanda_eventi_version_update` AFTER UPDATE ON `domanda_eventi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'demand';
END;
--> statement-breakpoint
CREATE TRIGGER `domanda_eventi_version_delete` AFTER DELETE ON `domanda_eventi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'demand';
END;
--> statement-breakpoint
CREATE TRIGGER `attese_version_insert` AFTER INSERT ON `attese` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'demand';
END;
--> statement-breakpoint
CREATE TRIGGER `attese_version_update` AFTER UPDATE ON `attese` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'demand';
END;
--> statement-breakpoint
CREATE TRIGGER `attese_version_delete` AFTER DELETE ON `attese` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'demand';
END;
--> statement-breakpoint
CREATE TRIGGER `attese_unita_version_insert` AFTER INSERT ON `attese_unita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'demand';
END;
--> statement-breakpoint
CREATE TRIGGER `attese_unita_version_update` AFTER UPDATE ON `attese_unita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'demand';
END;
--> statement-breakpoint
CREATE TRIGGER `attese_unita_version_delete` AFTER DELETE ON `attese_unita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'demand';
END;
