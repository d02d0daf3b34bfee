-- Kits: the desk's templates of what a shoot takes (lines of items or pinned units, and accessories not
-- tracked as units), with the courses that see them. Written by hand so that it runs the same whether or
-- not 0025 (the sets) already created the kit tables: they are created if missing with the columns 0025
-- gives them, and the kits' own columns and indexes are added on top.
CREATE TABLE IF NOT EXISTS `kit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL,
	`descrizione` text,
	`created_at` text NOT NULL,
	`archived_at` text
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS `kit_corsi` (
	`kit_id` integer NOT NULL,
	`corso_id` integer NOT NULL,
	PRIMARY KEY(`kit_id`, `corso_id`),
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`corso_id`) REFERENCES `corsi`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `kit_corsi_corso_idx` ON `kit_corsi` (`corso_id`);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS `kit_righe` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kit_id` integer NOT NULL,
	`inventario_id` integer NOT NULL,
	`quantita` integer DEFAULT 1 NOT NULL,
	`unit_id` integer,
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`unit_id`) REFERENCES `unita`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `kit_righe_kit_idx` ON `kit_righe` (`kit_id`);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS `kit_accessori` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kit_id` integer NOT NULL,
	`nome` text NOT NULL,
	`quantita` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `kit_accessori_kit_idx` ON `kit_accessori` (`kit_id`);
--> statement-breakpoint
ALTER TABLE `kit` ADD `nome_chiave` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `kit` ADD `updated_at` text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE `kit` SET `nome_chiave` = lower(`nome`), `updated_at` = `created_at`;
--> statement-breakpoint
CREATE UNIQUE INDEX `kit_nome_vivo_idx` ON `kit` (`nome_chiave`) WHERE archived_at is null;
--> statement-breakpoint
ALTER TABLE `kit_corsi` ADD `posizione` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `kit_righe` ADD `posizione` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `kit_accessori` ADD `posizione` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX `kit_righe_inventario_idx` ON `kit_righe` (`inventario_id`);
--> statement-breakpoint
CREATE INDEX `kit_righe_unit_idx` ON `kit_righe` (`unit_id`);
