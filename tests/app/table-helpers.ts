import { getSession } from "~/auth/session.server";
import { browser, get, post, run, type BrowserState } from "../helpers/console";
import { createUserWithToken, type TestPlatform } from "../helpers/platform";

export { browser, get, post, run };

/** Loader/action arguments as Remix passes them. */
export const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});

/** The flash toast a redirect carries in its session cookie (post/redirect/get). */
export async function flashOf(response: Response | undefined) {
  const cookie = response?.headers.get("Set-Cookie");
  if (!cookie) return undefined;
  const session = await getSession(
    new Request("http://console.test/", { headers: { Cookie: cookie.split(";")[0] } }),
  );
  return session.get("toast") as { type: string; message: string } | undefined;
}

/** A browser (Chinese chosen, as the spec's messages are) logged in as a fresh platform user with exactly these codenames. */
export async function as(
  p: TestPlatform,
  name: string,
  codenames: string[],
): Promise<BrowserState & { id: number; token: string }> {
  const user = await createUserWithToken(p.ctx, name, codenames);
  return { ...(await browser(user, { lng: "zh" })), id: user.id, token: user.token };
}

/** A multipart POST with a file, as a browser sends a file input. */
export function upload(
  path: string,
  state: BrowserState,
  fields: Record<string, string>,
  file?: { name: string; content: string | Buffer; type?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      "file",
      new File(
        [typeof file.content === "string" ? file.content : new Uint8Array(file.content)],
        file.name,
        { type: file.type ?? "text/csv" },
      ),
    );
  return post(path, state, form);
}

export const location = (r: { response?: Response }) => r.response?.headers.get("Location");
