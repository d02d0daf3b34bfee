-- The sets, their mancanze and the kits get their own resource of data_versions (migration 0006):
-- every row written to their tables bumps 'sets', so the response cache keeps the set, mancanza and kit
-- lists until one of them changes, as it keeps every other list.
INSERT OR IGNORE INTO `data_versions` (`resource`) VALUES ('sets');
--> statement-breakpoint
CREATE TRIGGER `prenotazioni_version_insert` AFTER INSERT ON `prenotazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `prenotazioni_version_update` AFTER UPDATE ON `prenotazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `prenotazioni_version_delete` AFTER DELETE ON `prenotazioni` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `prenotazioni_accessori_version_insert` AFTER INSERT ON `prenotazioni_accessori` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `prenotazioni_accessori_version_update` AFTER UPDATE ON `prenotazioni_accessori` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `prenotazioni_accessori_version_delete` AFTER DELETE ON `prenotazioni_accessori` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `prenotazioni_storia_version_insert` AFTER INSERT ON `prenotazioni_storia` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `prenotazioni_storia_version_update` AFTER UPDATE ON `prenotazioni_storia` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `prenotazioni_storia_version_delete` AFTER DELETE ON `prenotazioni_storia` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `mancanze_version_insert` AFTER INSERT ON `mancanze` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `mancanze_version_update` AFTER UPDATE ON `mancanze` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `mancanze_version_delete` AFTER DELETE ON `mancanze` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_version_insert` AFTER INSERT ON `kit` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_version_update` AFTER UPDATE ON `kit` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_version_delete` AFTER DELETE ON `kit` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_corsi_version_insert` AFTER INSERT ON `kit_corsi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_corsi_version_update` AFTER UPDATE ON `kit_corsi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_corsi_version_delete` AFTER DELETE ON `kit_corsi` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_righe_version_insert` AFTER INSERT ON `kit_righe` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_righe_version_update` AFTER UPDATE ON `kit_righe` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_righe_version_delete` AFTER DELETE ON `kit_righe` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_accessori_version_insert` AFTER INSERT ON `kit_accessori` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_accessori_version_update` AFTER UPDATE ON `kit_accessori` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
--> statement-breakpoint
CREATE TRIGGER `kit_accessori_version_delete` AFTER DELETE ON `kit_accessori` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `resource` = 'sets';
END;
