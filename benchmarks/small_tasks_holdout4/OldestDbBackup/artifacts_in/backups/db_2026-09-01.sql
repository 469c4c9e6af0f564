-- dump of 2026-09-01
CREATE TABLE plants (id INTEGER, name TEXT);
