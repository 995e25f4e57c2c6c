/** Sentence, clause and time-expression scanning for Chinese text. Offsets are string indices. */

export interface Span {
  start: number;
  end: number;
}

const SENTENCE_END = /[。！？!?；;…\n]/;
const CLAUSE_END = /[，,：:；;。！？!?…\n]/;
const SPACE_OR_PUNCT = /[\s，,：:；;。！？!?…、“”"'‘’（）()《》【】[\]—\-·]/;

/** Sentences with their terminator included; blank stretches are skipped. */
export function splitSentences(text: string): Span[] {
  return splitBy(text, SENTENCE_END);
}

export function splitClauses(text: string): Span[] {
  return splitBy(text, CLAUSE_END);
}

function splitBy(text: string, boundary: RegExp): Span[] {
  const out: Span[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (boundary.test(text[i])) {
      // A run of terminators ("？！", "……") closes one sentence.
      while (i + 1 < text.length && boundary.test(text[i + 1]) && text[i + 1] !== "\n") i++;
      pushTrimmed(text, start, i + 1, out);
      start = i + 1;
    }
  }
  pushTrimmed(text, start, text.length, out);
  return out;
}

function pushTrimmed(text: string, start: number, end: number, out: Span[]) {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end > start) out.push({ start, end });
}

const PUNCT_ONLY = /^[\s，,：:；;。！？!?…、“”"'‘’（）()《》【】[\]—·]+$/;

/** Words of [from, to) by word boundaries (1 where a word starts or ends), punctuation left out. */
export function wordsOf(text: string, boundaries: Uint8Array, from: number, to: number): string[] {
  const out: string[] = [];
  let start = from;
  for (let i = from + 1; i <= to; i++) {
    if (!boundaries[i] && i < to) continue;
    const w = text.slice(start, i).trim();
    if (w && !PUNCT_ONLY.test(w)) out.push(w);
    start = i;
  }
  return out;
}

/** Shrinks a span past punctuation and spaces on both ends. */
export function trimSpan(text: string, start: number, end: number): Span {
  while (start < end && SPACE_OR_PUNCT.test(text[start])) start++;
  while (end > start && SPACE_OR_PUNCT.test(text[end - 1])) end--;
  return { start, end };
}

/** Index of the span containing `pos` (binary search over sorted, disjoint spans), or -1. */
export function spanIndexAt(spans: Span[], pos: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (pos < spans[mid].start) hi = mid - 1;
    else if (pos >= spans[mid].end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

export interface TimeExpression extends Span {
  text: string;
  /** ISO-like value as precise as the text: "2023-05-12", "2023-05", "2023"; "XXXX-05-12" when the year is unknown. */
  value: string;
}

const TIME_PATTERN =
  /(\d{4})年(\d{1,2})月(\d{1,2})[日号]|(\d{4})年(\d{1,2})月(?:[上中下]旬|底|初)?|(今年|去年|明年)(?:(\d{1,2})月(?:(\d{1,2})[日号])?)?|(\d{1,2})月(\d{1,2})[日号]|(\d{4})年(?:[上下]半年|底|初)?/g;

const pad = (n: number) => String(n).padStart(2, "0");
const validMonth = (m: number) => m >= 1 && m <= 12;
const validDay = (d: number) => d >= 1 && d <= 31;

/**
 * Dates in the text. A date without a year takes the reference year (the article's year,
 * or the first full date of the text); relative years (今年, 去年, 明年) count from it too.
 */
export function findTimes(text: string, referenceYear?: number): TimeExpression[] {
  const out: TimeExpression[] = [];
  let year = referenceYear;
  if (year === undefined) {
    const first = /(\d{4})年/.exec(text);
    if (first) year = Number(first[1]);
  }
  for (const m of text.matchAll(TIME_PATTERN)) {
    const start = m.index!;
    const end = start + m[0].length;
    let value: string | null = null;
    if (m[1]) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (validMonth(mo) && validDay(d)) value = `${y}-${pad(mo)}-${pad(d)}`;
    } else if (m[4]) {
      const mo = Number(m[5]);
      if (validMonth(mo)) value = `${m[4]}-${pad(mo)}`;
    } else if (m[6]) {
      const offset = m[6] === "去年" ? -1 : m[6] === "明年" ? 1 : 0;
      const y = year !== undefined ? String(year + offset) : "XXXX";
      const mo = m[7] ? Number(m[7]) : undefined;
      const d = m[8] ? Number(m[8]) : undefined;
      if (mo === undefined) value = y;
      else if (validMonth(mo) && (d === undefined || validDay(d)))
        value = d ? `${y}-${pad(mo)}-${pad(d)}` : `${y}-${pad(mo)}`;
    } else if (m[9]) {
      const [mo, d] = [Number(m[9]), Number(m[10])];
      if (validMonth(mo) && validDay(d)) value = `${year ?? "XXXX"}-${pad(mo)}-${pad(d)}`;
    } else if (m[11]) {
      value = m[11];
    }
    if (value) out.push({ start, end, text: m[0], value });
  }
  return out;
}
