import type {
  EventArgument,
  ExtractAnswer,
  ExtractEntity,
  ExtractEvent,
  ExtractRelation,
  ExtractResult,
  ExtractToken,
} from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { badRequest } from "../http/errors.js";
import { AhoCorasick, longestNonOverlapping, type Match } from "./aho-corasick.js";
import { entitySignature, storeCache } from "./cache.js";
import { findCausalPairs } from "./causal.js";
import { forceLayout, settleIterations } from "./layout.js";
import { graphOntology, parseJson, type GraphOntology } from "./ontology.js";
import {
  dictionaryRows,
  knownRelationRows,
  type DictionaryRow,
  type KnownRelationRow,
} from "./store/extract.js";
import {
  findTimes,
  type Span,
  spanIndexAt,
  splitClauses,
  splitSentences,
  type TimeExpression,
} from "./text.js";

/** Longest text accepted for analysis, in characters. */
export const MAX_TEXT_LENGTH = 100_000;
export const TEXT_REQUIRED = "请输入要分析的文本";
export const TEXT_TOO_LONG = `文本过长，最多${MAX_TEXT_LENGTH}字`;
/** Names shorter than this are not matched: one character matches everywhere in Chinese. */
const MIN_NAME_LENGTH = 2;

export function validateText(text: unknown): string {
  if (typeof text !== "string" || text.trim().length === 0) throw badRequest(TEXT_REQUIRED);
  if (text.length > MAX_TEXT_LENGTH) throw badRequest(TEXT_TOO_LONG);
  return text;
}

/** The graph's dictionaries: entity names and aliases, and the trigger lexicon of its event types. */
export interface GraphDictionary {
  entities: AhoCorasick<number>;
  ids: number[];
  uuids: string[];
  names: string[];
  classIds: (number | null)[];
  triggers: AhoCorasick<number>;
  ontology: GraphOntology;
}

/** Built once per graph and kept until its entities or ontology change. */
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
 * What an analysis may know of the graph. By default everything in it; an evaluation gives it
 * only what its training articles taught (trainingKnowledge), so that held-out texts are
 * judged by a dictionary that was not built from them.
 */
export interface Knowledge {
  dictionary: GraphDictionary;
  /** The article ids whose stated relations may be recalled; null: all. */
  relationArticles: number[] | null;
}

/**
 * The graph's knowledge as learnt from some of its articles only: the entities those
 * articles mention (with their names and aliases) and the relations they state, plus the
 * relations not taken from any article. The trigger lexicon is the ontology's, not learnt
 * from texts, so it is whole.
 */
export async function trainingKnowledge(
  ctx: PlatformContext,
  graphId: number,
  articleIds: number[],
): Promise<Knowledge> {
  return {
    dictionary: await buildDictionary(ctx, graphId, articleIds),
    relationArticles: articleIds,
  };
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

interface Mention extends Match<number> {
  index: number;
  isPlace: boolean;
}

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const LOCATIVE_BEFORE = ["在", "于", "赴", "至", "到", "往", "向", "抵", "驻", "入", "经"];
const CONJUNCTION = /^(?:[与和及、同跟]|以及)$/;
/** A trigger followed by one of these names a thing, not an event: 发布会, 发射场, 投资方, 合作伙伴. */
const NOMINAL_SUFFIXES = ["会", "场", "方", "者", "稿", "厅", "商", "伙伴"];
/** Known relations among the found entities, at most. */
const RELATION_LIMIT = 500;

/**
 * Analyses a text against a graph: entities by dictionary (Aho–Corasick, longest match),
 * word segmentation (Intl.Segmenter, with entity names kept whole), events from trigger
 * words with their arguments, causal pairs from cue patterns, and the stored relations
 * among the entities found. `referenceDate` (YYYY-MM-DD) dates "5月12日" without a year.
 */
export async function analyzeText(
  ctx: PlatformContext,
  graphId: number,
  text: string,
  options: { referenceDate?: string; knowledge?: Knowledge } = {},
): Promise<ExtractResult> {
  const began = performance.now();
  const dict = options.knowledge?.dictionary ?? (await graphDictionary(ctx, graphId));
  const found = analyse(dict, text, options.referenceDate);
  const pairs = relationPairs(dict, found);
  const rows = pairs.length
    ? await knownRelationRows(
        ctx.store.db,
        pairs,
        options.knowledge?.relationArticles ?? null,
        RELATION_LIMIT,
      )
    : [];
  return withRelations(found, dict, rows, began);
}

interface Analysis {
  text: string;
  sentences: Span[];
  mentions: Mention[];
  tokens: ExtractToken[];
  events: ExtractEvent[];
  causal: ExtractResult["causal"];
  entities: ExtractEntity[];
}

/** Everything of an analysis but the stored relations: no store involved. */
function analyse(dict: GraphDictionary, text: string, referenceDate?: string): Analysis {
  const sentences = splitSentences(text);
  const mentions: Mention[] = dict.entities.findLongest(text).map((m) => {
    const index = m.values[0];
    const classId = dict.classIds[index];
    return { ...m, index, isPlace: classId != null && dict.ontology.placeClassIds.has(classId) };
  });
  const boundaries = wordBoundaries(text, sentences, mentions);
  const tokens = mergeTokens(text, boundaries, mentions);
  const referenceYear = referenceDate ? Number(referenceDate.slice(0, 4)) : undefined;
  const times = findTimes(text, referenceYear);
  const events = findEvents(text, dict, sentences, mentions, boundaries, times);
  const causal = findCausalPairs(text, sentences).map((pair) => ({
    ...pair,
    cause_event: eventWithin(events, pair.cause_start, pair.cause_end),
    effect_event: eventWithin(events, pair.effect_start, pair.effect_end),
  }));
  const entities = mentions.map((m): ExtractEntity => {
    const classId = dict.classIds[m.index];
    return {
      text: text.slice(m.start, m.end),
      start: m.start,
      end: m.end,
      entity_id: dict.uuids[m.index],
      name: dict.names[m.index],
      type: classId != null ? (dict.ontology.classes.get(classId)?.name ?? null) : null,
      type_id: classId,
    };
  });
  return { text, sentences, mentions, tokens, events, causal, entities };
}

function withRelations(
  a: Analysis,
  dict: GraphDictionary,
  rows: KnownRelationRow[],
  began: number,
): ExtractResult {
  const relations = knownRelations(dict, a.mentions, a.sentences, rows);
  return {
    tokens: a.tokens,
    entities: a.entities,
    events: a.events,
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

/** Longest stretch given to Intl.Segmenter at once: V8 iterates long strings in quadratic time. */
const SEGMENT_CHUNK = 1000;

/**
 * Word boundaries by Intl.Segmenter, sentence by sentence (long sentences in chunks). Entity
 * names are blanked out first: they become one token anyway, and the segmenter's dictionary
 * pass over them is half the work in entity-dense text.
 */
function wordBoundaries(text: string, sentences: Span[], mentions: Mention[]): Uint8Array {
  let masked = text;
  if (mentions.length) {
    const parts: string[] = [];
    let at = 0;
    for (const m of mentions) {
      parts.push(text.slice(at, m.start), " ".repeat(m.end - m.start));
      at = m.end;
    }
    parts.push(text.slice(at));
    masked = parts.join("");
  }
  const boundaries = new Uint8Array(text.length + 1);
  for (const sentence of sentences) {
    for (let from = sentence.start; from < sentence.end; from += SEGMENT_CHUNK) {
      const to = Math.min(sentence.end, from + SEGMENT_CHUNK);
      for (const seg of segmenter.segment(masked.slice(from, to))) {
        boundaries[from + seg.index] = 1;
        boundaries[from + seg.index + seg.segment.length] = 1;
      }
    }
  }
  return boundaries;
}

/** Segmenter words, except that an entity name is one token even where the segmenter splits it. */
function mergeTokens(text: string, boundaries: Uint8Array, mentions: Mention[]): ExtractToken[] {
  const cuts = boundaries.slice();
  const entityAt = new Map<number, number>();
  for (const m of mentions) {
    for (let i = m.start + 1; i < m.end; i++) cuts[i] = 0;
    cuts[m.start] = 1;
    cuts[m.end] = 1;
    entityAt.set(m.start, m.end);
  }
  const tokens: ExtractToken[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (!cuts[i]) continue;
    let word = false;
    let blank = true;
    for (let k = start; k < i; k++) {
      const c = text.charCodeAt(k);
      if (!isSpace(c)) blank = false;
      if (isWordChar(c)) {
        word = true;
        break;
      }
    }
    if (!blank) {
      const kind = entityAt.get(start) === i ? "entity" : word ? "word" : "punct";
      tokens.push({ text: text.slice(start, i), start, end: i, kind });
    }
    start = i;
  }
  return tokens;
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000;

/** Letters and digits: ASCII alphanumerics, and anything from Latin-1 up except punctuation blocks. */
function isWordChar(c: number) {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  if (c < 0xc0) return false;
  if ((c >= 0x2000 && c <= 0x206f) || (c >= 0x3000 && c <= 0x303f) || (c >= 0xfe30 && c <= 0xfe4f))
    return false;
  if (c >= 0xff00 && c <= 0xffef)
    return (
      (c >= 0xff10 && c <= 0xff19) || (c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a)
    );
  return true;
}

function findEvents(
  text: string,
  dict: GraphDictionary,
  sentences: Span[],
  mentions: Mention[],
  boundaries: Uint8Array,
  times: TimeExpression[],
): ExtractEvent[] {
  const clauses = splitClauses(text);
  const covered = new Uint8Array(text.length);
  for (const m of mentions) covered.fill(1, m.start, m.end);
  const insideEntity = (start: number, end: number) => covered.subarray(start, end).includes(1);
  // Mentions are in text order: a sentence's mentions are one slice, found by binary search.
  const firstAtOrAfter = (pos: number) => {
    let lo = 0;
    let hi = mentions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (mentions[mid].start < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const triggers = longestNonOverlapping(dict.triggers.findAll(text)).filter(
    (t) =>
      boundaries[t.start] &&
      boundaries[t.end] &&
      !insideEntity(t.start, t.end) &&
      !NOMINAL_SUFFIXES.some((suffix) => text.startsWith(suffix, t.end)),
  );
  const seen = new Set<string>();
  const events: ExtractEvent[] = [];
  for (const t of triggers) {
    const sentenceIndex = spanIndexAt(sentences, t.start);
    if (sentenceIndex < 0) continue;
    const type = dict.ontology.eventTypes.get(t.values[0])!;
    const key = `${type.id}:${sentenceIndex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const sentence = sentences[sentenceIndex];
    const clause = clauses[spanIndexAt(clauses, t.start)] ?? sentence;
    const inSentence = mentions
      .slice(firstAtOrAfter(sentence.start), firstAtOrAfter(sentence.end))
      .filter((m) => m.end <= sentence.end);
    const place = inSentence.find(
      (m) => m.isPlace && LOCATIVE_BEFORE.some((w) => text.startsWith(w, m.start - w.length)),
    );
    const others = inSentence.filter((m) => m !== place);
    const subjects = pickSubjects(text, others, t, clause);
    const objects = pickObjects(text, others, t);
    const time = nearest(
      times.filter((x) => x.start >= sentence.start && x.end <= sentence.end),
      t.start,
    );
    const argument = (
      role: EventArgument["role"],
      roleName: string,
      m: Mention,
    ): EventArgument => ({
      role,
      role_name: roleName,
      text: text.slice(m.start, m.end),
      start: m.start,
      end: m.end,
      entity_id: dict.uuids[m.index],
    });
    const args = [
      ...subjects.map((m) => argument("subject", type.roles.subject, m)),
      ...objects.map((m) => argument("object", type.roles.object, m)),
    ];
    if (place) args.push(argument("place", "地点", place));
    if (time)
      args.push({
        role: "time",
        role_name: "时间",
        text: time.text,
        start: time.start,
        end: time.end,
        entity_id: null,
      });
    events.push({
      trigger: text.slice(t.start, t.end),
      type: type.name,
      type_id: type.id,
      start: t.start,
      end: t.end,
      sentence_start: sentence.start,
      sentence_end: sentence.end,
      arguments: args,
      time: time ? { text: time.text, value: time.value, start: time.start, end: time.end } : null,
      place: place
        ? {
            text: text.slice(place.start, place.end),
            entity_id: dict.uuids[place.index],
            start: place.start,
            end: place.end,
          }
        : null,
    });
  }
  return events;
}

/** The clause's first entity before the trigger (else the nearest before it in the sentence), with its conjuncts. */
function pickSubjects(text: string, mentions: Mention[], trigger: Span, clause: Span): Mention[] {
  const before = mentions.filter((m) => m.end <= trigger.start);
  if (before.length === 0) return [];
  const firstInClause = before.findIndex((m) => m.start >= clause.start);
  const from = firstInClause >= 0 ? firstInClause : before.length - 1;
  return withConjuncts(text, before, from);
}

/** The nearest entity after the trigger, with its conjuncts. */
function pickObjects(text: string, mentions: Mention[], trigger: Span): Mention[] {
  const after = mentions.filter((m) => m.start >= trigger.end);
  return after.length ? withConjuncts(text, after, 0) : [];
}

function withConjuncts(text: string, list: Mention[], from: number): Mention[] {
  const out = [list[from]];
  for (let i = from + 1; i < list.length; i++) {
    if (!CONJUNCTION.test(text.slice(list[i - 1].end, list[i].start))) break;
    out.push(list[i]);
  }
  return out;
}

function nearest<T extends Span>(items: T[], pos: number): T | null {
  let best: T | null = null;
  for (const item of items) {
    if (!best || Math.abs(item.start - pos) < Math.abs(best.start - pos)) best = item;
  }
  return best;
}

function eventWithin(events: ExtractEvent[], start: number, end: number): number | null {
  const i = events.findIndex((e) => e.start >= start && e.end <= end);
  return i >= 0 ? i : null;
}

/** Up to this many distinct entities, relations among all of them are looked up; beyond, only among entities sharing a sentence. */
const ALL_PAIRS_UP_TO = 60;

/** Which entity of the dictionary each mention is, and in which sentences each entity is. */
function sentenceIndex(dict: GraphDictionary, mentions: Mention[], sentences: Span[]) {
  const sentencesOf = new Map<number, Set<number>>();
  const inSentence = new Map<number, Set<number>>();
  for (const m of mentions) {
    const id = dict.ids[m.index];
    const s = spanIndexAt(sentences, m.start);
    if (!sentencesOf.has(id)) sentencesOf.set(id, new Set());
    sentencesOf.get(id)!.add(s);
    if (!inSentence.has(s)) inSentence.set(s, new Set());
    inSentence.get(s)!.add(id);
  }
  return { sentencesOf, inSentence };
}

/**
 * The (subject, object) pairs whose stored relations the analysis looks up: every pair of
 * the entities found when they are few, else the pairs sharing a sentence. Each is a seek of
 * the pair index: a hub with thousands of relations costs no more than any other entity.
 */
function relationPairs(dict: GraphDictionary, a: Analysis): [number, number][] {
  const { sentencesOf, inSentence } = sentenceIndex(dict, a.mentions, a.sentences);
  const found = [...sentencesOf.keys()];
  if (found.length < 2) return [];
  const pairs = new Set<string>();
  const out: [number, number][] = [];
  const groups =
    found.length <= ALL_PAIRS_UP_TO ? [found] : [...inSentence.values()].map((set) => [...set]);
  for (const group of groups) {
    for (const x of group)
      for (const y of group) {
        const key = `${x},${y}`;
        if (x !== y && !pairs.has(key)) {
          pairs.add(key);
          out.push([x, y]);
        }
      }
  }
  return out;
}

/** Stored relations among the entities found, as the analysis answers them. */
function knownRelations(
  dict: GraphDictionary,
  mentions: Mention[],
  sentences: Span[],
  rows: KnownRelationRow[],
): ExtractRelation[] {
  const { sentencesOf } = sentenceIndex(dict, mentions, sentences);
  const indexOfId = new Map(mentions.map((m) => [dict.ids[m.index], m.index]));
  return rows.map((r) => {
    const s = indexOfId.get(r.subject_id)!;
    const o = indexOfId.get(r.object_id)!;
    const shared = [...(sentencesOf.get(r.subject_id) ?? [])].filter((i) =>
      sentencesOf.get(r.object_id)?.has(i),
    );
    const first = shared.length ? Math.min(...shared) : -1;
    return {
      id: r.id,
      subject: { uuid: dict.uuids[s], name: dict.names[s] },
      predicate: dict.ontology.relationTypes.get(r.relation_type_id)?.name ?? "",
      object: { uuid: dict.uuids[o], name: dict.names[o] },
      confidence: r.confidence,
      article_id: r.article_id,
      sent_start: r.sent_start,
      sent_end: r.sent_end,
      text_sentence: first >= 0 ? sentences[first] : null,
    };
  });
}
