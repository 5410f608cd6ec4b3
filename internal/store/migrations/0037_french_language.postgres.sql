-- French becomes a third interface language (issue 17): a person's language may be "fr".
ALTER TABLE users DROP CONSTRAINT users_language_check;
ALTER TABLE users ADD CONSTRAINT users_language_check CHECK (language IN ('en','so','fr'));
