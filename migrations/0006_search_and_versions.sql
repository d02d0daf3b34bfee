-- Substring search (trigram) over what the screens search: items, unit codes, people. Triggers keep
-- each index in step with its table inside the writing transaction.
CREATE VIRTUAL TABLE `inventario_fts` USING fts5(nome, seriale, note, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `inventario_fts` (rowid, nome, seriale, note) SELECT id, nome, seriale, note FROM `inventario`;
--> statement-breakpoint
CREATE TRIGGER `inventario_fts_insert` AFTER INSERT ON `inventario` BEGIN
  INSERT INTO `inventario_fts` (rowid, nome, seriale, note) VALUES (new.id, new.nome, new.seriale, new.note);
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_fts_update` AFTER UPDATE OF nome, seriale, note ON `inventario` BEGIN
  UPDATE `inventario_fts` SET nome = new.nome, seriale = new.seriale, note = new.note WHERE rowid = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_fts_delete` AFTER DELETE ON `inventario` BEGIN
  DELETE FROM `inventario_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `unita_fts` USING fts5(codice_univoco, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `unita_fts` (rowid, codice_univoco) SELECT id, codice_univoco FROM `unita`;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_insert` AFTER INSERT ON `unita` BEGIN
  INSERT INTO `unita_fts` (rowid, codice_univoco) VALUES (new.id, new.codice_univoco);
END;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_update` AFTER UPDATE OF codice_univoco ON `unita` BEGIN
  UPDATE `unita_fts` SET codice_univoco = new.codice_univoco WHERE rowid = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `unita_fts_delete` AFTER DELETE ON `unita` BEGIN
  DELETE FROM `unita_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
-- nome_completo is "name surname": one column finds the name, the surname and both together.
CREATE VIRTUAL TABLE `users_fts` USING fts5(nome_completo, email, matricola, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `users_fts` (rowid, nome_completo, email, matricola) SELECT id, name || ' ' || surname, email, matricola FROM `users`;
--> statement-breakpoint
CREATE TRIGGER `users_fts_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_fts` (rowid, nome_completo, email, matricola) VALUES (new.id, new.name || ' ' || new.surname, new.email, new.matricola);
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_update` AFTER UPDATE OF name, surname, email, matricola ON `users` BEGIN
  UPDATE `users_fts` SET nome_completo = new.name || ' ' || new.surname, email = new.email, matricola = new.matricola WHERE rowid = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM `users_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
-- One version per resource, bumped by every row written to its tables (by this process or any other):
-- the response cache keeps a list until a resource it reads changes, so a request does not rebuild
-- the users list.
CREATE TABLE `data_versions` (`resource` text PRIMARY KEY NOT NULL, `version` integer NOT NULL DEFAULT 0);
--> statement-breakpoint
INSERT INTO `data_versions` (`resource`) VALUES ('inventory'), ('loans'), ('requests'), ('users'), ('repairs'), ('reports'), ('audit'), ('settings');
--> statement-breakpoint
CREATE TRIGGER `inventario_version_insert` AFTER INSERT ON `inventario` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_version_update` AFTER UPDATE ON `inventario` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_version_delete` AFTER DELETE ON `inventario` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `unita_version_insert` AFTER INSERT ON `unita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `unita_version_update` AFTER UPDATE ON `unita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `unita_version_delete` AFTER DELETE ON `unita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_corsi_version_insert` AFTER INSERT ON `inventario_corsi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_corsi_version_update` AFTER UPDATE ON `inventario_corsi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `inventario_corsi_version_delete` AFTER DELETE ON `inventario_corsi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `categorie_version_insert` AFTER INSERT ON `categorie` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `categorie_version_update` AFTER UPDATE ON `categorie` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `categorie_version_delete` AFTER DELETE ON `categorie` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `corsi_version_insert` AFTER INSERT ON `corsi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `corsi_version_update` AFTER UPDATE ON `corsi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `corsi_version_delete` AFTER DELETE ON `corsi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_version_insert` AFTER INSERT ON `prestiti` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_version_update` AFTER UPDATE ON `prestiti` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_version_delete` AFTER DELETE ON `prestiti` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_unita_version_insert` AFTER INSERT ON `prestiti_unita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_unita_version_update` AFTER UPDATE ON `prestiti_unita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `prestiti_unita_version_delete` AFTER DELETE ON `prestiti_unita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'loans';
END;
--> statement-breakpoint
CREATE TRIGGER `richieste_version_insert` AFTER INSERT ON `richieste` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'requests';
END;
--> statement-breakpoint
CREATE TRIGGER `richieste_version_update` AFTER UPDATE ON `richieste` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'requests';
END;
--> statement-breakpoint
CREATE TRIGGER `richieste_version_delete` AFTER DELETE ON `richieste` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'requests';
END;
--> statement-breakpoint
CREATE TRIGGER `users_version_insert` AFTER INSERT ON `users` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `users_version_update` AFTER UPDATE ON `users` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `users_version_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `penalita_version_insert` AFTER INSERT ON `penalita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `penalita_version_update` AFTER UPDATE ON `penalita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `penalita_version_delete` AFTER DELETE ON `penalita` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `password_reset_requests_version_insert` AFTER INSERT ON `password_reset_requests` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `password_reset_requests_version_update` AFTER UPDATE ON `password_reset_requests` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `password_reset_requests_version_delete` AFTER DELETE ON `password_reset_requests` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `riparazioni_version_insert` AFTER INSERT ON `riparazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'repairs';
END;
--> statement-breakpoint
CREATE TRIGGER `riparazioni_version_update` AFTER UPDATE ON `riparazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'repairs';
END;
--> statement-breakpoint
CREATE TRIGGER `riparazioni_version_delete` AFTER DELETE ON `riparazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'repairs';
END;
--> statement-breakpoint
CREATE TRIGGER `segnalazioni_version_insert` AFTER INSERT ON `segnalazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'reports';
END;
--> statement-breakpoint
CREATE TRIGGER `segnalazioni_version_update` AFTER UPDATE ON `segnalazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'reports';
END;
--> statement-breakpoint
CREATE TRIGGER `segnalazioni_version_delete` AFTER DELETE ON `segnalazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'reports';
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_version_insert` AFTER INSERT ON `audit_log` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'audit';
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_version_update` AFTER UPDATE ON `audit_log` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'audit';
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_version_delete` AFTER DELETE ON `audit_log` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'audit';
END;
--> statement-breakpoint
CREATE TRIGGER `impostazioni_version_insert` AFTER INSERT ON `impostazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'settings';
END;
--> statement-breakpoint
CREATE TRIGGER `impostazioni_version_update` AFTER UPDATE ON `impostazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'settings';
END;
--> statement-breakpoint
CREATE TRIGGER `impostazioni_version_delete` AFTER DELETE ON `impostazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'settings';
END;
