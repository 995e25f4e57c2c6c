import { redirect } from "@remix-run/node";
import { isWhitelisted, pathAllowed } from "~/navigation";
import { PlatformError, PlatformUnavailable } from "~/platform-client/client.server";
import { forbidden, serviceUnavailable } from "~/http/page.server";
import {
  currentPath,
  platformFor,
  redirectToLogin,
  signedOut,
  type SessionClient,
} from "./platform.server";
import { cachedViewerInfo } from "~/platform-client/info-cache.server";
import { embeddedStoreVersion } from "~/platform-client/transport.server";
import { platformApiUrl } from "~/env.server";
import { validateCsrf } from "~/auth/csrf.server";
import { rolesOf, type UserInfo } from "~/utils/roles";
import { authApi } from "~/platform-client/auth.server";
import { getSession } from "~/auth/session.server";

export const PASSWORD_PATH = "/backend/profile/password";

export interface Viewer {
  info: UserInfo;
  /** The roles the menus and route checks use (the previewed role's, while an admin previews one). */
  roles: string[];
  /** The user's own roles. */
  ownRoles: string[];
  previewRole?: string;
  api: SessionClient;
}

export { serviceUnavailable };

export function pagePath(request: Request) {
  return new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/";
}

const infoMemo = new WeakMap<Request, Promise<UserInfo>>();

async function fetchInfo(request: Request, api: SessionClient): Promise<UserInfo> {
  let p = infoMemo.get(request);
  if (!p) {
    // Kept per token for a few seconds (info-cache.server.ts). Shared between requests, so a
    // refusal is turned into this request's own redirect below, not a Response made for another.
    p = embeddedStoreVersion(platformApiUrl()).then((version) =>
      cachedViewerInfo(api.session.get("token") ?? "", () => authApi.info(api), version),
    );
    infoMemo.set(request, p);
  }
  try {
    return await p;
  } catch (e) {
    if (e instanceof PlatformUnavailable) throw serviceUnavailable();
    if (e instanceof PlatformError && e.status === 401)
      await redirectToLogin(request, e.detail || (await signedOut(request)));
    throw e;
  }
}

/** The logged-in user when there is one (for whitelisted pages), never redirecting. */
export async function getOptionalViewer(request: Request): Promise<Viewer | null> {
  const api = await platformFor(request);
  if (!api.session.get("token")) return null;
  try {
    const token = api.session.get("token")!;
    const info = await cachedViewerInfo(
      token,
      () => authApi.info(api),
      await embeddedStoreVersion(platformApiUrl()),
    );
    const roles = rolesOf(info);
    return { info, roles, ownRoles: roles, api };
  } catch {
    return null;
  }
}

/**
 * The navigation guard of spec §4, run by every protected loader and action:
 * no token → /login?redirect=path+query; the platform refusing the token → the same with
 * its message; first-time or expired password → the Password page; a route the roles do
 * not open → 403. Writes must also carry the console's anti-forgery token.
 */
export async function requireViewer(
  request: Request,
  opts: {
    formData?: FormData;
    /**
     * The page whose roles a route under it also needs: its dialogs, exports and streams,
     * which the navigation table does not list.
     */
    page?: string;
    /**
     * The admin layout's own check: the login and password rules only, so a page the roles do
     * not open is refused inside the layout's shell (see `mayOpen`), not instead of it.
     */
    layout?: boolean;
  } = {},
): Promise<Viewer> {
  const path = pagePath(request);
  const api = await platformFor(request);
  const session = api.session;
  if (!session.get("token")) {
    throw redirect(`/login?redirect=${encodeURIComponent(currentPath(request))}`);
  }
  if (request.method !== "GET" && request.method !== "HEAD")
    await validateCsrf(request, opts.formData);
  const info = await fetchInfo(request, api);
  if (path !== PASSWORD_PATH) {
    if (info.profile?.need_init_password) throw redirect(`${PASSWORD_PATH}?type=init`);
    if (info.profile?.password_expired) throw redirect(`${PASSWORD_PATH}?type=expired`);
  }
  const ownRoles = rolesOf(info);
  const preview = ownRoles.includes("admin")
    ? (await getSession(request)).get("previewRole")
    : undefined;
  const roles = preview ? preview.codenames : ownRoles;
  if (!opts.layout && (!mayOpen(path, roles) || (opts.page && !pathAllowed(opts.page, roles)))) {
    throw forbidden();
  }
  return { info, roles, ownRoles, previewRole: preview?.name, api };
}

/** Whether these roles open the page at this path (spec §4 route roles; whitelisted pages are open). */
export function mayOpen(path: string, roles: string[]): boolean {
  return isWhitelisted(path) || pathAllowed(path, roles);
}

/** A parent route's redirect (spec §2), to its target or else to the first child these roles open. */
export async function redirectToChild(request: Request, parentPath: string) {
  const { matchNav, itemVisible, firstAllowedPath, filterNav } = await import("~/navigation");
  const viewer = await requireViewer(request);
  const parent = matchNav(parentPath).at(-1);
  const target = parent?.redirect;
  if (target && matchNav(target).every((i) => itemVisible(i, viewer.roles))) throw redirect(target);
  const fallback = parent?.children
    ? firstAllowedPath(viewer.roles, filterNav(viewer.roles, parent.children))
    : undefined;
  throw redirect(fallback ?? "/dashboard");
}
