import type { GraphOntology } from "./ontology.js";
import { spanIndexAt, wordsOf, type Span } from "./text.js";

/**
 * Relation extraction learnt from a graph's own articles (issue 27, decision 023).
 *
 * A candidate is two entity mentions of one sentence. The ontology's domain and range say
 * which relation types, in which direction, the pair could take; what decides is learnt:
 * the words between and around the two mentions in the sentences of the training articles
 * that state a relation. Each candidate yields pattern keys, from the most specific (the whole
 * stretch between the two, other mentions written as their class, with what follows the
 * second or precedes the first) to single words between them or after the second. A
 * pattern's reliability for a relation type and direction is the share of the training
 * candidates it matched (whatever their classes: "于" between two mentions states 部署于
 * seldom, though always between a unit and a base) that stated that relation, with one
 * pseudo-miss so that one sighting is not certainty: hits / (seen + 1). A candidate takes the
 * type and direction, among those its classes admit, of its most reliable matching pattern,
 * when that reliability reaches MIN_CONFIDENCE; the confidence is that reliability and the
 * pattern is named with the prediction, so reviewers' verdicts can be booked against it.
 */

/** "ab": the first mention in the text is the subject; "ba": the second one is. */
export type Direction = "ab" | "ba";

/** A mention as the learner sees it: where, which entity (dictionary index), of which class. */
export interface PairMention extends Span {
  entity: number;
  classId: number | null;
}

export interface Candidate {
  first: PairMention;
  second: PairMention;
  sentence: Span;
  keys: string[];
}

/** How a pattern fared: candidates it matched that the type admits, and those stating the relation. */
export interface PatternStat {
  type: number;
  dir: Direction;
  key: string;
  hits: number;
  seen: number;
}

/** A learnt model: its patterns by key (only those that were right at least once). */
export interface RelationPatterns {
  byKey: Map<string, PatternStat[]>;
  /** How many candidates each key matched (every key, for verdicts to add to). */
  seen: Map<string, number>;
  /** Training candidates and the relations among them, for the run's log. */
  candidates: number;
  positives: number;
}

export interface PredictedRelation {
  candidate: Candidate;
  type: number;
  subject: PairMention;
  object: PairMention;
  confidence: number;
  pattern: string;
}

/** A prediction is made from this reliability up. */
export const MIN_CONFIDENCE = 0.5;
/** Longest stretch between two mentions taken whole as a pattern (longer ones: only its words). */
const MAX_BETWEEN = 16;
/** Characters after the second mention (and before the first) that complete a pattern. */
const AFTER_CHARS = 6;
const BEFORE_CHARS = 4;
const CLAUSE_END = /[，,：:；;。！？!?…\n]/;
const EDGE_PUNCT =
  /^[\s，,：:；;。！？!?…、“”"'‘’（）()《》【】[\]—·]+|[\s，,：:；;。！？!?…、“”"'‘’（）()《》【】[\]—·]+$/g;

export const emptyPatterns = (): RelationPatterns => ({
  byKey: new Map(),
  seen: new Map(),
  candidates: 0,
  positives: 0,
});

/** The text of a stretch with the mentions inside it written as their class: "、{国家}和". */
function stretch(
  text: string,
  from: number,
  to: number,
  inner: PairMention[],
  className: (id: number | null) => string,
) {
  let out = "";
  let at = from;
  for (const m of inner) {
    out += text.slice(at, m.start) + `{${className(m.classId)}}`;
    at = m.end;
  }
  return out + text.slice(at, to);
}

/**
 * The candidates of a text: every two mentions of different entities in one sentence, in text
 * order, with their pattern keys. `mentions` in text order; `boundaries` marks word edges.
 */
export function relationCandidates(
  text: string,
  sentences: Span[],
  mentions: PairMention[],
  boundaries: Uint8Array,
  ontology: GraphOntology,
): Candidate[] {
  const className = (id: number | null) =>
    id == null ? "" : (ontology.classes.get(id)?.name ?? "");
  const out: Candidate[] = [];
  let from = 0;
  for (const sentence of sentences) {
    while (from < mentions.length && mentions[from].start < sentence.start) from++;
    let to = from;
    while (to < mentions.length && mentions[to].end <= sentence.end) to++;
    const inSentence = mentions.slice(from, to);
    from = to;
    if (inSentence.length < 2) continue;
    const clauseEnds = clauseBreaks(text, sentence);
    const clauseOf = (pos: number) => spanIndexAt(clauseEnds, pos);
    for (let i = 0; i < inSentence.length; i++) {
      const a = inSentence[i];
      for (let j = i + 1; j < inSentence.length; j++) {
        const b = inSentence[j];
        if (a.entity === b.entity) continue;
        const keys: string[] = [];
        const between = stretch(text, a.end, b.start, inSentence.slice(i + 1, j), className);
        const sameClause = clauseOf(a.start) === clauseOf(b.start);
        const clauseB = clauseEnds[clauseOf(b.start)] ?? sentence;
        const clauseA = clauseEnds[clauseOf(a.start)] ?? sentence;
        const afterEnd = Math.min(clauseB.end, inSentence[j + 1]?.start ?? sentence.end);
        const after = text.slice(b.end, afterEnd).replace(EDGE_PUNCT, "").slice(0, AFTER_CHARS);
        const beforeStart = Math.max(clauseA.start, inSentence[i - 1]?.end ?? sentence.start);
        const before = text
          .slice(beforeStart, a.start)
          .replace(EDGE_PUNCT, "")
          .slice(-BEFORE_CHARS);
        if (between.length <= MAX_BETWEEN) {
          keys.push(`b:${between}`, `ba:${between}|${after}`, `pb:${before}|${between}`);
        }
        if (sameClause) {
          for (const w of new Set(wordsOf(text, boundaries, a.end, b.start))) keys.push(`w:${w}`);
          for (const w of wordsOf(text, boundaries, b.end, afterEnd).slice(0, 2))
            keys.push(`aw:${w}`);
        }
        out.push({ first: a, second: b, sentence, keys });
      }
    }
  }
  return out;
}

/** The sentence's clauses (cut at commas, colons, semicolons). */
function clauseBreaks(text: string, sentence: Span): Span[] {
  const out: Span[] = [];
  let start = sentence.start;
  for (let i = sentence.start; i < sentence.end; i++) {
    if (CLAUSE_END.test(text[i])) {
      out.push({ start, end: i + 1 });
      start = i + 1;
    }
  }
  if (start < sentence.end) out.push({ start, end: sentence.end });
  return out;
}

/** The relation types (with direction) the ontology's domain and range admit for two classes. */
export class TypeAdmission {
  private memo = new Map<string, { type: number; dir: Direction }[]>();
  constructor(private ontology: GraphOntology) {}

  private fits(classId: number | null, bound: number | null) {
    if (bound == null) return true;
    if (classId == null) return false;
    return this.ontology.subtree(bound).includes(classId);
  }

  of(first: number | null, second: number | null): { type: number; dir: Direction }[] {
    const key = `${first},${second}`;
    let hit = this.memo.get(key);
    if (!hit) {
      hit = [];
      for (const t of this.ontology.relationTypes.values()) {
        if (this.fits(first, t.domain_class_id) && this.fits(second, t.range_class_id))
          hit.push({ type: t.id, dir: "ab" });
        if (this.fits(second, t.domain_class_id) && this.fits(first, t.range_class_id))
          hit.push({ type: t.id, dir: "ba" });
      }
      this.memo.set(key, hit);
    }
    return hit;
  }
}

/** What a training candidate states: a relation type and direction, or nothing. */
export type Label = { type: number; dir: Direction } | null;

/**
 * Learns the patterns from labelled training candidates: each key of a candidate is seen
 * once, and hit for the relation (type and direction) the candidate states. Patterns never
 * hit are not kept (their reliability is 0).
 */
export function learnPatterns(
  examples: { candidate: Candidate; label: Label }[],
): RelationPatterns {
  const stats = new Map<string, PatternStat>();
  let positives = 0;
  const seen = new Map<string, number>();
  for (const { candidate, label } of examples) {
    for (const key of candidate.keys) seen.set(key, (seen.get(key) ?? 0) + 1);
    if (!label) continue;
    positives++;
    for (const key of candidate.keys) {
      const id = `${label.type}:${label.dir}:${key}`;
      let s = stats.get(id);
      if (!s) stats.set(id, (s = { type: label.type, dir: label.dir, key, hits: 0, seen: 0 }));
      s.hits++;
    }
  }
  const byKey = new Map<string, PatternStat[]>();
  for (const s of stats.values()) {
    s.seen = seen.get(s.key)!;
    const list = byKey.get(s.key) ?? [];
    list.push(s);
    byKey.set(s.key, list);
  }
  return { byKey, seen, candidates: examples.length, positives };
}

export const reliability = (s: { hits: number; seen: number }) => s.hits / (s.seen + 1);

/**
 * The relation each candidate states, if any: of the types and directions the ontology
 * admits, the one whose best matching pattern is most reliable, from MIN_CONFIDENCE up.
 */
export function predictRelations(
  candidates: Candidate[],
  patterns: RelationPatterns,
  ontology: GraphOntology,
): PredictedRelation[] {
  const admission = new TypeAdmission(ontology);
  const out: PredictedRelation[] = [];
  for (const c of candidates) {
    const admitted = admission.of(c.first.classId, c.second.classId);
    if (!admitted.length) continue;
    let best: { s: PatternStat; r: number } | null = null;
    for (const key of c.keys) {
      for (const s of patterns.byKey.get(key) ?? []) {
        if (!admitted.some((a) => a.type === s.type && a.dir === s.dir)) continue;
        const r = reliability(s);
        if (!best || r > best.r) best = { s, r };
      }
    }
    if (!best || best.r < MIN_CONFIDENCE) continue;
    const [subject, object] = best.s.dir === "ab" ? [c.first, c.second] : [c.second, c.first];
    out.push({
      candidate: c,
      type: best.s.type,
      subject,
      object,
      confidence: best.r,
      pattern: best.s.key,
    });
  }
  return out;
}

/** A reviewer's verdict on an extracted relation: right (accepted) or wrong, with its candidate's keys. */
export interface Verdict {
  type: number;
  dir: Direction;
  keys: string[];
  accepted: boolean;
}

/**
 * The patterns with reviewers' verdicts booked as one more training candidate each: every key
 * of the candidate was seen once more, and hit for the relation when it was accepted. So a
 * rejected relation lowers the reliability of every pattern that proposed it, an accepted one
 * raises them. The learnt counts are left as they were (a copy is returned).
 */
export function withVerdicts(patterns: RelationPatterns, verdicts: Verdict[]): RelationPatterns {
  if (!verdicts.length) return patterns;
  const byKey = new Map<string, PatternStat[]>();
  for (const [key, list] of patterns.byKey)
    byKey.set(
      key,
      list.map((s) => ({ ...s })),
    );
  const seen = new Map(patterns.seen);
  for (const v of verdicts) {
    for (const key of new Set(v.keys)) {
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      const list = byKey.get(key) ?? [];
      for (const s of list) s.seen = n;
      if (!v.accepted) continue;
      let s = list.find((x) => x.type === v.type && x.dir === v.dir);
      if (!s) list.push((s = { type: v.type, dir: v.dir, key, hits: 0, seen: n }));
      s.hits++;
      byKey.set(key, list);
    }
  }
  return { ...patterns, byKey, seen };
}
