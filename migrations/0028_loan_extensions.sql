CREATE TABLE `proroghe` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`prestito_id` integer NOT NULL,
	`prenotazione_id` integer,
	`utente_id` integer,
	`dal` text NOT NULL,
	`al` text NOT NULL,
	`motivo` text,
	`stato` text DEFAULT 'in_attesa' NOT NULL,
	`motivo_rifiuto` text,
	`created_by` integer,
	`created_at` text NOT NULL,
	`handled_by` integer,
	`handled_at` text,
	FOREIGN KEY (`prestito_id`) REFERENCES `prestiti`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`prenotazione_id`) REFERENCES `prenotazioni`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`utente_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `proroghe_prestito_idx` ON `proroghe` (`prestito_id`,`stato`);--> statement-breakpoint
CREATE INDEX `proroghe_stato_idx` ON `proroghe` (`stato`,`created_at`);--> statement-breakpoint
ALTER TABLE `prestiti` ADD `data_rientro_originale` text;--> statement-breakpoint
ALTER TABLE `prestiti` ADD `giorni_ritardo_pregressi` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An extension belongs to the loans' resource of data_versions (migration 0006): a request asked, approved
-- or refused refreshes the kept loan lists, as a change of the loan itself does.
CREATE TRIGGER `proroghe_version_insert` AFTER INSERT ON `proroghe` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `proroghe_version_update` AFTER UPDATE ON `proroghe` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `proroghe_version_delete` AFTER DELETE ON `proroghe` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'loans';
END;
