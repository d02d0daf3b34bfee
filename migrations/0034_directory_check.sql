CREATE TABLE `controllo_directory` (
	`id` integer PRIMARY KEY NOT NULL,
	`eseguito_il` text NOT NULL,
	`giorno` text NOT NULL,
	`esito` text NOT NULL,
	`account_controllati` integer NOT NULL,
	`account_scomparsi` integer NOT NULL
);
