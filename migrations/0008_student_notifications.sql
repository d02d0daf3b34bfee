CREATE TABLE `notifiche` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`utente_id` integer NOT NULL,
	`tipo` text NOT NULL,
	`titolo` text NOT NULL,
	`messaggio` text NOT NULL,
	`link` text,
	`chiave` text,
	`letta_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`utente_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifiche_utente_idx` ON `notifiche` (`utente_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifiche_chiave_unique` ON `notifiche` (`utente_id`,`chiave`) WHERE chiave is not null;