import type { CausalPair } from "@contract/kg";
import { type Span, splitSentences, trimSpan } from "./text.js";

const LEAD_CUES = ["因为", "由于"];
const EFFECT_MARKERS = [
  "所以",
  "因此",
  "因而",
  "于是",
  "从而",
  "导致",
  "致使",
  "使得",
  "造成",
  "故",
];
const FORWARD_CUES = [
  "导致",
  "引发",
  "造成",
  "致使",
  "使得",
  "促使",
  "引起",
  "带动",
  "以致",
  "从而",
  "进而",
  "因此",
  "因而",
  "所以",
];
const BACKWARD_CUES = ["归因于", "源于", "缘于", "得益于"];
const LINKING_OPENERS = ["受此影响", "因此", "所以", "因而", "为此", "由此"];
const COMMA = /[，,]/;

/** Finds cause–effect pairs sentence by sentence; a sentence states at most one pair. */
export function findCausalPairs(
  text: string,
  sentences: Span[] = splitSentences(text),
): CausalPair[] {
  const out: CausalPair[] = [];
  sentences.forEach((s, i) => {
    const pair =
      pairInSentence(text, s) ?? (i > 0 ? pairAcrossSentences(text, sentences[i - 1], s) : null);
    if (pair) out.push(pair);
  });
  return out;
}

function pairInSentence(text: string, s: Span): CausalPair | null {
  const body = text.slice(s.start, s.end);
  return (
    leadCue(text, s, body) ??
    influence(text, s, body) ??
    forwardCue(text, s, body) ??
    backwardCue(text, s, body)
  );
}

/** 因为/由于 X，(所以…) Y — or, after a comma, Y，(是)因为 X. */
function leadCue(text: string, s: Span, body: string): CausalPair | null {
  const hit = firstOf(body, LEAD_CUES);
  if (!hit) return null;
  const clauseStart = lastIndexOfRe(body.slice(0, hit.index), COMMA) + 1;
  const afterCue = hit.index + hit.cue.length;
  const comma = indexOfRe(body, COMMA, afterCue);
  // "Y，是因为 X" (or a cue clause that closes the sentence) explains what came before.
  const explainsBefore = body.slice(clauseStart, hit.index).trim() === "是" || comma < 0;
  if (explainsBefore) {
    if (clauseStart === 0) return null;
    return build(text, s.start, [afterCue, body.length], [0, clauseStart - 1], `是${hit.cue}`, [
      0,
      body.length,
    ]);
  }
  let effectFrom = comma + 1;
  let cue = hit.cue;
  const marker = EFFECT_MARKERS.find((m) => body.startsWith(m, effectFrom));
  if (marker) {
    effectFrom += marker.length;
    cue = `${hit.cue}…${marker}`;
  }
  return build(text, s.start, [afterCue, comma], [effectFrom, body.length], cue, [
    hit.index,
    body.length,
  ]);
}

/** 受 X 影响，Y */
function influence(text: string, s: Span, body: string): CausalPair | null {
  const m = /受(到)?(.{1,40}?)(?:的)?影响[，,]?/.exec(body);
  if (!m || m[2] === "此") return null;
  const causeFrom = m.index + 1 + (m[1] ? 1 : 0);
  const causeTo = causeFrom + m[2].length;
  return build(
    text,
    s.start,
    [causeFrom, causeTo],
    [m.index + m[0].length, body.length],
    "受…影响",
    [m.index, body.length],
  );
}

/** X 导致/引发/造成… Y */
function forwardCue(text: string, s: Span, body: string): CausalPair | null {
  const hit = firstOf(body, FORWARD_CUES, 1);
  if (!hit) return null;
  return build(text, s.start, [0, hit.index], [hit.index + hit.cue.length, body.length], hit.cue, [
    0,
    body.length,
  ]);
}

/** Y 源于/归因于 X */
function backwardCue(text: string, s: Span, body: string): CausalPair | null {
  const hit = firstOf(body, BACKWARD_CUES, 1);
  if (!hit) return null;
  return build(text, s.start, [hit.index + hit.cue.length, body.length], [0, hit.index], hit.cue, [
    0,
    body.length,
  ]);
}

/** 因此/受此影响… at the head of a sentence: the previous sentence is the cause. */
function pairAcrossSentences(text: string, previous: Span, s: Span): CausalPair | null {
  const body = text.slice(s.start, s.end);
  const opener = LINKING_OPENERS.find((o) => body.startsWith(o));
  if (!opener) return null;
  const cause = trimSpan(text, previous.start, previous.end);
  const effect = trimSpan(text, s.start + opener.length, s.end);
  if (cause.end - cause.start < 2 || effect.end - effect.start < 2) return null;
  return {
    cause: text.slice(cause.start, cause.end),
    effect: text.slice(effect.start, effect.end),
    cue: opener,
    start: previous.start,
    end: s.end,
    cause_start: cause.start,
    cause_end: cause.end,
    effect_start: effect.start,
    effect_end: effect.end,
  };
}

function build(
  text: string,
  base: number,
  causeRange: [number, number],
  effectRange: [number, number],
  cue: string,
  whole: [number, number],
): CausalPair | null {
  const cause = trimSpan(text, base + causeRange[0], base + causeRange[1]);
  const effect = trimSpan(text, base + effectRange[0], base + effectRange[1]);
  stripLead(text, cause);
  if (cause.end - cause.start < 2 || effect.end - effect.start < 2) return null;
  const span = trimSpan(text, base + whole[0], base + whole[1]);
  return {
    cause: text.slice(cause.start, cause.end),
    effect: text.slice(effect.start, effect.end),
    cue,
    start: span.start,
    end: span.end,
    cause_start: cause.start,
    cause_end: cause.end,
    effect_start: effect.start,
    effect_end: effect.end,
  };
}

/** "由于X导致Y": the cause clause should not keep its own lead cue. */
function stripLead(text: string, span: Span) {
  for (const cue of LEAD_CUES) {
    if (text.startsWith(cue, span.start)) {
      span.start += cue.length;
      return;
    }
  }
}

function firstOf(body: string, cues: string[], from = 0): { index: number; cue: string } | null {
  let best: { index: number; cue: string } | null = null;
  for (const cue of cues) {
    const index = body.indexOf(cue, from);
    if (index < 0) continue;
    if (!best || index < best.index || (index === best.index && cue.length > best.cue.length))
      best = { index, cue };
  }
  return best;
}

function indexOfRe(s: string, re: RegExp, from: number) {
  for (let i = from; i < s.length; i++) if (re.test(s[i])) return i;
  return -1;
}

function lastIndexOfRe(s: string, re: RegExp) {
  for (let i = s.length - 1; i >= 0; i--) if (re.test(s[i])) return i;
  return -1;
}
