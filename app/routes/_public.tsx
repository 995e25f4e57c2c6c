import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BackToTop } from "~/components/layout/back-to-top";
import { Main, SkipLink } from "~/components/layout/main-landmark";
import { PublicHeader } from "~/components/layout/public-header";
import { isWhitelisted } from "~/navigation";
import { platformFor } from "~/auth/platform.server";
import { useRootData } from "~/root-data";
import { loadGraphs } from "~/kg/graphs.server";
import { getOptionalViewer, pagePath, requireViewer } from "~/auth/guard.server";
import { commitSession, getSession } from "~/auth/session.server";
import { activeGraph } from "~/preferences.server";

/** The public layout of spec §2: header with the graph picker, footer, back-to-top. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const path = pagePath(request);
  const viewer = isWhitelisted(path)
    ? await getOptionalViewer(request)
    : await requireViewer(request);
  const api = viewer?.api ?? (await platformFor(request));
  const session = await getSession(request);
  const kgId = await activeGraph(request, params);
  const graphs = await loadGraphs(api);
  const headers = new Headers();
  // Spec §2: the last chosen graph is remembered.
  if (session.get("kgId") !== kgId && graphs.some((g) => g.id === kgId)) {
    session.set("kgId", kgId);
    headers.append("Set-Cookie", await commitSession(session));
  }
  return data({ graphs, kgId, username: viewer?.info.username ?? null }, { headers });
}

export default function PublicLayout() {
  const { graphs, kgId, username } = useLoaderData<typeof loader>();
  const root = useRootData();
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <PublicHeader
        graphs={graphs}
        kgId={kgId}
        username={username}
        productTitle={root?.config.productTitle ?? ""}
      />
      <Main className="pub-main">
        <Outlet />
      </Main>
      <footer className="pub-footer">
        {root?.config.showLogo && (
          <span data-testid="footer-credit">
            {t("layout.credit")} <Link to="/">{root.config.productTitle}</Link>
          </span>
        )}
      </footer>
      <BackToTop />
    </>
  );
}
