-- The lists that grow with the country's population or its traffic page newest first on the
-- server (issue 16): (created_at, id) is their order and their cursor, so a first page reads a
-- page of the index instead of sorting every row. Mobile users are also filtered by status (the
-- approvals queue). Each table is written a row at a time, so the indexes cost the writes little.
CREATE INDEX users_page_idx ON users (created_at, id);
CREATE INDEX mobile_users_page_idx ON mobile_users (created_at, id);
CREATE INDEX mobile_users_status_page_idx ON mobile_users (status, created_at, id);
CREATE INDEX access_codes_page_idx ON access_codes (created_at, id);
CREATE INDEX notifications_page_idx ON notifications (created_at, id);
