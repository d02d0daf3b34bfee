-- Sets (prenotazioni): a set groups spec requests and loans under one prenotazione_id, with its
-- accessories, missing accessories (mancanze) and history; and the desk's kit templates it can be booked from.
CREATE TABLE `kit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL,
	`descrizione` text,
	`created_at` text NOT NULL,
	`archived_at` text
);
--> statement-breakpoint
CREATE TABLE `kit_accessori` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kit_id` integer NOT NULL,
	`nome` text NOT NULL,
	`quantita` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `kit_accessori_kit_idx` ON `kit_accessori` (`kit_id`);--> statement-breakpoint
CREATE TABLE `kit_corsi` (
	`kit_id` integer NOT NULL,
	`corso_id` integer NOT NULL,
	PRIMARY KEY(`kit_id`, `corso_id`),
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`corso_id`) REFERENCES `corsi`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `kit_corsi_corso_idx` ON `kit_corsi` (`corso_id`);--> statement-breakpoint
CREATE TABLE `kit_righe` (
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
CREATE INDEX `kit_righe_kit_idx` ON `kit_righe` (`kit_id`);--> statement-breakpoint
CREATE TABLE `mancanze` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`prenotazione_id` integer NOT NULL,
	`nome` text NOT NULL,
	`quantita` integer NOT NULL,
	`esito` text,
	`nota` text,
	`created_at` text NOT NULL,
	`risolta_il` text,
	`risolta_da` integer,
	FOREIGN KEY (`prenotazione_id`) REFERENCES `prenotazioni`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`risolta_da`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `mancanze_set_idx` ON `mancanze` (`prenotazione_id`);--> statement-breakpoint
CREATE INDEX `mancanze_aperte_idx` ON `mancanze` (`risolta_il`,`created_at`);--> statement-breakpoint
CREATE TABLE `prenotazioni` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`utente_id` integer,
	`kit_id` integer,
	`kit_nome` text,
	`dal` text NOT NULL,
	`al` text NOT NULL,
	`tipo_utilizzo` text,
	`note` text,
	`stato` text NOT NULL,
	`motivo_rifiuto` text,
	`created_by` integer,
	`created_at` text NOT NULL,
	`handled_by` integer,
	`handled_at` text,
	`consegnato_il` text,
	`consegnato_da` integer,
	`firma_tipo` text,
	`firma_png` text,
	`firmato_il` text,
	`ricevuta_pdf` blob,
	`ricevuta_sha256` text,
	`restituito_il` text,
	FOREIGN KEY (`utente_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`kit_id`) REFERENCES `kit`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`consegnato_da`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `prenotazioni_utente_idx` ON `prenotazioni` (`utente_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `prenotazioni_stato_idx` ON `prenotazioni` (`stato`,`created_at`);--> statement-breakpoint
CREATE INDEX `prenotazioni_created_idx` ON `prenotazioni` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `prenotazioni_accessori` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`prenotazione_id` integer NOT NULL,
	`nome` text NOT NULL,
	`quantita` integer NOT NULL,
	`consegnati` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`prenotazione_id`) REFERENCES `prenotazioni`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `prenotazioni_accessori_set_idx` ON `prenotazioni_accessori` (`prenotazione_id`);--> statement-breakpoint
CREATE TABLE `prenotazioni_storia` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`prenotazione_id` integer NOT NULL,
	`evento` text NOT NULL,
	`testo` text NOT NULL,
	`actor_id` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`prenotazione_id`) REFERENCES `prenotazioni`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `prenotazioni_storia_set_idx` ON `prenotazioni_storia` (`prenotazione_id`,`id`);--> statement-breakpoint
ALTER TABLE `prestiti` ADD `prenotazione_id` integer REFERENCES prenotazioni(id);--> statement-breakpoint
CREATE INDEX `prestiti_prenotazione_idx` ON `prestiti` (`prenotazione_id`);--> statement-breakpoint
ALTER TABLE `richieste` ADD `prenotazione_id` integer REFERENCES prenotazioni(id);--> statement-breakpoint
CREATE INDEX `richieste_prenotazione_idx` ON `richieste` (`prenotazione_id`);