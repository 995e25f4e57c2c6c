/**
 * Aho–Corasick automaton over UTF-16 code units: finds every occurrence of every pattern in
 * one pass over the text, whatever the number of patterns.
 *
 * Matching folds ASCII and full-width Latin letters to lower case (one code unit to one, so
 * offsets stay those of the original text): "F-35" finds "ｆ－35" and "f-35".
 */
export interface Match<T> {
  start: number;
  end: number;
  values: T[];
}

const fold = (code: number) => {
  if (code >= 0xff01 && code <= 0xff5e) code -= 0xfee0;
  if (code >= 65 && code <= 90) code += 32;
  return code;
};

export function foldText(text: string) {
  let out = "";
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(fold(text.charCodeAt(i)));
  return out;
}

export class AhoCorasick<T> {
  /** Transitions, keyed by state * 65536 + code unit. One map keeps memory flat for 100k+ patterns. */
  private goto = new Map<number, number>();
  private fail: Int32Array;
  /** Index into `outputs` of the pattern ending at a state, or -1. */
  private output: Int32Array;
  /** The nearest state on the fail chain that ends a pattern (0 when none). */
  private dictLink: Int32Array;
  private outputs: { length: number; values: T[] }[] = [];
  readonly patternCount: number;

  constructor(entries: Iterable<readonly [string, T]>) {
    const outputOf: number[] = [-1];
    const firstChild: number[] = [-1];
    const nextSibling: number[] = [-1];
    let states = 1;
    const byPattern = new Map<string, number>();
    for (const [pattern, value] of entries) {
      if (!pattern) continue;
      const key = foldText(pattern);
      const known = byPattern.get(key);
      if (known !== undefined) {
        this.outputs[known].values.push(value);
        continue;
      }
      let state = 0;
      for (let i = 0; i < key.length; i++) {
        const k = state * 65536 + key.charCodeAt(i);
        let next = this.goto.get(k);
        if (next === undefined) {
          next = states++;
          this.goto.set(k, next);
          outputOf.push(-1);
          firstChild.push(-1);
          nextSibling.push(firstChild[state]);
          firstChild[state] = next;
        }
        state = next;
      }
      const index = this.outputs.length;
      this.outputs.push({ length: key.length, values: [value] });
      outputOf[state] = index;
      byPattern.set(key, index);
    }
    this.patternCount = this.outputs.length;
    this.output = Int32Array.from(outputOf);
    this.fail = new Int32Array(states);
    this.dictLink = new Int32Array(states);
    // Edge labels are recovered from the goto map while walking breadth first.
    const edgeCode = new Int32Array(states);
    for (const [k, child] of this.goto) edgeCode[child] = k % 65536;
    const queue = new Int32Array(states);
    let head = 0;
    let tail = 0;
    for (let c = firstChild[0]; c !== -1; c = nextSibling[c]) queue[tail++] = c;
    while (head < tail) {
      const state = queue[head++];
      for (let c = firstChild[state]; c !== -1; c = nextSibling[c]) {
        const code = edgeCode[c];
        let f = this.fail[state];
        let target = this.goto.get(f * 65536 + code);
        while (target === undefined && f !== 0) {
          f = this.fail[f];
          target = this.goto.get(f * 65536 + code);
        }
        const failState = target ?? 0;
        this.fail[c] = failState;
        this.dictLink[c] = this.output[failState] >= 0 ? failState : this.dictLink[failState];
        queue[tail++] = c;
      }
    }
  }

  /** Every occurrence of every pattern, in order of end position. */
  findAll(text: string): Match<T>[] {
    const found: Match<T>[] = [];
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = fold(text.charCodeAt(i));
      let next = this.goto.get(state * 65536 + code);
      while (next === undefined && state !== 0) {
        state = this.fail[state];
        next = this.goto.get(state * 65536 + code);
      }
      state = next ?? 0;
      for (
        let s = this.output[state] >= 0 ? state : this.dictLink[state];
        s !== 0;
        s = this.dictLink[s]
      ) {
        const out = this.outputs[this.output[s]];
        found.push({ start: i + 1 - out.length, end: i + 1, values: out.values });
      }
    }
    return found;
  }

  /** Leftmost-longest matches that do not overlap, in text order. */
  findLongest(text: string): Match<T>[] {
    return longestNonOverlapping(this.findAll(text));
  }
}

export function longestNonOverlapping<M extends { start: number; end: number }>(matches: M[]): M[] {
  const sorted = [...matches].sort((a, b) => a.start - b.start || b.end - a.end);
  const chosen: M[] = [];
  let lastEnd = 0;
  for (const m of sorted) {
    if (m.start < lastEnd) continue;
    chosen.push(m);
    lastEnd = m.end;
  }
  return chosen;
}
