import { redirect } from "@remix-run/node";
import {
  createPlatformClient,
  type PlatformClient,
  type PlatformError,
} from "~/platform-client/client.server";
import { translate, type Lng } from "~/i18n";
import { getLocale } from "~/i18next.server";
import {
  clearLogin,
  commitSession,
  flash,
  getSession,
  type ConsoleSession,
} from "./session.server";

/** The platform client of one request, with the session it was made from (for flashes). */
export interface SessionClient extends PlatformClient {
  session: ConsoleSession;
  /** The page's language: the platform answers in it, and so do the console's own messages. */
  lng: Lng;
}

/** The platform's words when it refuses a token without saying why, in the page's language. */
export const signedOut = async (request: Request) =>
  translate(await getLocale(request), "sessionExpired");

/** Where the user was going, for the login redirect: path and query of the page (not of a data request). */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  const p = url.pathname.replace(/\.data$/, "") || "/";
  const q = url.searchParams.toString();
  return q ? `${p}?${q}` : p;
}

/** Clears the login and sends the user to /login with a redirect back here and the platform's reason. */
export async function redirectToLogin(request: Request, message?: string): Promise<never> {
  const session = await getSession(request);
  clearLogin(session);
  if (message) flash(session, "error", message);
  throw redirect(`/login?redirect=${encodeURIComponent(currentPath(request))}`, {
    headers: { "Set-Cookie": await commitSession(session) },
  });
}

/**
 * The platform client of a request: the session's token and anti-forgery token, the browser's
 * address; a 401 from the platform becomes the login redirect here and nowhere else.
 */
export async function platformFor(request: Request): Promise<SessionClient> {
  const session = await getSession(request);
  const lng = await getLocale(request, session);
  const client = createPlatformClient(
    {
      token: session.get("token"),
      csrf: session.get("csrf"),
      clientIp: request.headers.get("x-console-client-ip"),
      lng,
    },
    {
      onUnauthorized: async (e: PlatformError) =>
        redirectToLogin(request, e.detail || (await signedOut(request))),
    },
  );
  return { ...client, session, lng };
}
