import { data, redirect } from "@remix-run/node";
import type { Captcha, CaptchaKind } from "@contract/auth";
import { PlatformError, PlatformUnavailable } from "~/platform-client/client.server";
import { authApi, type LoginAnswer } from "~/platform-client/auth.server";
import { platformFor } from "~/auth/platform.server";
import { validateCsrf } from "~/auth/csrf.server";
import { getOptionalViewer } from "~/auth/guard.server";
import { safeRedirect } from "~/utils/redirect";
import { commitSession, getSession } from "~/auth/session.server";
import { getFixedT } from "~/i18next.server";
import { readForm } from "~/http/form.server";
import { holdForDocument } from "~/utils/held.server";

/** The login page's loader and action (spec §4, §7): captcha, password login, single sign-on. */

/**
 * The image, or a question read as text for people who cannot see it (issue 12): chosen with
 * `?captcha=text` on the page, and kept by the form's hidden `captcha_kind` after a failed try.
 */
function captchaKind(raw: FormDataEntryValue | null): CaptchaKind {
  if (raw === null || raw === "" || raw === "image") return "image";
  if (raw === "text") return "text";
  throw new Response("captcha", { status: 400, statusText: "Bad Request" });
}

/**
 * A new captcha, or none when the platform gives none. Its image is in a page load's HTML
 * once, not also in the hydration data (`holdForDocument`, decision 039).
 */
async function newCaptcha(request: Request, kind: CaptchaKind): Promise<Captcha | null> {
  let captcha: Captcha;
  try {
    captcha = await authApi.captcha(await platformFor(request), kind);
  } catch {
    return null;
  }
  return captcha.kind === "image" ? { ...captcha, image: holdForDocument(captcha.image) } : captcha;
}

/** Keeps the platform's token in the session and goes where the user was going. */
async function startSession(
  request: Request,
  result: LoginAnswer,
  redirectTo: string,
  ticket?: string,
) {
  const session = await getSession(request);
  session.set("token", result.token);
  session.set("csrf", result.csrf_token);
  session.set("uid", result.user_id);
  if (ticket) session.set("sso", ticket);
  else session.unset("sso");
  return redirect(redirectTo, { headers: { "Set-Cookie": await commitSession(session) } });
}

/** What the session keeps of a ticket: enough to know it again, useless as a ticket. */
async function ticketDigest(ticket: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(ticket));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Spec §7 single sign-on: `/login?ticket=…[&redirect=…]` logs in with a ticket another system
 * (or another terminal) had the platform issue (POST /api/common/users/ssoticket/), then goes
 * to `redirect`. A refused ticket shows the login form with the platform's reason.
 */
async function ticketLogin(request: Request, ticket: string, redirectTo: string) {
  const digest = await ticketDigest(ticket);
  // The same browser asking the ticket's URL again, with the session that ticket started: go
  // on. Chromium does so by itself when the page the login lands on asks for a client hint it
  // had not sent (Critical-CH, app/entry.server.tsx): it restarts the navigation from its
  // first URL, the spent ticket's, which would otherwise show 登录凭证无效或已过期.
  const session = await getSession(request);
  if (session.get("token") && session.get("sso") === digest) return redirect(redirectTo);
  const t = await getFixedT(request);
  let result: LoginAnswer;
  try {
    result = await authApi.ssoLogin(await platformFor(request), ticket);
  } catch (e) {
    if (!(e instanceof PlatformError || e instanceof PlatformUnavailable)) throw e;
    const error = e instanceof PlatformError ? e.detail || t("operationFailed") : t("serviceError");
    return data(
      { captcha: await newCaptcha(request, "image"), error },
      { status: e instanceof PlatformError ? e.status : 503 },
    );
  }
  return startSession(request, result, redirectTo, digest);
}

/** GET /login: a ticket's login, the dashboard for a logged-in user, else the form with a captcha. */
export async function loginPage(request: Request) {
  const params = new URL(request.url).searchParams;
  const ticket = params.get("ticket");
  if (ticket !== null)
    return ticketLogin(request, ticket, safeRedirect(params.get("redirect"), "/"));
  // A logged-in user who opens login goes to the dashboard (spec §4).
  if (await getOptionalViewer(request)) throw redirect("/dashboard");
  const captcha = await newCaptcha(request, captchaKind(params.get("captcha")));
  return data<{ captcha: Captcha | null; error?: string }>({ captcha });
}

export type LoginResult = {
  error?: string;
  fieldErrors?: Record<string, string>;
  username?: string;
  captcha: Captcha | null;
};

/** POST /login: a new captcha (intent=refresh), or the login. */
export async function login(request: Request) {
  const form = await readForm(request);
  await validateCsrf(request, form);
  const t = await getFixedT(request);
  const username = String(form.get("username") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const captcha = String(form.get("captcha") ?? "").trim();
  const captchaId = String(form.get("captcha_id") ?? "");
  const redirectTo = safeRedirect(form.get("redirect"), "/");
  const kind = captchaKind(form.get("captcha_kind"));

  if (form.get("intent") === "refresh") {
    return data<LoginResult>({ username, captcha: await newCaptcha(request, kind) });
  }
  const fieldErrors: Record<string, string> = {};
  if (!username) fieldErrors.username = t("login.username");
  if (!password) fieldErrors.password = t("login.password");
  if (!captcha) fieldErrors.captcha = t("login.captcha");
  if (Object.keys(fieldErrors).length) {
    return data<LoginResult>(
      { fieldErrors, username, captcha: await newCaptcha(request, kind) },
      { status: 400 },
    );
  }

  // Only the platform call is in the try: once the token is issued, nothing of the console's own may pass for a platform failure.
  let result: LoginAnswer;
  try {
    result = await authApi.login(await platformFor(request), {
      username,
      password,
      captcha_id: captchaId,
      captcha,
    });
  } catch (e) {
    if (!(e instanceof PlatformError || e instanceof PlatformUnavailable)) throw e;
    const error = e instanceof PlatformError ? e.detail || t("operationFailed") : t("serviceError");
    return data<LoginResult>(
      { error, username, captcha: await newCaptcha(request, kind) },
      { status: e instanceof PlatformError ? e.status : 503 },
    );
  }
  return startSession(request, result, redirectTo);
}
