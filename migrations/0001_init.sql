-- Foundation: people, roles, password resets, settings, audit trail and idempotent retries.
CREATE TABLE roles (
  id         INTEGER PRIMARY KEY,
  role_name  TEXT NOT NULL UNIQUE COLLATE NOCASE,
  is_builtin INTEGER NOT NULL DEFAULT 0 CHECK (is_builtin IN (0, 1)),
  created_at TEXT NOT NULL
) STRICT;

INSERT INTO roles (id, role_name, is_builtin, created_at) VALUES
  (1, 'Manager', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (2, 'Storekeeper', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (3, 'Chef', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  role_id       INTEGER NOT NULL REFERENCES roles(id),
  is_active     INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  token_version INTEGER NOT NULL DEFAULT 0,
  last_login_at TEXT,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
) STRICT;
CREATE INDEX users_role ON users(role_id);

CREATE TABLE password_reset_tokens (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TEXT NOT NULL,
  used_at    TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX password_reset_tokens_user ON password_reset_tokens(user_id);

CREATE TABLE settings (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL, -- JSON
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE audit_log (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER REFERENCES users(id),
  action      TEXT NOT NULL,
  entity      TEXT NOT NULL,
  entity_id   INTEGER,
  details     TEXT, -- JSON, never a secret
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX audit_log_entity ON audit_log(entity, entity_id);

-- A retried stock form replays its first answer (Idempotency-Key, kept 24 hours).
CREATE TABLE idempotency_keys (
  user_id    INTEGER NOT NULL REFERENCES users(id),
  key        TEXT NOT NULL,
  route      TEXT NOT NULL,
  status     INTEGER NOT NULL,
  response   TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
) STRICT, WITHOUT ROWID;
