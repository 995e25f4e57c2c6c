import { data, redirect } from "@remix-run/node";
import type { Viewer } from "~/auth/guard.server";
import { commitSession, flash } from "~/auth/session.server";
import { translate } from "~/i18n";
import { getFixedT } from "~/i18next.server";
import { PlatformError } from "~/platform-client/client.server";
import { canAccess } from "~/utils/roles";
import type { ActionError } from "./types";

/** The spec's words when the platform gives no reason. */
export const operationFailed = (lng: string) => translate(lng, "operationFailed");

/**
 * The action plumbing of the graph-administration screens (ontology, graphs, builds, jobs):
 * rights, form reading, and the post/redirect/get of a platform call, so each route stays
 * parse → call → render.
 */

export const adminT = (request: Request) => getFixedT(request, "admin");

export const can = (viewer: Viewer, codename: string) => canAccess(viewer.roles, [codename]);

/** What the viewer may do on the ontology screens. */
export function ontologyRights(viewer: Viewer) {
  return {
    create: can(viewer, "kg__ontology__create"),
    update: can(viewer, "kg__ontology__update"),
    remove: can(viewer, "kg__ontology__delete"),
  };
}

/** The page's URL without the open row editor (?edit=): where a successful save returns. */
export function pageWithoutEditor(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("edit");
  url.searchParams.delete("index");
  const q = url.searchParams.toString();
  return `${url.pathname.replace(/\.data$/, "")}${q ? `?${q}` : ""}`;
}

/** Rethrows what is not the platform refusing (redirects, outages); returns the refusal. */
export function platformRefusal(e: unknown): PlatformError {
  if (e instanceof PlatformError) return e;
  throw e;
}

/** Form text fields as an object (for re-rendering what the user typed). */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && k !== "csrf") out[k] = v;
  return out;
}

/**
 * Runs a platform call for an action: on success redirects (post/redirect/get) with a
 * flash message; on refusal returns the platform's message and field errors, with the
 * form's values, so the page shows them next to what the user typed.
 */
export async function mutate(
  viewer: Viewer,
  form: FormData,
  opts: {
    target: string;
    call: () => Promise<unknown>;
    success: string;
    redirectTo: string | ((result: unknown) => string);
  },
) {
  try {
    const result = await opts.call();
    flash(viewer.api.session, "success", opts.success);
    const to = typeof opts.redirectTo === "function" ? opts.redirectTo(result) : opts.redirectTo;
    return redirect(to, { headers: { "Set-Cookie": await commitSession(viewer.api.session) } });
  } catch (e) {
    const err = platformRefusal(e);
    const fieldErrors = (err.body?.errors ?? undefined) as Record<string, string[]> | undefined;
    return data<ActionError>(
      {
        error: err.detail ?? operationFailed(viewer.api.lng),
        fieldErrors,
        target: opts.target,
        values: formValues(form),
      },
      { status: err.status },
    );
  }
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};
const checked = (form: FormData, name: string) =>
  form.get(name) === "on" || form.get(name) === "1" || form.get(name) === "true";
const idsOf = (form: FormData, name: string) =>
  form
    .getAll(name)
    .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
    .map((v) => v.trim())
    .filter((v) => /^\d+$/.test(v))
    .map(Number);

export const formChecked = checked;
export const formText = text;
export { idsOf };
