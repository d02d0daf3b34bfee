ALTER TABLE `users` ADD `directory` text;--> statement-breakpoint
ALTER TABLE `users` ADD `directory_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `directory_synced_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `directory_gone_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `course_chosen_by_student` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `valido_fino_al` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_directory_id_unique` ON `users` (`directory`,`directory_id`);--> statement-breakpoint
-- The sign-up domains moved under the access settings: a stored list follows them there.
UPDATE `impostazioni`
SET `valori` = json_set(
  json_remove(`valori`, '$.domini_email_registrazione'),
  '$.accesso',
  json_patch(
    coalesce(json_extract(`valori`, '$.accesso'), '{}'),
    json_object('domini_email_registrazione', json_extract(`valori`, '$.domini_email_registrazione'))
  )
)
WHERE json_type(`valori`, '$.domini_email_registrazione') = 'array';
