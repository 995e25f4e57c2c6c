import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLng } from "~/i18n";
import { validateCsrf } from "~/auth/csrf.server";
import { requireViewer } from "~/auth/guard.server";
import { groupCodenames } from "~/auth/account.server";
import { safeRedirect } from "~/utils/redirect";
import { commitSession, getSession } from "~/auth/session.server";
import { readForm } from "~/http/form.server";
import { isSchemePreference } from "~/utils/color-scheme";

/**
 * UI preferences kept in the session cookie (spec §3 stored client state): language,
 * sidebar open/closed, element size, colour scheme, the tags view, and the admin's role preview. Plain form posts that
 * redirect back, so every switch works without JavaScript; fetchers get JSON.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  await validateCsrf(request, form);
  const session = await getSession(request);
  const back = safeRedirect(form.get("redirectTo"), "/");

  const lng = form.get("lng");
  const sidebar = form.get("sidebar");
  const size = form.get("size");
  const scheme = form.get("scheme");
  const preview = form.get("preview");
  const tagsView = form.get("tagsView");
  const closeTag = form.get("closeTag");

  if (lng !== null) {
    if (!isLng(lng)) throw data({ error: "unsupported language" }, { status: 400 });
    session.set("lng", lng);
  } else if (sidebar !== null) {
    if (sidebar !== "open" && sidebar !== "closed")
      throw data({ error: "bad sidebar state" }, { status: 400 });
    session.set("sidebar", sidebar);
  } else if (scheme !== null) {
    if (!isSchemePreference(scheme)) throw data({ error: "bad colour scheme" }, { status: 400 });
    session.set("scheme", scheme);
  } else if (size !== null) {
    if (size !== "sm" && size !== "md" && size !== "lg")
      throw data({ error: "bad size" }, { status: 400 });
    session.set("size", size);
  } else if (tagsView !== null) {
    session.set("tagsView", tagsView === "on");
  } else if (closeTag !== null) {
    session.set(
      "tags",
      (session.get("tags") ?? []).filter((t) => t !== closeTag),
    );
  } else if (preview !== null) {
    const viewer = await requireViewer(
      new Request(new URL("/dashboard", request.url), { headers: request.headers }),
    );
    if (!viewer.ownRoles.includes("admin")) throw new Response("Forbidden", { status: 403 });
    if (preview === "") {
      session.unset("previewRole");
    } else {
      const group = await groupCodenames(viewer.api, String(preview));
      const codenames = group.codenames;
      session.set("previewRole", {
        name: group.name,
        codenames: codenames.length ? codenames : ["default"],
      });
    }
  } else {
    throw data({ error: "unknown preference" }, { status: 400 });
  }

  const headers = { "Set-Cookie": await commitSession(session) };
  if (request.headers.get("accept")?.includes("application/json"))
    return data({ ok: true }, { headers });
  return redirect(back, { headers });
}

export const loader = () => redirect("/");
