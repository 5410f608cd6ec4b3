-- Uploaded images' bytes, kept in the database so that every instance serves every image and a
-- backup of the database holds them (issue 18). Images are re-encoded on upload and small; the
-- objects table keeps who uploaded what, this one only the bytes under the object's key.
CREATE TABLE object_blobs (
  object_key TEXT PRIMARY KEY,
  data       BLOB NOT NULL,
  created_at TEXT NOT NULL
);
