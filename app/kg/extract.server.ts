import { redirect } from "@remix-run/node";
import { PlatformError, type PlatformClient } from "~/platform-client/client.server";
import { colorFor } from "~/charts/theme";
import { graphOption } from "~/charts/graph-options";
import { chartSpec } from "../charts/render.server";
import { chartScheme } from "~/preferences.server";
import { MAX_TEXT_LENGTH } from "./limits";
import { entityHref } from "./links";
import type { ExtractAnswer } from "@contract/kg";
import { classColors } from "~/kg/graphs.server";
import { orPageError } from "~/http/page.server";
import { kgApi } from "~/platform-client/kg.server";

export type ExtractOutcome =
  | {
      ok: true;
      text: string;
      result: ExtractAnswer;
      article: { id: number; title: string } | null;
      graph: Awaited<ReturnType<typeof resultGraph>>;
      colors: Record<string, string>;
    }
  | { ok: false; text: string; error: string; status: number };

/** What the user typed, refused before any call when empty or over the limit. */
export function checkText(
  text: string,
  t: (key: string, vars?: Record<string, unknown>) => string,
): string | null {
  if (text.trim().length === 0) return t("extract.empty");
  if (text.length > MAX_TEXT_LENGTH)
    return t("extract.tooLong", {
      max: MAX_TEXT_LENGTH.toLocaleString("en-US"),
      length: text.length.toLocaleString("en-US"),
    });
  return null;
}

export async function analyseText(
  request: Request | null,
  api: PlatformClient,
  kgId: number,
  text: string,
): Promise<ExtractOutcome> {
  try {
    const result = await kgApi.extract(api, kgId, { text });
    const colors = await classColors(api, kgId);
    return {
      ok: true,
      text,
      result,
      article: null,
      graph: await resultGraph(request, kgId, result, colors),
      colors,
    };
  } catch (e) {
    if (e instanceof PlatformError && e.status < 500)
      return { ok: false, text, error: e.detail ?? e.message, status: e.status };
    throw e;
  }
}

/** An article of the graph analysed: its own text, dated by its publication day (the platform does that). */
export async function analyseArticle(
  request: Request | null,
  api: PlatformClient,
  kgId: number,
  articleId: number,
): Promise<ExtractOutcome> {
  const article = await orPageError(kgApi.graphArticle(api, kgId, articleId));
  const [result, colors] = await Promise.all([
    kgApi.extract(api, kgId, { article_id: articleId }),
    classColors(api, kgId),
  ]);
  return {
    ok: true,
    text: article.content,
    result,
    article: { id: article.id, title: article.title },
    graph: await resultGraph(request, kgId, result, colors),
    colors,
  };
}

const SIZE = { width: 600, height: 420 };

/** The small graph of an analysis: the entities found, joined by the relations the text states, placed by the platform. */
async function resultGraph(
  request: Request | null,
  kgId: number,
  r: ExtractAnswer,
  colors: Record<string, string>,
) {
  if (r.layout.length === 0) return null;
  const entities = new Map<string, { name: string; type: string | null }>();
  for (const e of r.entities)
    if (!entities.has(e.entity_id)) entities.set(e.entity_id, { name: e.name, type: e.type });
  const nodes = r.layout.map((p) => ({ ...p, ...entities.get(p.id)! }));
  const categories = [...new Set(nodes.map((n) => n.type ?? "—"))].map((name) => ({
    name,
    color: colorFor(name, colors[name]),
  }));
  const option = graphOption(
    {
      categories,
      nodes: nodes.map((n) => ({
        id: n.id,
        name: n.name,
        category: n.type ?? "—",
        x: n.x,
        y: n.y,
        size: 20,
      })),
      links: r.relations
        .filter((x) => entities.has(x.subject.uuid) && entities.has(x.object.uuid))
        .map((x) => ({
          id: String(x.id),
          source: x.subject.uuid,
          target: x.object.uuid,
          label: x.predicate,
          strength: x.confidence,
        })),
    },
    SIZE,
    { directed: true, edgeLabels: true },
  );
  return {
    spec: await chartSpec(await chartScheme(request), option, SIZE.width, SIZE.height),
    nodeHrefs: nodes.map((n) => entityHref(kgId, n.id)),
  };
}

/**
 * intent "report": records a relation the analysis extracted (its sentence, ends and type) so
 * it can be reported, then sends the reader to the report form; back to the analysis of the
 * article it came from, if any. A refusal (the sentence no longer yields it) comes back as the
 * page's error.
 */
export async function reportExtraction(
  api: PlatformClient,
  kgId: number,
  form: FormData,
): Promise<ExtractOutcome> {
  const article = String(form.get("article_id") ?? "");
  const articleId = /^\d{1,12}$/.test(article) ? Number(article) : null;
  try {
    const ref = await kgApi.reportExtraction(api, {
      graph: kgId,
      sentence: String(form.get("sentence") ?? ""),
      subject: String(form.get("subject") ?? ""),
      predicate: String(form.get("predicate") ?? ""),
      object: String(form.get("object") ?? ""),
      article_id: articleId,
    });
    const back = articleId ? `/${kgId}/extract?article=${articleId}` : `/${kgId}/extract`;
    const query = new URLSearchParams({
      graph: String(ref.graph),
      kind: ref.kind,
      target: ref.target,
      redirect: back,
    });
    throw redirect(`/feedback/new?${query}`);
  } catch (e) {
    if (e instanceof PlatformError && e.status < 500)
      return { ok: false, text: "", error: e.detail ?? e.message, status: e.status };
    throw e;
  }
}
