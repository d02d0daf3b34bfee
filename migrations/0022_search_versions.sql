-- Versions of what a search's matches depend on besides the rows written since, kept by triggers: the
-- searched text of items, units and people, with what a search's order and tabs read (items' dates added
-- and archiving, people's roles) ('testi'), and the loans' and requests' own
-- deletions and changes of the columns a search matches them by. What a term matches is kept until 'testi'
-- changes (src/db/search.ts `keptPerTerm`), and a desk's loan or request search keeps its total between
-- calls, adding only the rows written since (src/modules/loans/kept-search.ts): a request, an approval or a
-- return changes none of these versions, and a search then costs its page, not the term's matches.
CREATE TABLE `search_versions` (`name` text PRIMARY KEY NOT NULL, `version` integer NOT NULL DEFAULT 0);
--> statement-breakpoint
INSERT INTO `search_versions` (`name`) VALUES ('testi'), ('prestiti'), ('richieste');
--> statement-breakpoint
CREATE TRIGGER `search_text_item_insert` AFTER INSERT ON `inventario` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
--> statement-breakpoint
CREATE TRIGGER `search_text_item_update` AFTER UPDATE OF `nome`, `seriale`, `note`, `data_aggiunta`, `archived_at` ON `inventario` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
--> statement-breakpoint
CREATE TRIGGER `search_text_item_delete` AFTER DELETE ON `inventario` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
--> statement-breakpoint
CREATE TRIGGER `search_text_unit_insert` AFTER INSERT ON `unita` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
--> statement-breakpoint
CREATE TRIGGER `search_text_unit_update` AFTER UPDATE OF `codice_univoco`, `inventario_id` ON `unita` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
--> statement-breakpoint
CREATE TRIGGER `search_text_unit_delete` AFTER DELETE ON `unita` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
--> statement-breakpoint
CREATE TRIGGER `search_text_user_insert` AFTER INSERT ON `users` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
--> statement-breakpoint
CREATE TRIGGER `search_text_user_update` AFTER UPDATE OF `name`, `surname`, `email`, `matricola`, `ruolo` ON `users` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
--> statement-breakpoint
CREATE TRIGGER `search_text_user_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'testi';
END;
--> statement-breakpoint
CREATE TRIGGER `search_rows_loan_update` AFTER UPDATE OF `inventario_id`, `utente_id`, `chi`, `utente_email` ON `prestiti` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'prestiti';
END;
--> statement-breakpoint
CREATE TRIGGER `search_rows_loan_delete` AFTER DELETE ON `prestiti` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'prestiti';
END;
--> statement-breakpoint
CREATE TRIGGER `search_rows_request_update` AFTER UPDATE OF `inventario_id`, `utente_id` ON `richieste` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'richieste';
END;
--> statement-breakpoint
CREATE TRIGGER `search_rows_request_delete` AFTER DELETE ON `richieste` BEGIN
  UPDATE `search_versions` SET `version` = `version` + 1 WHERE `name` = 'richieste';
END;
