import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArticleView } from "~/components/kg/article-view";
import { kgLinks } from "~/components/kg/styles";
import { requireViewer } from "~/auth/guard.server";
import { dynamicTitle } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { loadArticle } from "~/kg/articles.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  dynamicTitle(matches, data?.article.title ?? "404");
export const links = kgLinks;

/** The article page (spec §2 article/:artId): the article's own graph comes from the article. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return data(await loadArticle(request, viewer.api, { id: params.artId ?? "" }));
}

export default function ArticlePage() {
  const { article, highlight, colors } = useLoaderData<typeof loader>();
  return <ArticleView article={article} highlight={highlight} colors={colors} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
