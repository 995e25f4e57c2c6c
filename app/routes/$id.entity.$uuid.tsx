import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { NotYetAvailable } from "~/components/not-yet-available";
import { StandaloneHeader } from "~/components/layout/standalone-header";
import { requireViewer } from "~/utils/guard.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta("nav.entity");

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return data({ username: viewer.info.username });
}

/** The standalone entity page (spec §2): its own header, no public layout. */
export default function EntityPage() {
  const { username } = useLoaderData<typeof loader>();
  return (
    <>
      <StandaloneHeader username={username} />
      <main className="pub-main">
        <NotYetAvailable title="nav.entity" />
        <Outlet />
      </main>
    </>
  );
}
