-- A password-reset message names its user and holds a slot for the link's token, which is made only when
-- the message is sent: no usable token is stored. The reset messages written before kept their link in
-- the body; they go (a link lasted an hour, and whoever still needs one asks again).
ALTER TABLE `posta_in_uscita` ADD `reimposta_password_di` integer REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade;
--> statement-breakpoint
DELETE FROM `posta_in_uscita` WHERE `testo` LIKE '%/reimposta-password?token=%';
