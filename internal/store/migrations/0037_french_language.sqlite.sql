-- French becomes a third interface language (issue 17): a person's language may be "fr".
-- SQLite cannot alter a CHECK, and rebuilding users is not possible here: with foreign keys on
-- (they cannot be turned off inside the migration's transaction), dropping the old table would
-- cascade into every table that references it (sessions, approvals, ...). A CHECK that only
-- widens changes nothing on disk, so the table's definition is edited in place, the procedure
-- SQLite documents for such changes (lang_altertable.html, "other kinds of table schema
-- changes"); creating and dropping a table moves the schema cookie so that every open
-- connection reloads the schema, and RESET reloads this one's.
PRAGMA writable_schema = ON;
UPDATE sqlite_master SET sql = replace(sql, 'CHECK (language IN (''en'',''so''))', 'CHECK (language IN (''en'',''so'',''fr''))')
  WHERE type = 'table' AND name = 'users';
CREATE TABLE schema_cookie_bump (x INTEGER);
DROP TABLE schema_cookie_bump;
PRAGMA writable_schema = RESET;
