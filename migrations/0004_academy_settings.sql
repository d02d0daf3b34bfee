CREATE TABLE `impostazioni` (
	`id` integer PRIMARY KEY NOT NULL,
	`valori` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `corsi` ADD `archiviato` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `inventario` ADD `durata_massima_giorni` integer;