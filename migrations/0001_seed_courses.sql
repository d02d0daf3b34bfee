-- The academy's eight courses are fixed reference data, so they ship with the schema.
INSERT OR IGNORE INTO `corsi` (`nome`) VALUES
  ('Cinema e Audiovisivi'),
  ('Design'),
  ('Fashion Design'),
  ('Fotografia'),
  ('Graphic Design & Multimedia'),
  ('Interior Design'),
  ('Pittura'),
  ('Regia e Videomaking');
