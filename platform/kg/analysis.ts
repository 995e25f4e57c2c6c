import type {
  EventArgument,
  ExtractEntity,
  ExtractEvent,
  ExtractResult,
  ExtractToken,
} from "@contract/kg";
import { longestNonOverlapping, type AhoCorasick, type Match } from "./aho-corasick.js";
import { findCausalPairs } from "./causal.js";
import {
  admitsArgument,
  eventFeatures,
  hasArguments,
  reportConfidence,
  type EventModel,
} from "./event-model.js";
import type { GraphOntology } from "./ontology.js";
import { relationCandidates, type Candidate } from "./relation-patterns.js";
import {
  findTimes,
  type Span,
  spanIndexAt,
  splitClauses,
  splitSentences,
  type TimeExpression,
  wordsOf,
} from "./text.js";

/**
 * The analysis of a text by a graph's dictionary, with no store involved: entity mentions
 * (Aho–Corasick, longest match), words (Intl.Segmenter, entity names kept whole), events from
 * trigger words with their arguments, causal pairs, and the candidate pairs of relation
 * extraction. Text analysis (extract.ts) and the learners (knowledge.ts) share it.
 */

/** Names shorter than this are not matched: one character matches everywhere in Chinese. */
export const MIN_NAME_LENGTH = 2;

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

export interface Mention extends Match<number> {
  index: number;
  isPlace: boolean;
}

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const LOCATIVE_BEFORE = ["在", "于", "赴", "至", "到", "往", "向", "抵", "驻", "入", "经"];
const CONJUNCTION = /^(?:[与和及、同跟]|以及)$/;
/** A trigger followed by one of these names a thing, not an event: 发布会, 发射场, 投资方, 合作伙伴. */
const NOMINAL_SUFFIXES = ["会", "场", "方", "者", "稿", "厅", "商", "伙伴"];

export interface Analysis {
  text: string;
  sentences: Span[];
  mentions: Mention[];
  /** 1 where a word (of the segmenter, or an entity name) starts or ends. */
  boundaries: Uint8Array;
  tokens: ExtractToken[];
  events: FoundEvent[];
  causal: ExtractResult["causal"];
  entities: ExtractEntity[];
}

/** An event with the features its report confidence was computed from (what a learner fits). */
export interface FoundEvent extends ExtractEvent {
  features: string[];
}

/** Everything of an analysis but the relations; events as `events` (what was learnt of them) has them. */
export function analyse(
  dict: GraphDictionary,
  events: EventModel,
  text: string,
  referenceDate?: string,
): Analysis {
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
  const found = findEvents(text, dict, events, sentences, mentions, boundaries, times);
  const causal = findCausalPairs(text, sentences).map((pair) => ({
    ...pair,
    cause_event: eventWithin(found, pair.cause_start, pair.cause_end),
    effect_event: eventWithin(found, pair.effect_start, pair.effect_end),
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
  return { text, sentences, mentions, boundaries, tokens, events: found, causal, entities };
}

/** The relation candidates of an analysed text: two mentions of one sentence, with their pattern keys. */
export function candidatesOf(dict: GraphDictionary, a: Analysis): Candidate[] {
  return relationCandidates(
    a.text,
    a.sentences,
    a.mentions.map((m) => ({
      start: m.start,
      end: m.end,
      entity: m.index,
      classId: dict.classIds[m.index],
    })),
    a.boundaries,
    dict.ontology,
  );
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

/**
 * Events from trigger words: one per type and sentence, with the subjects before the trigger
 * and the objects after it among the mentions of a class the type admits (`model`), and a
 * place after a locative; an event type that training events showed with typed arguments
 * needs one of them. Each event's confidence is the learnt chance that its sentence reports it.
 */
function findEvents(
  text: string,
  dict: GraphDictionary,
  model: EventModel,
  sentences: Span[],
  mentions: Mention[],
  boundaries: Uint8Array,
  times: TimeExpression[],
): FoundEvent[] {
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
  const events: FoundEvent[] = [];
  for (const t of triggers) {
    const sentenceIndex = spanIndexAt(sentences, t.start);
    if (sentenceIndex < 0) continue;
    const type = dict.ontology.eventTypes.get(t.values[0])!;
    const key = `${type.id}:${sentenceIndex}`;
    if (seen.has(key)) continue;
    const sentence = sentences[sentenceIndex];
    const clause = clauses[spanIndexAt(clauses, t.start)] ?? sentence;
    const inSentence = mentions
      .slice(firstAtOrAfter(sentence.start), firstAtOrAfter(sentence.end))
      .filter((m) => m.end <= sentence.end);
    const place = inSentence.find(
      (m) => m.isPlace && LOCATIVE_BEFORE.some((w) => text.startsWith(w, m.start - w.length)),
    );
    const others = inSentence.filter((m) => m !== place);
    const classOf = (m: Mention) => dict.classIds[m.index];
    const subjects = pickSubjects(
      text,
      others.filter((m) => admitsArgument(model, type.id, "subject", classOf(m))),
      t,
      clause,
    );
    const objects = pickObjects(
      text,
      others.filter((m) => admitsArgument(model, type.id, "object", classOf(m))),
      t,
    );
    const found = {
      subjects: subjects.length,
      objects: objects.length,
      place: !!place,
      classes: inSentence.map(classOf),
    };
    if (!hasArguments(model, type.id, found)) continue;
    seen.add(key);
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
    const features = eventFeatures({
      type: type.name,
      before: text.slice(Math.max(sentence.start, t.start - 1), t.start),
      after: text.slice(t.end, Math.min(sentence.end, t.end + 1)),
      words: wordsAround(text, boundaries, sentence, inSentence, t),
      subject: subjects.length > 0,
      object: objects.length > 0,
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
      confidence: Math.round(reportConfidence(model, features) * 1000) / 1000,
      features,
    });
  }
  return events;
}

/** The words of a sentence outside its entity mentions and the trigger. */
function wordsAround(
  text: string,
  boundaries: Uint8Array,
  sentence: Span,
  mentions: Mention[],
  trigger: Span,
): string[] {
  const out: string[] = [];
  let at = sentence.start;
  const gaps = [...mentions, trigger].sort((a, b) => a.start - b.start);
  for (const m of gaps) {
    if (m.start > at) out.push(...wordsOf(text, boundaries, at, m.start));
    at = Math.max(at, m.end);
  }
  if (at < sentence.end) out.push(...wordsOf(text, boundaries, at, sentence.end));
  return out;
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
