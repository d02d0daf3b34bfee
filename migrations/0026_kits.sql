-- Kits: the desk's templates of what a shoot takes (lines of items or pinned units, and accessories not
-- tracked as units), with the courses that see them. Numbered 0026: 0025 holds the sets (prenotazioni).
CREATE TABLE `kit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL,
	`nome_chiave` text NOT NULL,
	`descrizione` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`archived_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kit_nome_vivo_idx` ON `kit` (`nome_chiave`) WHERE archived_at is null;--> statement-breakpoint
CREATE TABLE `kit_accessori` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kit_id` integer NOT NULL,
	`nome` text NOT NULL,
	`quantita` integer NOT NULL,
	`posizione` integer NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `kit_accessori_kit_idx` ON `kit_accessori` (`kit_id`,`posizione`);--> statement-breakpoint
CREATE TABLE `kit_corsi` (
	`kit_id` integer NOT NULL,
	`corso_id` integer NOT NULL,
	`posizione` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`kit_id`, `corso_id`),
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`corso_id`) REFERENCES `corsi`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `kit_corsi_corso_idx` ON `kit_corsi` (`corso_id`);--> statement-breakpoint
CREATE TABLE `kit_righe` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kit_id` integer NOT NULL,
	`inventario_id` integer NOT NULL,
	`unit_id` integer,
	`quantita` integer NOT NULL,
	`posizione` integer NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`unit_id`) REFERENCES `unita`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `kit_righe_kit_idx` ON `kit_righe` (`kit_id`,`posizione`);--> statement-breakpoint
CREATE INDEX `kit_righe_inventario_idx` ON `kit_righe` (`inventario_id`);--> statement-breakpoint
CREATE INDEX `kit_righe_unit_idx` ON `kit_righe` (`unit_id`);