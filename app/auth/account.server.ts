import { redirect } from "@remix-run/node";
import { PlatformError } from "~/platform-client/client.server";
import { authApi } from "~/platform-client/auth.server";
import { platformFor, type SessionClient } from "./platform.server";
import { clearLogin, commitSession } from "./session.server";

/**
 * The account's platform calls outside the login page (routes only wire, issue 24): logout,
 * the password rule and change, the admin's role preview, the browser's error reports.
 */

/**
 * Spec §4 logout: the platform ends the token (a refusal changes nothing), the console forgets
 * token, id, name and roles, and the user lands on /login with redirect = the page they were on.
 */
export async function logout(request: Request, back: string) {
  const api = await platformFor(request);
  if (api.session.get("token")) await authApi.logout(api).catch(() => undefined);
  clearLogin(api.session);
  return redirect(`/login?redirect=${encodeURIComponent(back)}`, {
    headers: { "Set-Cookie": await commitSession(api.session) },
  });
}

/**
 * Spec §7 POST /users/valid/ with {new_password}: the platform's reason a new password would be
 * refused, or null when it meets the rule (docs/api.md).
 */
export async function passwordWeakness(api: SessionClient, candidate: string) {
  try {
    await authApi.checkPassword(api, candidate);
    return null;
  } catch (e) {
    if (e instanceof PlatformError && e.code === "password_weak") return e.detail ?? null;
    throw e;
  }
}

/**
 * Spec §7 PATCH /users/password/: first-time init (no old password) or an ordinary change. The
 * new password is asked about first (users/valid), so its reason stands under the field with
 * JavaScript or without: "fields" when `fieldErrors` (the form's own, and that reason) refuse it,
 * the platform's refusal, or null when the password was changed.
 */
export async function changePassword(
  api: SessionClient,
  body: { old_password?: string; new_password: string; confirm_password: string },
  fieldErrors: Record<string, string>,
): Promise<"fields" | { status: number; detail?: string } | null> {
  try {
    const weakness = body.new_password && (await passwordWeakness(api, body.new_password));
    if (weakness) fieldErrors.new_password = weakness;
    if (Object.keys(fieldErrors).length) return "fields";
    await authApi.changePassword(api, body);
    return null;
  } catch (e) {
    if (e instanceof PlatformError) return { status: e.status, detail: e.detail };
    throw e;
  }
}

/** The groups an admin may preview the menu of (spec §4 role switch); none when unreadable. */
export const previewGroups = (api: SessionClient) =>
  authApi
    .groups(api, 50)
    .then((r) => r.results.map((g) => ({ id: g.id, name: g.name })))
    .catch(() => []);

/** A group's name and codenames, for the admin's preview of its menu. */
export async function groupCodenames(api: SessionClient, id: string) {
  const group = await authApi.group(api, id);
  const codenames = (group.permissions ?? []).map((p) => (typeof p === "string" ? p : p.codename));
  return { name: group.name, codenames };
}

/** Spec §8: a browser's uncaught error, stored by the platform (with the user when logged in); never fails. */
export async function reportClientError(request: Request, form: FormData) {
  const cap = (v: FormDataEntryValue | null, n: number) => String(v ?? "").slice(0, n);
  await authApi
    .reportClientError(await platformFor(request), {
      error: cap(form.get("error"), 4000),
      info: cap(form.get("info"), 1000),
      url: cap(form.get("url"), 1000),
    })
    .catch(() => undefined);
}
