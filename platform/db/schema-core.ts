import { bothEngines } from "./both-engines.js";

/** Auth, sessions, configuration, knowledge-graph catalogue and audit: the core of the platform. */
export const coreSchema = bothEngines(
  (e) => /* sql */ `${e.onPostgres(`
CREATE FUNCTION kg_now_iso() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

CREATE FUNCTION kg_random_version() RETURNS bigint LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT (random() * 9e15)::bigint
$$;

CREATE FUNCTION kg_sync_identity(tbl regclass, col text DEFAULT 'id') RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  seq text := pg_get_serial_sequence(tbl::text, col);
  top bigint;
BEGIN
  EXECUTE format('SELECT max(%I) FROM %s', col, tbl) INTO top;
  IF top IS NULL OR top <= coalesce(pg_sequence_last_value(seq::regclass), 0) THEN
    RETURN NULL;
  END IF;
  RETURN setval(seq, top);
END
$$;
`)}
CREATE TABLE users (
  id ${e.id},
${e.pick(`  username TEXT NOT NULL UNIQUE COLLATE NOCASE,`, `  username TEXT NOT NULL,`)}
  email TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  is_active ${e.int} NOT NULL DEFAULT 1,
  is_superuser ${e.int} NOT NULL DEFAULT 0,
  need_init_password ${e.int} NOT NULL DEFAULT 0,
  password_changed_at TEXT NOT NULL DEFAULT ${e.nowDefault},
  avatar TEXT NOT NULL DEFAULT '',
  introduction TEXT NOT NULL DEFAULT '',
  date_joined TEXT NOT NULL DEFAULT ${e.nowDefault},
  last_login TEXT
);${e.onPostgres(`
CREATE UNIQUE INDEX users_username_nocase ON users (lower(username));`)}

CREATE TABLE groups (
  id ${e.id},
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE permissions (
  id ${e.id},
  codename TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL
);

CREATE TABLE user_groups (
  user_id ${e.int} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id ${e.int} NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, group_id)
);

CREATE TABLE group_permissions (
  group_id ${e.int} NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  permission_id ${e.int} NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, permission_id)
);
${e.onSqlite(`
-- One live token per user; ended tokens are kept with their reason so a 401 can say why.`)}
CREATE TABLE tokens (
  key TEXT PRIMARY KEY,
  user_id ${e.int} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  csrf TEXT NOT NULL,
  created_at ${e.int} NOT NULL,
  last_used_at ${e.int} NOT NULL,
  ended_at ${e.int},
  ended_reason TEXT
);
CREATE INDEX tokens_user ON tokens(user_id);

CREATE TABLE nonces (
  nonce TEXT PRIMARY KEY,
  expires_at ${e.int} NOT NULL
);

CREATE TABLE captchas (
  id TEXT PRIMARY KEY,
  answer TEXT NOT NULL,
  expires_at ${e.int} NOT NULL
);

CREATE TABLE sso_tickets (
  ticket TEXT PRIMARY KEY,
  user_id ${e.int} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at ${e.int} NOT NULL,
  used_at ${e.int}
);

CREATE TABLE login_failures (
  key TEXT NOT NULL,
  at ${e.int} NOT NULL
);
CREATE INDEX login_failures_key ON login_failures(key, at);

CREATE TABLE configs (
  id ${e.id},
  key TEXT NOT NULL UNIQUE,
  value TEXT NOT NULL DEFAULT '',
  type TEXT NOT NULL DEFAULT 'str',
  public ${e.int} NOT NULL DEFAULT 1,
  description TEXT NOT NULL DEFAULT ''
);

CREATE TABLE secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE graphs (
  id ${e.id},
  name TEXT NOT NULL,
  domain TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);${e.onPostgres(`
-- The seed, the demo graphs and the synthetic-graph generator insert graphs with their own
-- ids (245, 246, …): the next graph without one must come after them, as on SQLite.
CREATE FUNCTION kg_graphs_sync_identity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kg_sync_identity('graphs');
  RETURN NULL;
END
$$;
CREATE TRIGGER graphs_sync_identity AFTER INSERT ON graphs
  FOR EACH STATEMENT EXECUTE FUNCTION kg_graphs_sync_identity();`)}

CREATE TABLE audit_log (
  id ${e.id},
  at TEXT NOT NULL DEFAULT ${e.nowDefault},
  user_id ${e.int},
  username TEXT NOT NULL DEFAULT '',
  action TEXT NOT NULL,
  resource TEXT NOT NULL,
  record_id TEXT,
  before_json TEXT,
  after_json TEXT
);
CREATE INDEX audit_log_at ON audit_log(at);

CREATE TABLE client_errors (
  id ${e.id},
  at TEXT NOT NULL DEFAULT ${e.nowDefault},
  user_id ${e.int},
  username TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL,
  info TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT ''
);
`,
);
