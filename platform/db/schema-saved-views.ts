import { bothEngines } from "./both-engines.js";

/**
 * Saved views (issue 23 item 3, decision 026): a named view of a graph page — its kind
 * (`path`, `explore`) and its URL query string — owned by a user and shared, read-only, with
 * groups. What the view showed when it was saved (`shown`, JSON: the entities' uuids and names,
 * the relations' ids and labels) lets opening it say what today's data no longer holds.
 */
export const savedViewsSchema = bothEngines(
  (e) => /* sql */ `
CREATE TABLE kg_saved_views (
  id ${e.id},
  graph_id ${e.int} NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  owner_id ${e.int} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('path', 'explore')),
  query TEXT NOT NULL,
  shown TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX kg_saved_views_owner ON kg_saved_views(owner_id, id);
CREATE INDEX kg_saved_views_graph ON kg_saved_views(graph_id, id);
CREATE TABLE kg_saved_view_groups (
  view_id ${e.int} NOT NULL REFERENCES kg_saved_views(id) ON DELETE CASCADE,
  group_id ${e.int} NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  PRIMARY KEY (view_id, group_id)
);
CREATE INDEX kg_saved_view_groups_group ON kg_saved_view_groups(group_id, view_id);
`,
);
