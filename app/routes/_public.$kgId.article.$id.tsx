import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArticleView } from "~/components/kg/article-view";
import { kgLinks } from "~/components/kg/styles";
import { requireViewer } from "~/auth/guard.server";
import { dynamicTitle } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { requireGraphId } from "~/kg/graphs.server";
import { loadArticle } from "~/kg/articles.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  dynamicTitle(matches, data?.article.title ?? "404");
export const links = kgLinks;

/** The article index (spec §2 :kgId/article/:id): an article of this graph; one of another graph is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = requireGraphId(params.kgId);
  return data(await loadArticle(request, viewer.api, { kgId, id: params.id ?? "" }));
}

export default function GraphArticlePage() {
  const { article, highlight, colors } = useLoaderData<typeof loader>();
  return <ArticleView article={article} highlight={highlight} colors={colors} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
