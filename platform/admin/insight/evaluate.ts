import type { ModelType } from "@contract/insight";
import type { ExtractResult } from "@contract/kg";
import crypto from "node:crypto";
import type { PlatformContext } from "../../context.js";
import { analyzeText } from "../../kg/extract.js";
import { REPORT_CONFIDENCE } from "../../kg/event-model.js";
import type { Knowledge } from "../../kg/knowledge.js";
import { graphOntology } from "../../kg/ontology.js";
import type { Outcome } from "./metrics.js";
import {
  articleIdsOf,
  articleText,
  goldEventReports,
  goldMentions,
  goldRelations,
  type ArticleText,
} from "./store/evaluate.js";

/**
 * Evaluation of the platform's extraction against the graph's own annotations.
 *
 * The gold set is what the store says an article contains: its entity mentions
 * (kg_entity_mentions), its event reports (kg_event_articles: the sentence and the event's
 * type) and the relations it states (kg_relations.article_id). Articles are split by a stable
 * hash of graph and id (isHeldOut): `holdout` percent are held out for evaluation, the rest
 * are the training articles. The prediction is analyzeText() run on the article's text with
 * only what the training articles teach (trainingKnowledge): the entities they mention and
 * the relations they state. A held-out article is never read by the dictionary that judges
 * it, so an entity or relation only the held-out texts know is missed, as it would be in a
 * new text; the figures are what the extraction does on unseen text, not a replay of the store.
 *
 * A model is that extraction plus a learned filter: a training run counts, on the training
 * articles, how often each prediction key (an entity's surface text, an event's trigger
 * word, a relation's predicate) was right, and suppresses keys that were wrong more often
 * than right. Evaluation applies the filter, so training changes real numbers.
 */

export interface Learned {
  /** Prediction keys the model drops. */
  suppress?: string[];
  trained_articles?: number;
  trained_at?: string;
}

/** A key is suppressed after at least this many training predictions... */
const MIN_EVIDENCE = 3;
/** ...of which fewer than this share were right. */
const MIN_PRECISION = 0.5;

type ArticleRow = ArticleText;

/** One prediction with the key a training run learns about, and whether it was right. */
interface Judged {
  key: string;
  correct: boolean;
}

export interface ArticleResult {
  outcomes: Outcome[];
  judged: Judged[];
}

/** Whether an article is held out, from a hash of graph and id: the same on every run and machine. */
export function isHeldOut(graphId: number, articleId: number, holdout: number): boolean {
  const h = crypto.createHash("sha1").update(`${graphId}:${articleId}`).digest();
  return h.readUInt32BE(0) % 100 < holdout;
}

export async function splitArticles(ctx: PlatformContext, graphId: number, holdout: number) {
  const ids = await articleIdsOf(ctx.store.db, graphId);
  const test: number[] = [];
  const train: number[] = [];
  for (const id of ids) (isHeldOut(graphId, id, holdout) ? test : train).push(id);
  return { train, test };
}

export async function loadArticle(ctx: PlatformContext, articleId: number): Promise<ArticleRow> {
  const article = await articleText(ctx.store.db, articleId);
  if (!article) throw new Error(`文章 #${articleId} 不存在`);
  return article;
}

function extract(
  ctx: PlatformContext,
  graphId: number,
  article: ArticleRow,
  knowledge: Knowledge,
): Promise<ExtractResult> {
  return analyzeText(ctx, graphId, article.content, {
    referenceDate: article.published_at.slice(0, 10),
    knowledge,
  });
}

/** The class names in ontology order, for a stable order of the per-class table. */
export async function classOrder(
  ctx: PlatformContext,
  graphId: number,
  type: ModelType,
): Promise<string[]> {
  const o = await graphOntology(ctx, graphId);
  if (type === "ner") return [...o.classes.values()].map((c) => c.name);
  if (type === "event") return [...o.eventTypes.values()].map((e) => e.name);
  return [...o.relationTypes.values()].map((r) => r.name);
}

const UNTYPED = "未分类";

/** What one article says of a model of one type: its outcomes against the gold, and each key's verdict. */
type ArticleJudge = (
  ctx: PlatformContext,
  graphId: number,
  article: ArticleRow,
  knowledge: Knowledge,
  drop: Set<string>,
) => Promise<ArticleResult>;

const nerArticle: ArticleJudge = async (ctx, graphId, article, knowledge, drop) => {
  const classes = (await graphOntology(ctx, graphId)).classes;
  const gold = new Map<string, string>();
  const rows = await goldMentions(ctx.store.db, article.id);
  for (const r of rows) {
    gold.set(
      `${r.start_pos}:${r.end_pos}`,
      (r.class_id != null ? classes.get(r.class_id)?.name : undefined) ?? UNTYPED,
    );
  }
  const outcomes: Outcome[] = [];
  const judged: Judged[] = [];
  for (const e of (await extract(ctx, graphId, article, knowledge)).entities) {
    if (drop.has(e.text)) continue;
    const span = `${e.start}:${e.end}`;
    const predicted = e.type ?? UNTYPED;
    const goldLabel = gold.get(span) ?? null;
    gold.delete(span);
    outcomes.push({ gold: goldLabel, predicted });
    judged.push({ key: e.text, correct: goldLabel === predicted });
  }
  for (const label of gold.values()) outcomes.push({ gold: label, predicted: null });
  return { outcomes, judged };
};

const eventArticle: ArticleJudge = async (ctx, graphId, article, knowledge, drop) => {
  const types = (await graphOntology(ctx, graphId)).eventTypes;
  const gold = (await goldEventReports(ctx.store.db, article.id)).map((g) => ({
    start: g.sent_start,
    end: g.sent_end,
    label: (g.event_type_id != null ? types.get(g.event_type_id)?.name : undefined) ?? UNTYPED,
    matched: false,
  }));
  const outcomes: Outcome[] = [];
  const judged: Judged[] = [];
  const predictions = (await extract(ctx, graphId, article, knowledge)).events.filter(
    (e) => e.confidence >= REPORT_CONFIDENCE && !drop.has(e.trigger),
  );
  const inSentence = (e: { start: number }, g: { start: number; end: number }) =>
    e.start >= g.start && e.start < g.end;
  // Same sentence and type first, so a sentence reporting two events pairs each with its own.
  const unmatched = predictions.filter((e) => {
    const g = gold.find((x) => !x.matched && x.label === e.type && inSentence(e, x));
    if (!g) return true;
    g.matched = true;
    outcomes.push({ gold: g.label, predicted: e.type });
    judged.push({ key: e.trigger, correct: true });
    return false;
  });
  for (const e of unmatched) {
    const g = gold.find((x) => !x.matched && inSentence(e, x));
    if (g) g.matched = true;
    outcomes.push({ gold: g ? g.label : null, predicted: e.type });
    judged.push({ key: e.trigger, correct: false });
  }
  for (const g of gold) if (!g.matched) outcomes.push({ gold: g.label, predicted: null });
  return { outcomes, judged };
};

const relationArticle: ArticleJudge = async (ctx, graphId, article, knowledge, drop) => {
  const relationTypes = (await graphOntology(ctx, graphId)).relationTypes;
  const gold = new Map<string, string[]>();
  const rows = await goldRelations(ctx.store.db, article.id);
  for (const r of rows) {
    const pair = `${r.s}|${r.o}`;
    gold.set(pair, [
      ...(gold.get(pair) ?? []),
      relationTypes.get(r.relation_type_id)?.name ?? UNTYPED,
    ]);
  }
  const outcomes: Outcome[] = [];
  const judged: Judged[] = [];
  const seen = new Set<string>();
  // A relation is extracted when the text names both its ends in one sentence.
  for (const r of (await extract(ctx, graphId, article, knowledge)).relations) {
    if (drop.has(r.predicate)) continue;
    const pair = `${r.subject.uuid}|${r.object.uuid}`;
    if (seen.has(`${pair}|${r.predicate}`)) continue;
    seen.add(`${pair}|${r.predicate}`);
    const labels = gold.get(pair) ?? [];
    const at = labels.includes(r.predicate) ? labels.indexOf(r.predicate) : labels.length ? 0 : -1;
    const goldLabel = at >= 0 ? labels.splice(at, 1)[0] : null;
    outcomes.push({ gold: goldLabel, predicted: r.predicate });
    judged.push({ key: r.predicate, correct: goldLabel === r.predicate });
  }
  for (const labels of gold.values())
    for (const label of labels) outcomes.push({ gold: label, predicted: null });
  return { outcomes, judged };
};

const byType = { ner: nerArticle, event: eventArticle, relation: relationArticle };

/**
 * Gold/predicted outcomes of one article for a model type, analysed with `knowledge` (the
 * training articles' trainingKnowledge), after the learned filter.
 */
export async function evaluateArticle(
  ctx: PlatformContext,
  graphId: number,
  type: ModelType,
  articleId: number,
  knowledge: Knowledge,
  learned: Learned = {},
): Promise<ArticleResult> {
  return byType[type](
    ctx,
    graphId,
    await loadArticle(ctx, articleId),
    knowledge,
    new Set(learned.suppress ?? []),
  );
}

/** What a training run learns from the judged predictions of its training articles. */
export function learnFilter(judged: Judged[]): string[] {
  const stats = new Map<string, { n: number; right: number }>();
  for (const j of judged) {
    const s = stats.get(j.key) ?? { n: 0, right: 0 };
    s.n++;
    if (j.correct) s.right++;
    stats.set(j.key, s);
  }
  return [...stats]
    .filter(([, s]) => s.n >= MIN_EVIDENCE && s.right / s.n < MIN_PRECISION)
    .map(([key]) => key)
    .sort();
}
