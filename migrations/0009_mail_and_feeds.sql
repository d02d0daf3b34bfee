CREATE TABLE `calendar_feeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`revoche` integer NOT NULL,
	`revoked_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_tokens_token_hash_unique` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `posta_in_uscita` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`destinatario` text NOT NULL,
	`oggetto` text NOT NULL,
	`testo` text NOT NULL,
	`html` text NOT NULL,
	`chiave` text,
	`stato` text DEFAULT 'in_coda' NOT NULL,
	`tentativi` integer DEFAULT 0 NOT NULL,
	`prossimo_tentativo_at` text NOT NULL,
	`ultimo_tentativo_at` text,
	`ultimo_errore` text,
	`created_at` text NOT NULL,
	`inviata_at` text
);
--> statement-breakpoint
CREATE INDEX `posta_in_uscita_coda_idx` ON `posta_in_uscita` (`stato`,`prossimo_tentativo_at`);--> statement-breakpoint
CREATE INDEX `posta_in_uscita_errore_idx` ON `posta_in_uscita` (`ultimo_tentativo_at`) WHERE ultimo_errore is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `posta_in_uscita_chiave_unique` ON `posta_in_uscita` (`chiave`) WHERE chiave is not null;