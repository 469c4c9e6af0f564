-- dump of 2026-11-01
CREATE TABLE plants (id INTEGER, name TEXT);
