ALTER TABLE `inventario` ADD `checklist` text;--> statement-breakpoint
ALTER TABLE `prestiti` ADD `consegnato_il` text;--> statement-breakpoint
ALTER TABLE `prestiti` ADD `consegnato_da` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `prestiti` ADD `annullato_il` text;--> statement-breakpoint
ALTER TABLE `prestiti` ADD `annullato_da` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `prestiti_unita` ADD `restituita_il` text;--> statement-breakpoint
ALTER TABLE `prestiti_unita` ADD `condizione` text;--> statement-breakpoint
ALTER TABLE `prestiti_unita` ADD `nota_rientro` text;;--> statement-breakpoint
-- Before the hand-over step every loan counted as collected once it had started: keep that for the history.
UPDATE `prestiti` SET `consegnato_il` = CASE WHEN `created_at` > `data_uscita` THEN `created_at` ELSE `data_uscita` || 'T08:00:00.000Z' END, `consegnato_da` = `created_by` WHERE `stato` = 'restituito' OR `data_uscita` <= date('now');--> statement-breakpoint
UPDATE `prestiti_unita` SET `restituita_il` = (SELECT `data_restituzione` FROM `prestiti` WHERE `prestiti`.`id` = `prestiti_unita`.`prestito_id`) WHERE `prestito_id` IN (SELECT `id` FROM `prestiti` WHERE `stato` = 'restituito');