import type { ExtractAnswer, ExtractRelation, ExtractResult } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { badRequest } from "../http/errors.js";
import { analyse, candidatesOf, type Analysis, type GraphDictionary } from "./analysis.js";
import { graphKnowledge, type Knowledge } from "./knowledge.js";
import { forceLayout, settleIterations } from "./layout.js";
import { predictRelations, type PredictedRelation } from "./relation-patterns.js";
import {
  knownRelationRows,
  type ExtractionInsert,
  type KnownRelationRow,
} from "./store/extract.js";

/** Longest text accepted for analysis, in characters. */
export const MAX_TEXT_LENGTH = 100_000;
export const TEXT_REQUIRED = "请输入要分析的文本";
export const TEXT_TOO_LONG = `文本过长，最多${MAX_TEXT_LENGTH}字`;
/** Stored facts looked up for the relations found, at most. */
const RELATION_LIMIT = 500;

export function validateText(text: unknown): string {
  if (typeof text !== "string" || text.trim().length === 0) throw badRequest(TEXT_REQUIRED);
  if (text.length > MAX_TEXT_LENGTH) throw badRequest(TEXT_TOO_LONG);
  return text;
}

/**
 * Analyses a text against a graph (analysis.ts: entities, words, events, causal pairs) and
 * extracts the relations its sentences state with the patterns learnt from the graph's
 * articles (relation-patterns.ts). `knowledge` is what the analysis may know: by default the
 * whole graph's (graphKnowledge); a model run gives what its training articles taught.
 * `referenceDate` (YYYY-MM-DD) dates "5月12日" without a year.
 */
export async function analyzeText(
  ctx: PlatformContext,
  graphId: number,
  text: string,
  options: { referenceDate?: string; knowledge?: Knowledge } = {},
): Promise<ExtractResult> {
  const began = performance.now();
  const knowledge = options.knowledge ?? (await graphKnowledge(ctx, graphId));
  const dict = knowledge.dictionary;
  const found = analyse(dict, knowledge.events, text, options.referenceDate);
  const predicted = firstOfEach(
    predictRelations(candidatesOf(dict, found), knowledge.relations, dict.ontology),
    dict,
  );
  const rows = predicted.length
    ? await knownRelationRows(
        ctx.store.db,
        predicted.map((r) => [dict.ids[r.subject.entity], dict.ids[r.object.entity]]),
        knowledge.relationArticles,
        RELATION_LIMIT,
      )
    : [];
  return withRelations(found, dict, predicted, rows, began);
}

/** One prediction of each fact (subject, type, object): the first sentence stating it. */
function firstOfEach(predicted: PredictedRelation[], dict: GraphDictionary) {
  const seen = new Set<string>();
  return predicted.filter((r) => {
    const key = `${dict.ids[r.subject.entity]},${r.type},${dict.ids[r.object.entity]}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function withRelations(
  a: Analysis,
  dict: GraphDictionary,
  predicted: PredictedRelation[],
  rows: KnownRelationRow[],
  began: number,
): ExtractResult {
  const stored = new Map(
    rows.map((r) => [`${r.subject_id},${r.relation_type_id},${r.object_id}`, r]),
  );
  const relations = predicted.map((r): ExtractRelation => {
    const s = r.subject.entity;
    const o = r.object.entity;
    const fact = stored.get(`${dict.ids[s]},${r.type},${dict.ids[o]}`);
    return {
      id: fact?.id ?? null,
      subject: { uuid: dict.uuids[s], name: dict.names[s] },
      predicate: dict.ontology.relationTypes.get(r.type)?.name ?? "",
      object: { uuid: dict.uuids[o], name: dict.names[o] },
      confidence: Math.round(r.confidence * 1000) / 1000,
      pattern: r.pattern,
      article_id: fact?.article_id ?? null,
      sent_start: fact?.sent_start ?? null,
      sent_end: fact?.sent_end ?? null,
      text_sentence: { start: r.candidate.sentence.start, end: r.candidate.sentence.end },
    };
  });
  return {
    tokens: a.tokens,
    entities: a.entities,
    events: a.events.map(({ features: _features, ...e }) => e),
    relations,
    causal: a.causal,
    sentences: a.sentences,
    stats: {
      characters: a.text.length,
      sentences: a.sentences.length,
      tokens: a.tokens.length,
      elapsed_ms: Math.round((performance.now() - began) * 10) / 10,
    },
  };
}

/**
 * The HTTP answer: the analysis with its small graph placed, the entities its relations join
 * (unlinked ones would crowd the picture; every entity is listed anyway).
 */
export function withLayout(r: ExtractResult): ExtractAnswer {
  const linked = new Set(r.relations.flatMap((x) => [x.subject.uuid, x.object.uuid]));
  const ids = [...new Set(r.entities.map((e) => e.entity_id))].filter((id) => linked.has(id));
  const positions = forceLayout(
    ids,
    r.relations.map((x) => [x.subject.uuid, x.object.uuid]),
    { iterations: settleIterations(ids.length), barnesHutAbove: 300 },
  );
  return { ...r, layout: ids.map((id) => ({ id, ...positions.get(id)! })) };
}

/**
 * The relation (subject, predicate, object: uuids and a type name) the graph's extraction finds
 * in `sentence`, as a reviewer will judge it: with the pattern that decided and its direction.
 * Null when the extraction does not find it there.
 */
export async function extractionIn(
  ctx: PlatformContext,
  graphId: number,
  sentence: string,
  wanted: { subject: string; predicate: string; object: string },
): Promise<Omit<ExtractionInsert, "articleId"> | null> {
  const knowledge = await graphKnowledge(ctx, graphId);
  const dict = knowledge.dictionary;
  const found = predictRelations(
    candidatesOf(dict, analyse(dict, knowledge.events, sentence)),
    knowledge.relations,
    dict.ontology,
  ).find(
    (r) =>
      dict.uuids[r.subject.entity] === wanted.subject &&
      dict.uuids[r.object.entity] === wanted.object &&
      dict.ontology.relationTypes.get(r.type)?.name === wanted.predicate,
  );
  if (!found) return null;
  return {
    graphId,
    subjectId: dict.ids[found.subject.entity],
    relationTypeId: found.type,
    objectId: dict.ids[found.object.entity],
    direction: found.subject === found.candidate.first ? "ab" : "ba",
    pattern: found.pattern,
    keys: found.candidate.keys,
    confidence: found.confidence,
    sentence,
  };
}
