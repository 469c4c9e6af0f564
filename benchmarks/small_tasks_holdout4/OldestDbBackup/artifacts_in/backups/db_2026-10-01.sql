-- dump of 2026-10-01
CREATE TABLE plants (id INTEGER, name TEXT);
