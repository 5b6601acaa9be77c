/** Local SQLite schema, version 3. Bump LOCAL_SCHEMA_VERSION with every change. */
export const LOCAL_SCHEMA_VERSION = 3;

export const CREATE_NOTES = `
CREATE TABLE IF NOT EXISTS notes (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  body TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  dirty INTEGER NOT NULL DEFAULT 0   -- 1 = edited offline, not yet uploaded
)`;
