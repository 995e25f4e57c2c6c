import type { PlatformContext } from "../context.js";
import { AhoCorasick } from "./aho-corasick.js";
import { analyse, candidatesOf, MIN_NAME_LENGTH, type GraphDictionary } from "./analysis.js";
import { entitySignature, graphSignature, storeCache } from "./cache.js";
import {
  emptyEventModel,
  learnArgumentClasses,
  learnReportClassifier,
  type EventModel,
} from "./event-model.js";
import { graphOntology, parseJson, type GraphOntology } from "./ontology.js";
import {
  emptyPatterns,
  learnPatterns,
  withVerdicts,
  type Candidate,
  type Direction,
  type Label,
  type RelationPatterns,
  type Verdict,
} from "./relation-patterns.js";
import {
  dictionaryRows,
  learningArticles,
  reportedEvents,
  reportedParticipants,
  statedRelations,
  verdictRows,
  verdictSignature,
  type DictionaryRow,
  type ReportRow,
  type StatedRelationRow,
} from "./store/extract.js";

/**
 * What an analysis may know of its graph: the dictionary of entity names, and what the
 * extraction learnt from the graph's articles (relation patterns, event argument classes and
 * the report classifier). Text analysis knows the
 * whole graph (graphKnowledge); a model run knows only what its training articles teach
 * (trainingKnowledge), so held-out texts are judged by knowledge that was not built from them.
 */
export interface Knowledge {
  dictionary: GraphDictionary;
  relations: RelationPatterns;
  events: EventModel;
  /** The article ids whose stated relations may be recalled as stored facts; null: all. */
  relationArticles: number[] | null;
  /** The articles the learners read. */
  learntFrom: number;
}

/**
 * Text analysis learns from the graph's newest articles, this many at most: learning reads
 * each (a few milliseconds apiece), and it is done again whenever the graph changes.
 */
const LEARN_LIMIT = 300;

/** The graph's dictionary: built once per graph and kept until its entities or ontology change. */
export async function graphDictionary(
  ctx: PlatformContext,
  graphId: number,
): Promise<GraphDictionary> {
  return storeCache<GraphDictionary>(ctx, "dictionary", 8).getAsync(
    String(graphId),
    await entitySignature(ctx, graphId),
    () => buildDictionary(ctx, graphId),
  );
}

/**
 * The whole graph's knowledge, for text analysis: its dictionary, what its newest articles
 * teach and every reviewer's verdict; kept until anything of the graph or a verdict changes.
 */
export async function graphKnowledge(ctx: PlatformContext, graphId: number): Promise<Knowledge> {
  const signature = `${await graphSignature(ctx, graphId)}|${await verdictSignature(ctx.store.db, graphId)}`;
  return storeCache<Knowledge>(ctx, "knowledge", 8).getAsync(
    String(graphId),
    signature,
    async () => {
      const dictionary = await graphDictionary(ctx, graphId);
      const learnt = await learn(ctx, graphId, dictionary, null);
      const verdicts = (await graphVerdicts(ctx, graphId)).map((v) => v.verdict);
      return { ...learnt, relations: withVerdicts(learnt.relations, verdicts) };
    },
  );
}

/** A reviewer's verdict with when it was given and the article its sentence came from, if any. */
export interface DatedVerdict {
  verdict: Verdict;
  at: string | null;
  articleId: number | null;
}

/**
 * The reviewers' verdicts on the graph's reported extractions, oldest first: a report
 * confirmed (or fixed) says the extracted relation was wrong, a report rejected that it was right.
 */
export async function graphVerdicts(
  ctx: PlatformContext,
  graphId: number,
): Promise<DatedVerdict[]> {
  return (await verdictRows(ctx.store.db, graphId)).map((r) => ({
    verdict: {
      type: r.relation_type_id,
      dir: r.direction as Direction,
      keys: parseJson<string[]>(r.keys, []),
      accepted: r.status === "rejected",
    },
    at: r.handled_at,
    articleId: r.article_id,
  }));
}

/**
 * The graph's knowledge as learnt from some of its articles only: the entities those
 * articles mention (with their names and aliases), the relation patterns of their sentences,
 * and the relations they state (plus those not taken from any article), with reviewers'
 * `verdicts` booked on the patterns — those about a sentence of another article left out. The
 * trigger lexicon is the ontology's, not learnt from texts, so it is whole.
 */
export async function trainingKnowledge(
  ctx: PlatformContext,
  graphId: number,
  articleIds: number[],
  verdicts: DatedVerdict[] = [],
): Promise<Knowledge> {
  const dictionary = await buildDictionary(ctx, graphId, articleIds);
  const learnt = await learn(ctx, graphId, dictionary, articleIds);
  // A verdict on a sentence of another article (a held-out one) would tell what it states.
  const training = new Set(articleIds);
  const usable = verdicts.filter((v) => v.articleId === null || training.has(v.articleId));
  return {
    ...learnt,
    relations: withVerdicts(
      learnt.relations,
      usable.map((v) => v.verdict),
    ),
  };
}

/** Learns from the articles (all the graph's newest when null) with `dictionary`. */
async function learn(
  ctx: PlatformContext,
  graphId: number,
  dictionary: GraphDictionary,
  articleIds: number[] | null,
): Promise<Knowledge> {
  if (articleIds !== null && articleIds.length === 0)
    return {
      dictionary,
      relations: emptyPatterns(),
      events: emptyEventModel(),
      relationArticles: [],
      learntFrom: 0,
    };
  const db = ctx.store.db;
  const limit = articleIds === null ? LEARN_LIMIT : articleIds.length;
  const articles = await learningArticles(db, graphId, articleIds, limit);
  const ids = articles.map((a) => a.id);
  const stated = groupBy(await statedRelations(db, ids), (r) => r.article_id);
  const reports = groupBy(await reportedEvents(db, ids), (r) => r.article_id);
  const ontology = dictionary.ontology;
  const events: EventModel = {
    ...emptyEventModel(),
    argumentClasses: learnArgumentClasses(await reportedParticipants(db, ids), ontology),
  };
  const pairs: { candidate: Candidate; label: Label }[] = [];
  const occurrences: { features: string[]; report: boolean }[] = [];
  for (const a of articles) {
    const analysis = analyse(dictionary, events, a.content);
    const relations = stated.get(a.id) ?? [];
    for (const candidate of candidatesOf(dictionary, analysis))
      pairs.push({ candidate, label: labelOf(dictionary, candidate, relations) });
    const gold = reports.get(a.id) ?? [];
    for (const e of analysis.events)
      occurrences.push({ features: e.features, report: reportsAt(gold, e.type_id, e.start) });
  }
  return {
    dictionary,
    relations: learnPatterns(pairs),
    events: learnReportClassifier(events, occurrences),
    relationArticles: articleIds,
    learntFrom: articles.length,
  };
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(r);
    else out.set(key(r), [r]);
  }
  return out;
}

/** Does the article report an event of this type in the sentence holding `at`? */
const reportsAt = (gold: ReportRow[], typeId: number, at: number) =>
  gold.some((g) => g.event_type_id === typeId && at >= g.sent_start && at < g.sent_end);

/** The relation a training candidate states: one its article states between the two, in its sentence. */
function labelOf(dict: GraphDictionary, c: Candidate, gold: StatedRelationRow[]): Label {
  const first = dict.ids[c.first.entity];
  const second = dict.ids[c.second.entity];
  for (const r of gold) {
    if (r.sent_start !== null && r.sent_end !== null) {
      if (c.first.start < r.sent_start || c.second.end > r.sent_end) continue;
    }
    if (r.subject_id === first && r.object_id === second)
      return { type: r.relation_type_id, dir: "ab" };
    if (r.subject_id === second && r.object_id === first)
      return { type: r.relation_type_id, dir: "ba" };
  }
  return null;
}

/**
 * Reads the graph's entities (all, or those some articles mention) into a dictionary. The
 * ontology is read first: while the entities stream, the store is busy with them.
 */
async function buildDictionary(
  ctx: PlatformContext,
  graphId: number,
  articleIds: number[] | null = null,
): Promise<GraphDictionary> {
  const ontology = await graphOntology(ctx, graphId);
  const words = new DictionaryWords();
  for await (const rows of dictionaryRows(ctx.store.db, graphId, articleIds))
    for (const row of rows) words.add(row);
  return words.dictionary(ontology);
}

/** A dictionary as it is read, entity by entity: names and aliases of two characters or more. */
class DictionaryWords {
  ids: number[] = [];
  uuids: string[] = [];
  names: string[] = [];
  classIds: (number | null)[] = [];
  patterns: [string, number][] = [];

  add([id, uuid, name, aliases, classId]: DictionaryRow) {
    const index = this.ids.length;
    this.ids.push(id);
    this.uuids.push(uuid);
    this.names.push(name);
    this.classIds.push(classId);
    if (name.length >= MIN_NAME_LENGTH) this.patterns.push([name, index]);
    if (aliases !== "[]") {
      for (const alias of parseJson<unknown[]>(aliases, [])) {
        if (typeof alias === "string" && alias.length >= MIN_NAME_LENGTH)
          this.patterns.push([alias, index]);
      }
    }
  }

  dictionary(ontology: GraphOntology): GraphDictionary {
    const triggerWords: [string, number][] = [];
    for (const type of ontology.eventTypes.values())
      for (const t of type.triggers) triggerWords.push([t, type.id]);
    return {
      entities: new AhoCorasick(this.patterns),
      ids: this.ids,
      uuids: this.uuids,
      names: this.names,
      classIds: this.classIds,
      triggers: new AhoCorasick(triggerWords),
      ontology,
    };
  }
}
