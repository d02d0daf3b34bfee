-- Unique keys by textKey() (src/domain/text-key.ts) for unit codes and usernames. SQLite's lower() folds
-- ASCII only; openDatabase() recomputes the key of any row holding other letters after migrating.
DROP INDEX `unita_codice_unique`;--> statement-breakpoint
ALTER TABLE `unita` ADD `codice_chiave` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `unita` SET `codice_chiave` = lower(`codice_univoco`);--> statement-breakpoint
CREATE UNIQUE INDEX `unita_codice_chiave_unique` ON `unita` (`codice_chiave`);--> statement-breakpoint
DROP INDEX `users_username_unique`;--> statement-breakpoint
ALTER TABLE `users` ADD `username_chiave` text;--> statement-breakpoint
UPDATE `users` SET `username_chiave` = lower(`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_chiave_unique` ON `users` (`username_chiave`);
