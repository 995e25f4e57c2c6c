import { orPageError } from "~/http/page.server";
import type { PlatformClient } from "~/platform-client/client.server";
import { kgApi } from "~/platform-client/kg.server";
import { classColors } from "./graphs.server";
import { parseSentence } from "./links";

/**
 * An article page's data: the article (404 when unknown, or of another graph when the path
 * names one), its colours, the sentence to highlight.
 */
export async function loadArticle(
  request: Request,
  api: PlatformClient,
  which: { kgId: number; id: string } | { id: string },
) {
  const article = await orPageError(
    "kgId" in which ? kgApi.graphArticle(api, which.kgId, which.id) : kgApi.article(api, which.id),
  );
  const colors = await classColors(api, article.graph_id);
  const highlight = parseSentence(new URL(request.url).searchParams.get("sent"));
  return { article, colors, highlight };
}
