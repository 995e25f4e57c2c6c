/**
 * Saved views (issue 23 item 3, decision 026; docs/api.md "Saved views"): a named view of a
 * graph page, owned by one user and shared read-only with groups.
 */

/** The pages a view can be of: the path search and the exploration. */
export type SavedViewKind = "path" | "explore";

/** What the view showed when it was saved: entities (uuid, name) and relations (id, label). */
export interface SavedViewShown {
  entities: { uuid: string; name: string }[];
  relations: { id: number; label: string }[];
}

export interface SavedView {
  id: number;
  graph: number;
  name: string;
  kind: SavedViewKind;
  /** The page's URL query string, without `?`. */
  query: string;
  owner: { id: number; username: string };
  /** The groups it is shared with (the owner's view of them; empty for the others). */
  groups: { id: number; name: string }[];
  /** The viewer owns it: may rename, re-share and delete it. */
  mine: boolean;
  created_at: string;
  updated_at: string;
}

/** GET /kg/views/: the viewer's views and those shared with their groups, of graphs they may read. */
export interface SavedViewList {
  mine: SavedView[];
  shared: SavedView[];
  /** The groups the viewer may share with (their own; every group for an admin). */
  groups: { id: number; name: string }[];
}

/** GET /kg/views/{id}/: the view, and what it showed that today's data no longer holds. */
export interface SavedViewOpen extends SavedView {
  shown: SavedViewShown;
  missing: SavedViewShown;
}
