CREATE TABLE `foto` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inventario_id` integer NOT NULL,
	`unita_id` integer,
	`segnalazione_id` integer,
	`jpeg` blob NOT NULL,
	`larghezza` integer NOT NULL,
	`altezza` integer NOT NULL,
	`caricata_da` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unita_id`) REFERENCES `unita`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`segnalazione_id`) REFERENCES `segnalazioni`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`caricata_da`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `foto_inventario_idx` ON `foto` (`inventario_id`,`segnalazione_id`);--> statement-breakpoint
CREATE INDEX `foto_segnalazione_idx` ON `foto` (`segnalazione_id`);--> statement-breakpoint
-- An item's first photo is its picture (immagine_url) while it has no link of its own: a photo written
-- changes the item's answers, so the lists' versions and the item journal move.
CREATE TRIGGER `foto_version_insert` AFTER INSERT ON `foto` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
  INSERT INTO `item_changes` (`inventario_id`) VALUES (new.inventario_id);
END;
--> statement-breakpoint
CREATE TRIGGER `foto_version_delete` AFTER DELETE ON `foto` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
  INSERT INTO `item_changes` (`inventario_id`) VALUES (old.inventario_id);
END;
