-- Auth hardening. Ids of users and roles are never given again (AUTOINCREMENT): a token, a link
-- or an audit row naming a deleted id must never point at someone new. SQLite cannot add
-- AUTOINCREMENT in place, so both tables are rebuilt (migrate() runs this with foreign keys off
-- and checks them before the commit). Each user also gets a random session id (sid) that every
-- token carries and every request checks.
CREATE TABLE roles_new (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  role_name  TEXT NOT NULL UNIQUE COLLATE NOCASE,
  is_builtin INTEGER NOT NULL DEFAULT 0 CHECK (is_builtin IN (0, 1)),
  created_at TEXT NOT NULL
) STRICT;
INSERT INTO roles_new (id, role_name, is_builtin, created_at) SELECT id, role_name, is_builtin, created_at FROM roles;
DROP TABLE roles;
ALTER TABLE roles_new RENAME TO roles;

CREATE TABLE users_new (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  name          TEXT NOT NULL,
  email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  role_id       INTEGER NOT NULL REFERENCES roles(id),
  is_active     INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  token_version INTEGER NOT NULL DEFAULT 0,
  last_login_at TEXT,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  sid           TEXT NOT NULL DEFAULT (lower(hex(randomblob(16))))
) STRICT;
INSERT INTO users_new (id, name, email, password_hash, role_id, is_active, token_version, last_login_at, created_at, updated_at)
  SELECT id, name, email, password_hash, role_id, is_active, token_version, last_login_at, created_at, updated_at FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
CREATE INDEX users_role ON users(role_id);

-- Deleted ids may already have been reused before this migration; from here on, the counters
-- start above every id any history row still names.
DELETE FROM sqlite_sequence WHERE name IN ('users', 'roles');
INSERT INTO sqlite_sequence (name, seq) SELECT 'users', max(
  coalesce((SELECT max(id) FROM users), 0),
  coalesce((SELECT max(entity_id) FROM audit_log WHERE entity = 'user'), 0),
  coalesce((SELECT max(user_id) FROM audit_log), 0));
INSERT INTO sqlite_sequence (name, seq) SELECT 'roles', max(
  coalesce((SELECT max(id) FROM roles), 0),
  coalesce((SELECT max(entity_id) FROM audit_log WHERE entity = 'role'), 0));

-- Sign-in throttle: failures per account + client address and per address, kept across restarts.
-- key is 'account:<email>|<address>' or 'address:<address>' (both bounded: emails are at most 254).
CREATE TABLE login_throttle (
  key          TEXT PRIMARY KEY,
  attempts     INTEGER NOT NULL,
  window_start INTEGER NOT NULL, -- ms since epoch
  locked_until INTEGER NOT NULL DEFAULT 0,
  locks        INTEGER NOT NULL DEFAULT 0, -- how many times locked: each lock lasts twice the last
  updated_at   INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX login_throttle_updated ON login_throttle(updated_at);

CREATE INDEX password_reset_tokens_expiry ON password_reset_tokens(expires_at);

-- A reset link dies with any change of the password, the email it was sent to, or the account's
-- status (deactivation and reactivation alike), whichever path makes the change.
CREATE TRIGGER users_void_reset_tokens AFTER UPDATE OF password_hash, email, is_active ON users
WHEN OLD.password_hash IS NOT NEW.password_hash OR OLD.email IS NOT NEW.email OR OLD.is_active IS NOT NEW.is_active
BEGIN
  UPDATE password_reset_tokens SET used_at = NEW.updated_at WHERE user_id = NEW.id AND used_at IS NULL;
END;
