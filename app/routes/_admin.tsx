import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Outlet,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { AdminShell } from "~/components/layout/admin-shell";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { ErrorPage } from "~/components/ui/error-page";
import { filterNav } from "~/navigation";
import { useRootData } from "~/root-data";
import { mayOpen, pagePath, requireViewer } from "~/auth/guard.server";
import { commitSession, getSession } from "~/auth/session.server";
import { previewGroups as groupsToPreview } from "~/auth/account.server";
import { statusOf, statusTitle } from "~/utils/meta";

/** How many recently visited pages the tags view keeps. */
const MAX_TAGS = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  // The page's own roles are checked here too, but a refusal is drawn inside the shell (with
  // the menu the viewer may use) rather than thrown past it; the page's loader refuses as well.
  const viewer = await requireViewer(request, { layout: true });
  const denied = !mayOpen(pagePath(request), viewer.roles);
  const session = await getSession(request);
  let previewGroups: { id: number; name: string }[] | undefined;
  if (viewer.ownRoles.includes("admin")) {
    // Spec §4 role switch, as an admin-only preview of another group's menu.
    previewGroups = await groupsToPreview(viewer.api);
  }
  const headers = new Headers();
  const tagsView = session.get("tagsView") === true;
  let tags: string[] = [];
  if (tagsView) {
    const here = pagePath(request);
    const known = session.get("tags") ?? [];
    tags = known.includes(here) ? known : [...known, here].slice(-MAX_TAGS);
    if (tags !== known) {
      session.set("tags", tags);
      headers.append("Set-Cookie", await commitSession(session));
    }
  }
  return data(
    {
      tagsView,
      tags,
      // The menu is the roles' (filterNav): the client works it out from them, so the page's
      // hydration data does not carry the whole nav tree as well (issue 25, decision 034).
      roles: viewer.roles,
      username: viewer.info.username,
      sidebar: session.get("sidebar") ?? "open",
      previewRole: viewer.previewRole,
      previewGroups,
      minimal: !!(viewer.info.profile?.need_init_password || viewer.info.profile?.password_expired),
      denied,
    },
    { headers, status: denied ? 403 : 200 },
  );
}

/**
 * The title when the layout draws an error in its shell (a refused page, or its boundary); an
 * admin page that renders sets its own title.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  const status = error ? statusOf(error) : data?.denied ? 403 : 0;
  return status ? statusTitle(matches, status) : [];
};

/** The tags view follows every navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

function Shell({ children }: { children: React.ReactNode }) {
  const d = useRouteLoaderData<typeof loader>("routes/_admin");
  const root = useRootData();
  // The layout's loader failed (the platform is down…): the page's error alone.
  if (!d) return <>{children}</>;
  return (
    <AdminShell
      nav={filterNav(d.roles)}
      sidebar={d.sidebar}
      username={d.username}
      productTitle={root?.config.productTitle ?? ""}
      previewRole={d.previewRole}
      previewGroups={d.previewGroups}
      minimal={d.minimal}
      size={root?.size}
      tagsView={d.tagsView}
      tags={d.tags}
    >
      {children}
    </AdminShell>
  );
}

export default function AdminLayout() {
  const { denied } = useLoaderData<typeof loader>();
  return <Shell>{denied ? <ErrorPage status={403} /> : <Outlet />}</Shell>;
}

/** An admin page's error (403, 404, 500…) without a boundary of its own, inside the shell. */
export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary />
    </Shell>
  );
}
