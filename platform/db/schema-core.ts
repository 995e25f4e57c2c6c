/** Auth, sessions, configuration, knowledge-graph catalogue and audit: the core of the platform. */
export const coreSchema = /* sql */ `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  is_superuser INTEGER NOT NULL DEFAULT 0,
  need_init_password INTEGER NOT NULL DEFAULT 0,
  password_changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  avatar TEXT NOT NULL DEFAULT '',
  introduction TEXT NOT NULL DEFAULT '',
  date_joined TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  last_login TEXT
);

CREATE TABLE groups (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE permissions (
  id INTEGER PRIMARY KEY,
  codename TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL
);

CREATE TABLE user_groups (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, group_id)
);

CREATE TABLE group_permissions (
  group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  permission_id INTEGER NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, permission_id)
);

-- One live token per user; ended tokens are kept with their reason so a 401 can say why.
CREATE TABLE tokens (
  key TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  csrf TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  ended_at INTEGER,
  ended_reason TEXT
);
CREATE INDEX tokens_user ON tokens(user_id);

CREATE TABLE nonces (
  nonce TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);

CREATE TABLE captchas (
  id TEXT PRIMARY KEY,
  answer TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE TABLE sso_tickets (
  ticket TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

CREATE TABLE login_failures (
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX login_failures_key ON login_failures(key, at);

CREATE TABLE configs (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  value TEXT NOT NULL DEFAULT '',
  type TEXT NOT NULL DEFAULT 'str',
  public INTEGER NOT NULL DEFAULT 1,
  description TEXT NOT NULL DEFAULT ''
);

CREATE TABLE secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE graphs (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  domain TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  user_id INTEGER,
  username TEXT NOT NULL DEFAULT '',
  action TEXT NOT NULL,
  resource TEXT NOT NULL,
  record_id TEXT,
  before_json TEXT,
  after_json TEXT
);
CREATE INDEX audit_log_at ON audit_log(at);

CREATE TABLE client_errors (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  user_id INTEGER,
  username TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL,
  info TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT ''
);
`;
