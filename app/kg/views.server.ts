import { redirect } from "@remix-run/node";
import type { SavedView } from "@contract/views";
import { requireViewer, type Viewer } from "~/auth/guard.server";
import { readForm } from "~/http/form.server";
import { commitSession, flash } from "~/auth/session.server";
import { badIntent, notFound, orPageError, pageError, parseId } from "~/http/page.server";
import { getFixedT } from "~/i18next.server";
import { PlatformError } from "~/platform-client/client.server";
import { requireGraphId } from "./graphs.server";
import { kgApi } from "~/platform-client/kg.server";

/**
 * Saved views (issue 23 item 3, decision 026): the console's side of /api/kg/views/. Saving,
 * renaming, sharing and deleting are plain form posts; each ends in a redirect with a flash
 * message (post/redirect/get), a refusal in the platform's own words.
 */

/** Where a view of each kind opens: its page with the stored query and `view=` for the notice. */
export function viewPageHref(v: Pick<SavedView, "graph" | "kind" | "query" | "id">): string {
  const q = new URLSearchParams(v.query);
  q.set("view", String(v.id));
  return `/${v.graph}/${v.kind === "path" ? "path" : "explore"}?${q.toString()}`;
}

export const viewsHref = (kgId: number) => `/${kgId}/views`;

async function redirectWithFlash(viewer: Viewer, to: string): Promise<never> {
  throw redirect(to, { headers: { "Set-Cookie": await commitSession(viewer.api.session) } });
}

/** The `view` parameter of a page: absent, or an id (anything else is a 400). */
export function viewParam(url: URL): number | null {
  const raw = url.searchParams.get("view");
  if (raw === null) return null;
  const id = parseId(raw);
  if (id === null) throw new Response("view", { status: 400, statusText: "Bad Request" });
  return id;
}

/** A saved view of this graph (403/404 as the page's; one of another graph is a 404). */
export async function loadView(viewer: Viewer, kgId: number, id: number) {
  const v = await orPageError(kgApi.view(viewer.api, id));
  if (v.graph !== kgId) throw notFound();
  return v;
}

/** The saved view a page was opened from: its name and what it no longer finds (403/404 as the page's). */
export async function openedView(viewer: Viewer, kgId: number, id: number | null) {
  if (id === null) return null;
  const v = await loadView(viewer, kgId, id);
  return { id: v.id, name: v.name, mine: v.mine, owner: v.owner.username, missing: v.missing };
}

/** A page's "Save view" post: its form, viewer and graph (another intent is a 400). */
export async function saveViewPost(request: Request, kgIdParam: string | undefined) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { formData: form });
  const kgId = requireGraphId(kgIdParam);
  if (form.get("intent") !== "save-view") throw badIntent(form.get("intent"));
  return { form, viewer, kgId };
}

/** The form's name field; the page's own query (from the page, never from the browser's choice of kind). */
export async function saveView(
  request: Request,
  viewer: Viewer,
  kgId: number,
  kind: SavedView["kind"],
  query: string,
  form: FormData,
  /** What an exploration shows (a path view's is read by the platform itself). */
  shown?: { entities: string[]; relations: number[] },
): Promise<{ error: string; name: string }> {
  const t = await getFixedT(request, "kg");
  const name = String(form.get("name") ?? "");
  try {
    const v = await kgApi.createView(viewer.api, {
      graph: kgId,
      kind,
      name,
      query,
      ...shown,
    });
    flash(viewer.api.session, "success", t("views.saved", { name: v.name }));
  } catch (e) {
    if (e instanceof PlatformError && e.status === 400) return { error: e.detail ?? "", name };
    throw pageError(e);
  }
  return redirectWithFlash(viewer, viewsHref(kgId));
}

export async function loadViews(viewer: Viewer, kgId: number) {
  return orPageError(kgApi.views(viewer.api, kgId));
}

/** Rename, share or delete (owner only: the platform refuses anyone else with a 403). */
export async function viewAction(request: Request, viewer: Viewer, kgId: number, form: FormData) {
  const t = await getFixedT(request, "kg");
  const intent = String(form.get("intent") ?? "");
  const id = parseId(String(form.get("id") ?? ""));
  if (!["rename", "share", "delete"].includes(intent)) throw badIntent(intent);
  if (id === null) throw new Response("id", { status: 400, statusText: "Bad Request" });
  try {
    if (intent === "rename") {
      const v = await kgApi.updateView(viewer.api, id, { name: String(form.get("name") ?? "") });
      flash(viewer.api.session, "success", t("views.renamed", { name: v.name }));
    } else if (intent === "share") {
      const groups = form
        .getAll("groups")
        .map(String)
        .filter((g) => g !== "");
      const v = await kgApi.updateView(viewer.api, id, { groups });
      flash(
        viewer.api.session,
        "success",
        v.groups.length
          ? t("views.sharedWith", { name: v.name, groups: v.groups.map((g) => g.name).join("、") })
          : t("views.unshared", { name: v.name }),
      );
    } else {
      await kgApi.deleteView(viewer.api, id);
      flash(viewer.api.session, "success", t("views.deleted"));
    }
  } catch (e) {
    if (!(e instanceof PlatformError) || ![400, 403, 404].includes(e.status)) throw pageError(e);
    flash(viewer.api.session, "error", e.detail ?? t("views.failed"));
  }
  return redirectWithFlash(viewer, viewsHref(kgId));
}
