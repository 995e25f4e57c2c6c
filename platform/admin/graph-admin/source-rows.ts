import type { RdfRow } from "../../interchange/rdf-read.js";

/**
 * The source rows of a build, update or dry run, kept compact (issue 26: a plan of 1,000,000
 * rows within 400 MB). Each cell is an index into one table of the distinct strings the rows
 * hold (names, predicates, values: a name used a hundred times is kept once), in Int32Array
 * chunks of CHUNK_ROWS rows of NCOLS cells (filled one after the other: never copied to grow); a row's ref (`文件"a.nt"第 12 行`) is a template (the text around its
 * number, interned like the cells) and the number; what few rows carry besides (a problem of the
 * reader, an unmapped predicate, RDF provenance, a description) sits in a sparse map. `at(i)`
 * gives row i as the object it was pushed as (made anew on each call: read, never kept).
 */

type Extra = Pick<RdfRow, "problem" | "unmapped" | "provenance" | "describes">;

const COLUMNS = [
  "subject",
  "predicate",
  "object",
  "confidence",
  "subject_type",
  "object_type",
  "op",
] as const;
/** The seven cells, the ref's template and the ref's number (-1: the ref is kept whole in `refs`). */
const NCOLS = COLUMNS.length + 2;
const NUMBERED = /^([^]*?)(0|[1-9]\d{0,8})(\D*)$/;
/** Rows a chunk: 2.4 MB of cells. */
const CHUNK_BITS = 16;
const CHUNK_ROWS = 1 << CHUNK_BITS;

export class SourceRows {
  length = 0;
  private readonly chunks: Int32Array[] = [];
  private readonly strings: string[] = [""];
  private readonly ids = new Map<string, number>([["", 0]]);
  private readonly extras = new Map<number, Extra>();
  private readonly refs = new Map<number, string>();
  private readonly templates: [string, string][] = [];
  private readonly templateIds = new Map<string, number>();

  private intern(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.strings.length;
      // A copy of its own: a long cell may be a slice of its whole file's text, which it would keep.
      this.strings.push(s.length < 13 ? s : JSON.parse(JSON.stringify(s)));
      this.ids.set(s, id);
    }
    return id;
  }

  /** Row i's chunk and where its cells start in it. */
  private cellsOf(i: number): [Int32Array, number] {
    return [this.chunks[i >> CHUNK_BITS], (i & (CHUNK_ROWS - 1)) * NCOLS];
  }

  push(row: RdfRow): void {
    const i = this.length;
    if (i >> CHUNK_BITS === this.chunks.length)
      this.chunks.push(new Int32Array(CHUNK_ROWS * NCOLS));
    const [cells, at] = this.cellsOf(i);
    for (let c = 0; c < COLUMNS.length; c++) cells[at + c] = this.intern(row[COLUMNS[c]]);
    const m = NUMBERED.exec(row.ref);
    if (m) {
      const key = `${m[1]}\u0000${m[3]}`;
      let t = this.templateIds.get(key);
      if (t === undefined) {
        t = this.templates.length;
        this.templates.push([m[1], m[3]]);
        this.templateIds.set(key, t);
      }
      cells[at + NCOLS - 2] = t;
      cells[at + NCOLS - 1] = Number(m[2]);
    } else {
      cells[at + NCOLS - 1] = -1;
      this.refs.set(i, row.ref);
    }
    if (row.problem || row.unmapped || row.provenance || row.describes) {
      const extra: Extra = {};
      if (row.problem) extra.problem = row.problem;
      if (row.unmapped) extra.unmapped = row.unmapped;
      if (row.provenance) extra.provenance = row.provenance;
      if (row.describes) extra.describes = row.describes;
      this.extras.set(i, extra);
    }
    this.length++;
  }

  /** Where row i came from (`文件"a.nt"第 12 行`). */
  ref(i: number): string {
    const [cells, at] = this.cellsOf(i);
    const n = cells[at + NCOLS - 1];
    if (n < 0) return this.refs.get(i)!;
    const [before, after] = this.templates[cells[at + NCOLS - 2]];
    return `${before}${n}${after}`;
  }

  /** Row i, as pushed. */
  at(i: number): RdfRow {
    const [c, at] = this.cellsOf(i);
    const s = this.strings;
    const row: RdfRow = {
      ref: this.ref(i),
      subject: s[c[at]],
      predicate: s[c[at + 1]],
      object: s[c[at + 2]],
      confidence: s[c[at + 3]],
      subject_type: s[c[at + 4]],
      object_type: s[c[at + 5]],
      op: s[c[at + 6]],
    };
    const extra = this.extras.get(i);
    return extra ? Object.assign(row, extra) : row;
  }

  /** The index of the first row whose ref is `ref`, or -1. */
  indexOfRef(ref: string): number {
    for (let i = 0; i < this.length; i++) if (this.ref(i) === ref) return i;
    return -1;
  }

  /** The rows carrying more than their cells (problems, unmapped predicates, provenance). */
  extraRows(): IterableIterator<[number, Extra]> {
    return this.extras.entries();
  }
}
