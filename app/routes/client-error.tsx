import type { ActionFunctionArgs } from "@remix-run/node";
import { platformFor } from "~/auth/platform.server";
import { readForm } from "~/http/form.server";

/**
 * Spec §8: the browser reports uncaught runtime errors here (a beacon, so no form token);
 * they are stored by the platform with the user when logged in, and listed for admins.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await platformFor(request);
  const cap = (v: FormDataEntryValue | null, n: number) => String(v ?? "").slice(0, n);
  await api
    .post(
      "/common/clienterrors/",
      {
        error: cap(form.get("error"), 4000),
        info: cap(form.get("info"), 1000),
        url: cap(form.get("url"), 1000),
      },
      { on401: "throw" },
    )
    .catch(() => undefined);
  // A plain response: the beacon reads nothing back, and a resource route that returned data
  // made Remix print a deprecation warning to the server's log for every report.
  return new Response(null, { status: 202 });
}
