import type { FactKind, FeedbackStatus } from "@contract/insight";
import { articleOfGraph } from "../../kg/store/articles.js";
import type { AuthUser } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import type { Db } from "../../db/store.js";
import { HttpError, badRequest } from "../../http/errors.js";
import { pathId } from "../../http/params.js";
import { graphOntology, type GraphOntology } from "../../kg/ontology.js";
import {
  feedback as feedbackDef,
  FEEDBACK_KINDS,
  FEEDBACK_STATUS,
} from "../../resources/defs/insight.js";
import { validationError } from "../../resources/fields.js";
import { auditWrite, insertRecord, requireRecord } from "../../resources/store.js";
import type { RecordRow } from "../../resources/types.js";
import { loadOptions, validateInput } from "../../resources/values.js";
import { extractionIn } from "../../kg/extract.js";
import { saveExtraction } from "../../kg/store/extract.js";
import {
  entityFact,
  eventFact,
  extractionFact,
  graphExists,
  relationFact,
  setFeedbackStatus,
} from "./store/feedback.js";

/**
 * Users' reports of wrong facts, and their handling: new → confirmed → fixed, or rejected
 * from new or confirmed. Fixed and rejected are final.
 */

export const TRANSITIONS: Record<FeedbackStatus, FeedbackStatus[]> = {
  new: ["confirmed", "rejected"],
  confirmed: ["fixed", "rejected"],
  fixed: [],
  rejected: [],
};

const statusLabel = (s: string) => FEEDBACK_STATUS.find((o) => o.key === s)?.label ?? s;
const kindLabel = (k: string) => FEEDBACK_KINDS.find((o) => o.key === k)?.label ?? k;
const isStatus = (s: unknown): s is FeedbackStatus => typeof s === "string" && s in TRANSITIONS;

/** Why a status change is refused, or null when it is allowed. */
export function transitionRefusal(from: FeedbackStatus, to: FeedbackStatus): string | null {
  if (from === to) return `反馈已是“${statusLabel(to)}”状态`;
  const allowed = TRANSITIONS[from];
  if (allowed.includes(to)) return null;
  if (!allowed.length)
    return `不能将反馈从“${statusLabel(from)}”改为“${statusLabel(to)}”：${statusLabel(from)}的反馈不能再变更状态`;
  return `不能将反馈从“${statusLabel(from)}”改为“${statusLabel(to)}”：只能改为${allowed.map((s) => `“${statusLabel(s)}”`).join("或")}`;
}

interface Fact {
  label: string;
  link: string;
}

/**
 * The fact a report is about, in its graph: a snapshot of it for the table and the console
 * path that shows it (entity page; the article sentence a relation or event came from).
 */
export async function resolveFact(
  ctx: PlatformContext,
  graphId: number,
  kind: FactKind,
  target: string,
): Promise<Fact | null> {
  return factIn(ctx.store.db, await graphOntology(ctx, graphId), graphId, kind, target);
}

/** resolveFact through `db` with the graph's ontology given (inside a transaction: the demo seed). */
export async function factIn(
  db: Db,
  ontology: GraphOntology,
  graphId: number,
  kind: FactKind,
  target: string,
): Promise<Fact | null> {
  if (kind === "entity") {
    const e = await entityFact(db, graphId, target);
    if (!e) return null;
    const type = e.class_id != null ? ontology.classes.get(e.class_id)?.name : undefined;
    return { label: type ? `${e.name}（${type}）` : e.name, link: `/${graphId}/entity/${e.uuid}` };
  }
  if (!/^\d{1,15}$/.test(target)) return null;
  if (kind === "relation") {
    const r = await relationFact(db, graphId, Number(target));
    if (!r) return null;
    const predicate = ontology.relationTypes.get(r.relation_type_id)?.name ?? "";
    return {
      label: `${r.s} —${predicate}→ ${r.o}`,
      link:
        r.article_id != null
          ? sentenceLink(graphId, r.article_id, r.sent_start, r.sent_end)
          : `/relation/${r.s_uuid}?id=${graphId}`,
    };
  }
  if (kind === "extraction") {
    const x = await extractionFact(db, graphId, Number(target));
    if (!x) return null;
    const predicate = ontology.relationTypes.get(x.relation_type_id)?.name ?? "";
    const sentence = x.sentence.length > 80 ? `${x.sentence.slice(0, 80)}…` : x.sentence;
    return {
      label: `${x.s} —${predicate}→ ${x.o}：${sentence}`,
      link: `/${graphId}/entity/${x.s_uuid}`,
    };
  }
  const ev = await eventFact(db, graphId, Number(target));
  if (!ev) return null;
  const type =
    ev.event_type_id != null ? ontology.eventTypes.get(ev.event_type_id)?.name : undefined;
  return {
    label: type ? `${ev.title}（${type}）` : ev.title,
    link: `/hotevent/${ev.id}?id=${graphId}`,
  };
}

/** The console's article page with the sentence highlighted and scrolled to (as app/kg/links.ts writes it). */
function sentenceLink(
  graphId: number,
  articleId: number,
  start: number | null,
  end: number | null,
) {
  const span = start != null && end != null ? `?sent=${start}-${end}#s-${start}` : "";
  return `/${graphId}/article/${articleId}${span}`;
}

/** The fact a visitor is about to report, or a 400/404 saying what is wrong with the reference. */
export async function describeFact(ctx: PlatformContext, query: Record<string, unknown>) {
  const graph = pathId(typeof query.graph === "string" ? query.graph : undefined);
  const kind = String(query.kind ?? "");
  const target = String(query.target ?? "").trim();
  if (graph === null) throw badRequest("请指定知识图谱（参数 graph）");
  if (!FEEDBACK_KINDS.some((k) => k.key === kind))
    throw badRequest(
      "反馈对象类型必须是 entity（实体）、relation（关系）、event（事件）或 extraction（抽取关系）",
    );
  if (!target || target.length > 64) throw badRequest("请指定反馈对象（参数 target）");
  if (!(await graphExists(ctx.store.db, graph)))
    throw new HttpError(404, "知识图谱不存在", "not_found");
  const fact = await resolveFact(ctx, graph, kind as FactKind, target);
  if (!fact)
    throw new HttpError(404, `该知识图谱中没有这个${kindLabel(kind)}：${target}`, "not_found");
  return { graph, kind, kind_label: kindLabel(kind), target, ...fact };
}

/** Longest sentence an extraction report may quote. */
const MAX_SENTENCE = 2000;

/**
 * POST /api/kg/feedback/extraction/: records a relation text analysis extracted from a
 * sentence (found again there by the graph's extraction, with the pattern that decided), so
 * that a report can be about it; the report's reference ({graph, kind, target}).
 */
export async function recordExtraction(ctx: PlatformContext, body: unknown) {
  const input = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const graph = Number(input.graph);
  if (!Number.isInteger(graph) || graph <= 0) throw badRequest("请指定知识图谱（参数 graph）");
  if (!(await graphExists(ctx.store.db, graph)))
    throw new HttpError(404, "知识图谱不存在", "not_found");
  const sentence = typeof input.sentence === "string" ? input.sentence.trim() : "";
  if (!sentence || sentence.length > MAX_SENTENCE)
    throw badRequest(`请提供抽取出该关系的句子（最多${MAX_SENTENCE}字）`);
  const wanted = {
    subject: String(input.subject ?? ""),
    predicate: String(input.predicate ?? ""),
    object: String(input.object ?? ""),
  };
  const articleId =
    input.article_id === undefined || input.article_id === null || input.article_id === ""
      ? null
      : Number(input.article_id);
  if (
    articleId !== null &&
    !(Number.isInteger(articleId) && (await articleOfGraph(ctx.store.db, graph, articleId)))
  )
    throw new HttpError(404, "文章不存在", "not_found");
  const found = await extractionIn(ctx, graph, sentence, wanted);
  if (!found) throw badRequest("该句中没有抽取出这一关系");
  const id = await ctx.store.write((tx) => saveExtraction(tx, { ...found, articleId }));
  return { graph, kind: "extraction" as const, target: String(id) };
}

/** POST /api/kg/feedback/: the form fields are checked by the resource's rules, the fact by its graph. */
export async function createFeedback(
  ctx: PlatformContext,
  user: AuthUser,
  body: unknown,
): Promise<RecordRow> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw badRequest("请求体必须是 JSON 对象");
  const { values, errors } = validateInput(
    feedbackDef,
    body as Record<string, unknown>,
    "create",
    null,
    await loadOptions(ctx.store.db, feedbackDef),
  );
  if (Object.keys(errors).length) throw validationError(errors);
  const graphId = values.graph as number;
  const kind = values.kind as FactKind;
  const target = String(values.target).trim();
  const fact = await resolveFact(ctx, graphId, kind, target);
  if (!fact) {
    const message = `该知识图谱中没有这个${kindLabel(kind)}：${target}`;
    throw badRequest(message, { errors: { target: [message] } });
  }
  return ctx.store.write(async (tx) => {
    const id = await insertRecord(
      { ctx, user, db: tx },
      feedbackDef,
      { ...values, target, note: "" },
      {
        target_label: fact.label,
        link: fact.link,
        reporter_id: user.id,
        reporter: user.username,
      },
    );
    return auditWrite(tx, user, "create", feedbackDef, id, null);
  });
}

/** Moves a report along the workflow, with the handler's note; anything else is refused with the reason. */
export async function changeFeedbackStatus(
  ctx: PlatformContext,
  user: AuthUser,
  id: number,
  body: unknown,
): Promise<RecordRow> {
  const input = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const to = input.status;
  if (!isStatus(to))
    throw badRequest(
      `状态必须是${FEEDBACK_STATUS.map((s) => `${s.key}（${s.label}）`).join("、")}之一`,
    );
  const note =
    input.note === undefined || input.note === null ? undefined : String(input.note).trim();
  if (note !== undefined && note.length > 2000) throw badRequest("处理意见不能超过2000个字符");
  return ctx.store.write(async (tx) => {
    const before = await requireRecord(tx, feedbackDef, id);
    const refusal = transitionRefusal(before.status as FeedbackStatus, to);
    if (refusal)
      throw new HttpError(409, refusal, "invalid_transition", {
        allowed: TRANSITIONS[before.status as FeedbackStatus],
      });
    await setFeedbackStatus(tx, id, { status: to, note: note ?? null, handler: user.username });
    return auditWrite(tx, user, "update", feedbackDef, id, before);
  });
}
