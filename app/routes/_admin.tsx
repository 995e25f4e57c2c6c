import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/layout/admin-shell";
import { filterNav } from "~/navigation";
import type { loader as rootLoader } from "~/root";
import { requireViewer } from "~/utils/guard.server";
import { getSession } from "~/utils/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const session = await getSession(request);
  let previewGroups: { id: number; name: string }[] | undefined;
  if (viewer.ownRoles.includes("admin")) {
    // Spec §4 role switch, as an admin-only preview of another group's menu.
    previewGroups = await viewer.api
      .get<{ results: { id: number; name: string }[] }>("/common/groups/", { page_size: 50 })
      .then((r) => r.results.map((g) => ({ id: g.id, name: g.name })))
      .catch(() => []);
  }
  return data({
    nav: filterNav(viewer.roles),
    roles: viewer.roles,
    username: viewer.info.username,
    sidebar: session.get("sidebar") ?? "open",
    previewRole: viewer.previewRole,
    previewGroups,
    minimal: !!(viewer.info.profile?.need_init_password || viewer.info.profile?.password_expired),
  });
}

export default function AdminLayout() {
  const d = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <AdminShell
      nav={d.nav}
      sidebar={d.sidebar}
      username={d.username}
      productTitle={root?.config.productTitle ?? ""}
      previewRole={d.previewRole}
      previewGroups={d.previewGroups}
      minimal={d.minimal}
      size={root?.size}
    >
      <Outlet />
    </AdminShell>
  );
}
