CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` integer,
	`summary` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `categorie` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categorie_nome_unique` ON `categorie` (`nome`);--> statement-breakpoint
CREATE TABLE `corsi` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `corsi_nome_unique` ON `corsi` (`nome`);--> statement-breakpoint
CREATE TABLE `inventario` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nome` text NOT NULL,
	`note` text,
	`posizione` text,
	`fornitore` text,
	`seriale` text,
	`immagine_url` text,
	`tipo_prestito` text DEFAULT 'solo_esterno' NOT NULL,
	`categoria_id` integer,
	`data_aggiunta` text NOT NULL,
	`archived_at` text,
	FOREIGN KEY (`categoria_id`) REFERENCES `categorie`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `inventario_nome_idx` ON `inventario` (`nome`);--> statement-breakpoint
CREATE INDEX `inventario_categoria_idx` ON `inventario` (`categoria_id`);--> statement-breakpoint
CREATE TABLE `inventario_corsi` (
	`inventario_id` integer NOT NULL,
	`corso_id` integer NOT NULL,
	`posizione` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`inventario_id`, `corso_id`),
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`corso_id`) REFERENCES `corsi`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inventario_corsi_corso_idx` ON `inventario_corsi` (`corso_id`);--> statement-breakpoint
CREATE TABLE `unita` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inventario_id` integer NOT NULL,
	`codice_univoco` text NOT NULL,
	`note` text,
	`perso` integer DEFAULT false NOT NULL,
	`archived_at` text,
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unita_codice_unique` ON `unita` (`codice_univoco`);--> statement-breakpoint
CREATE INDEX `unita_inventario_idx` ON `unita` (`inventario_id`);--> statement-breakpoint
CREATE TABLE `penalita` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`utente_id` integer NOT NULL,
	`prestito_id` integer,
	`articolo_nome` text NOT NULL,
	`motivo` text NOT NULL,
	`giorni_ritardo` integer NOT NULL,
	`strike_assegnati` integer NOT NULL,
	`created_by` integer,
	`created_at` text NOT NULL,
	`azzerata_at` text,
	FOREIGN KEY (`utente_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`prestito_id`) REFERENCES `prestiti`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `penalita_utente_idx` ON `penalita` (`utente_id`);--> statement-breakpoint
CREATE TABLE `prestiti` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`utente_id` integer,
	`chi` text NOT NULL,
	`utente_email` text,
	`inventario_id` integer NOT NULL,
	`richiesta_id` integer,
	`data_uscita` text NOT NULL,
	`data_rientro` text NOT NULL,
	`data_restituzione` text,
	`tipo_utilizzo` text,
	`note` text,
	`stato` text DEFAULT 'attivo' NOT NULL,
	`created_by` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`utente_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`richiesta_id`) REFERENCES `richieste`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `prestiti_utente_idx` ON `prestiti` (`utente_id`,`stato`);--> statement-breakpoint
CREATE INDEX `prestiti_stato_rientro_idx` ON `prestiti` (`stato`,`data_rientro`);--> statement-breakpoint
CREATE INDEX `prestiti_inventario_idx` ON `prestiti` (`inventario_id`);--> statement-breakpoint
CREATE INDEX `prestiti_richiesta_idx` ON `prestiti` (`richiesta_id`);--> statement-breakpoint
CREATE INDEX `prestiti_created_idx` ON `prestiti` (`created_at`);--> statement-breakpoint
CREATE TABLE `prestiti_unita` (
	`prestito_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	PRIMARY KEY(`prestito_id`, `unit_id`),
	FOREIGN KEY (`prestito_id`) REFERENCES `prestiti`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `unita`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `prestiti_unita_unit_idx` ON `prestiti_unita` (`unit_id`);--> statement-breakpoint
CREATE TABLE `richieste` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`utente_id` integer,
	`inventario_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`dal` text NOT NULL,
	`al` text NOT NULL,
	`tipo_utilizzo` text,
	`note` text,
	`stato` text DEFAULT 'in_attesa' NOT NULL,
	`motivo_rifiuto` text,
	`handled_by` integer,
	`handled_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`utente_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`unit_id`) REFERENCES `unita`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `richieste_unit_stato_idx` ON `richieste` (`unit_id`,`stato`,`dal`,`al`);--> statement-breakpoint
CREATE INDEX `richieste_utente_idx` ON `richieste` (`utente_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `richieste_stato_created_idx` ON `richieste` (`stato`,`created_at`);--> statement-breakpoint
CREATE INDEX `richieste_created_idx` ON `richieste` (`created_at`);--> statement-breakpoint
CREATE TABLE `riparazioni` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inventario_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`descrizione` text NOT NULL,
	`note_tecniche` text,
	`priorita` text DEFAULT 'media' NOT NULL,
	`stato` text DEFAULT 'in_corso' NOT NULL,
	`data_inizio` text NOT NULL,
	`data_fine` text,
	`segnalazione_id` integer,
	`created_by` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`unit_id`) REFERENCES `unita`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `riparazioni_unit_stato_idx` ON `riparazioni` (`unit_id`,`stato`);--> statement-breakpoint
CREATE INDEX `riparazioni_stato_idx` ON `riparazioni` (`stato`);--> statement-breakpoint
CREATE TABLE `segnalazioni` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`inventario_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`prestito_id` integer,
	`tipo` text NOT NULL,
	`urgenza` text NOT NULL,
	`messaggio` text NOT NULL,
	`stato` text DEFAULT 'aperta' NOT NULL,
	`riparazione_id` integer,
	`handled_by` integer,
	`handled_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`inventario_id`) REFERENCES `inventario`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`unit_id`) REFERENCES `unita`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`prestito_id`) REFERENCES `prestiti`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`riparazione_id`) REFERENCES `riparazioni`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `segnalazioni_user_idx` ON `segnalazioni` (`user_id`);--> statement-breakpoint
CREATE INDEX `segnalazioni_stato_idx` ON `segnalazioni` (`stato`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_reset_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`stato` text DEFAULT 'pending' NOT NULL,
	`requested_at` text NOT NULL,
	`completed_at` text,
	`completed_by` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`completed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_pending_unique` ON `password_reset_requests` (`user_id`) WHERE stato = 'pending';--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`username` text,
	`password_hash` text NOT NULL,
	`name` text NOT NULL,
	`surname` text NOT NULL,
	`matricola` text,
	`phone` text,
	`corso_accademico` text,
	`ruolo` text DEFAULT 'user' NOT NULL,
	`penalty_strikes` integer DEFAULT 0 NOT NULL,
	`is_blocked` integer DEFAULT false NOT NULL,
	`blocked_reason` text,
	`session_version` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_matricola_unique` ON `users` (`matricola`);--> statement-breakpoint
CREATE INDEX `users_ruolo_idx` ON `users` (`ruolo`);