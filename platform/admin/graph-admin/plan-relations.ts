import type { Provenance } from "../../interchange/rdf-read.js";
import type { RelationState } from "./plan-report.js";

/**
 * The relations of a plan, kept compact (issue 26: a plan of 1,000,000 statements within
 * 400 MB): one slot per relation in typed arrays (subject and object as indexes into a table of
 * names, the type id, confidences, ids, a flag), found by subject, type and object through an
 * open-addressing hash of slots; provenance and what the graph has now sit in sparse maps (RDF
 * imports, updates of existing relations). Reads and writes go through RelationRef, a view of
 * one slot with the fields of a RelationState, so a plan's consumers (plan-report.ts, write.ts)
 * iterate `values()` as they would a Map of states. Insertion order is kept, as a Map's is.
 */

type Old = RelationState["old"];
/** What the graph has now, for a relation of it without provenance (shared, never changed). */
const NO_PROVENANCE: NonNullable<Old> = Object.freeze({
  article_id: null,
  sent_start: null,
  sent_end: null,
});

export class PlanRelations {
  size = 0;
  private capacity: number;
  private subjects: Int32Array;
  private types: Int32Array;
  private objects: Int32Array;
  private confidences: Float64Array;
  /**
   * The relation's id in the graph; NaN: none (a new relation). Made when the first relation
   * with one is set: a build, or an apply into a new graph, never needs it.
   */
  private ids: Float64Array | null = null;
  /** NaN: none. Made when first needed, as `ids`. */
  private oldConfidences: Float64Array | null = null;
  /** Bit 1: removed; bit 2: what the graph has now is a relation without provenance (NO_OLD). */
  private flags: Uint8Array;
  private readonly provenances = new Map<number, Provenance>();
  private readonly olds = new Map<number, NonNullable<Old>>();
  private readonly names: string[] = [];
  private readonly nameIds = new Map<string, number>();
  /** Slot + 1 of each indexed relation (0: empty); a power of two, at most half full. */
  private hash: Int32Array;
  private indexed = 0;

  /**
   * `expected`: how many relations the plan may hold at most (its rows): room for them all at
   * once, so a big plan never holds its arrays twice while growing.
   */
  constructor(expected = 0) {
    this.capacity = Math.max(1024, expected);
    this.subjects = new Int32Array(this.capacity);
    this.types = new Int32Array(this.capacity);
    this.objects = new Int32Array(this.capacity);
    this.confidences = new Float64Array(this.capacity);
    this.flags = new Uint8Array(this.capacity);
    this.hash = new Int32Array(2 ** Math.ceil(Math.log2(this.capacity * 2)));
  }

  /** A NaN-filled array of the capacity (an id or old confidence: none). */
  private nans(from?: Float64Array): Float64Array {
    const a = new Float64Array(this.capacity).fill(NaN);
    if (from) a.set(from);
    return a;
  }

  private nameId(name: string): number {
    let id = this.nameIds.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.nameIds.set(name, id);
    }
    return id;
  }

  private static mix(s: number, t: number, o: number): number {
    let h = Math.imul(s ^ 0x9e3779b9, 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13) ^ t, 0xc2b2ae35);
    h = Math.imul(h ^ (h >>> 16) ^ o, 0x27d4eb2f);
    return (h ^ (h >>> 15)) >>> 0;
  }

  /** The hash position of (s, t, o): its slot's, or the empty one where it would go. */
  private position(s: number, t: number, o: number): number {
    const mask = this.hash.length - 1;
    for (let at = PlanRelations.mix(s, t, o) & mask; ; at = (at + 1) & mask) {
      const k = this.hash[at] - 1;
      if (k < 0) return at;
      if (this.subjects[k] === s && this.types[k] === t && this.objects[k] === o) return at;
    }
  }

  private grow() {
    this.capacity *= 2;
    const more = <T extends Int32Array | Float64Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(this.capacity);
      b.set(a);
      return b;
    };
    this.subjects = more(this.subjects);
    this.types = more(this.types);
    this.objects = more(this.objects);
    this.confidences = more(this.confidences);
    if (this.ids) this.ids = this.nans(this.ids);
    if (this.oldConfidences) this.oldConfidences = this.nans(this.oldConfidences);
    this.flags = more(this.flags);
  }

  private rehash() {
    const old = this.hash;
    this.hash = new Int32Array(old.length * 2);
    for (const slot of old) {
      if (slot === 0) continue;
      const k = slot - 1;
      this.hash[this.position(this.subjects[k], this.types[k], this.objects[k])] = slot;
    }
  }

  /** The relation subject–type–object (the first one set with that key), or undefined. */
  get(subject: string, typeId: number, object: string): RelationRef | undefined {
    const s = this.nameIds.get(subject);
    const o = this.nameIds.get(object);
    if (s === undefined || o === undefined) return undefined;
    const k = this.hash[this.position(s, typeId, o)] - 1;
    return k < 0 ? undefined : new RelationRef(this, k);
  }

  /**
   * Sets a relation: the one of the same subject, type and object is replaced (in its place);
   * else it is added at the end. `unindexed`: added at the end, not found by `get` (a second
   * relation of the same key, which a graph may hold).
   */
  set(r: RelationState, unindexed = false): void {
    const s = this.nameId(r.subject);
    const o = this.nameId(r.object);
    let k: number;
    let at = -1;
    if (!unindexed) {
      at = this.position(s, r.typeId, o);
      k = this.hash[at] - 1;
    } else k = -1;
    if (k < 0) {
      if (this.size === this.capacity) this.grow();
      k = this.size++;
      this.subjects[k] = s;
      this.types[k] = r.typeId;
      this.objects[k] = o;
      if (!unindexed) {
        this.hash[at] = k + 1;
        if (++this.indexed * 2 > this.hash.length) this.rehash();
      }
    }
    Object.assign(new RelationRef(this, k), {
      confidence: r.confidence,
      id: r.id,
      oldConfidence: r.oldConfidence,
      remove: r.remove,
      provenance: r.provenance,
      old: r.old,
    });
  }

  /** Every relation, in the order first set. */
  *values(): IterableIterator<RelationRef> {
    for (let k = 0; k < this.size; k++) yield new RelationRef(this, k);
  }

  // RelationRef's reads and writes of slot k.
  nameOf(id: number) {
    return this.names[id];
  }
  subjectOf(k: number) {
    return this.subjects[k];
  }
  objectOf(k: number) {
    return this.objects[k];
  }
  typeOf(k: number) {
    return this.types[k];
  }
  confidenceOf(k: number) {
    return this.confidences[k];
  }
  setConfidence(k: number, v: number) {
    this.confidences[k] = v;
  }
  idOf(k: number) {
    const id = this.ids?.[k] ?? NaN;
    return Number.isNaN(id) ? null : id;
  }
  setId(k: number, v: number | null) {
    if (v === null && !this.ids) return;
    this.ids ??= this.nans();
    this.ids[k] = v ?? NaN;
  }
  oldConfidenceOf(k: number) {
    const c = this.oldConfidences?.[k] ?? NaN;
    return Number.isNaN(c) ? null : c;
  }
  setOldConfidence(k: number, v: number | null) {
    if (v === null && !this.oldConfidences) return;
    this.oldConfidences ??= this.nans();
    this.oldConfidences[k] = v ?? NaN;
  }
  removeOf(k: number) {
    return (this.flags[k] & 1) === 1;
  }
  setRemove(k: number, v: boolean) {
    this.flags[k] = (this.flags[k] & ~1) | (v ? 1 : 0);
  }
  provenanceOf(k: number) {
    return this.provenances.get(k) ?? null;
  }
  setProvenance(k: number, v: Provenance | null) {
    if (v) this.provenances.set(k, v);
    else this.provenances.delete(k);
  }
  oldOf(k: number): Old {
    return this.olds.get(k) ?? (this.flags[k] & 2 ? NO_PROVENANCE : null);
  }
  /** A rebuild's plan sets one for every relation of the graph, most without provenance: a bit. */
  setOld(k: number, v: Old) {
    const none =
      v !== null && v.article_id === null && v.sent_start === null && v.sent_end === null;
    if (v && !none) this.olds.set(k, v);
    else this.olds.delete(k);
    this.flags[k] = (this.flags[k] & ~2) | (none ? 2 : 0);
  }
}

/** One relation of a PlanRelations, read and written as a RelationState. */
class RelationRef implements RelationState {
  constructor(
    private readonly table: PlanRelations,
    private readonly k: number,
  ) {}
  get subject() {
    return this.table.nameOf(this.table.subjectOf(this.k));
  }
  get object() {
    return this.table.nameOf(this.table.objectOf(this.k));
  }
  get typeId() {
    return this.table.typeOf(this.k);
  }
  get confidence() {
    return this.table.confidenceOf(this.k);
  }
  set confidence(v: number) {
    this.table.setConfidence(this.k, v);
  }
  get id() {
    return this.table.idOf(this.k);
  }
  set id(v: number | null) {
    this.table.setId(this.k, v);
  }
  get oldConfidence() {
    return this.table.oldConfidenceOf(this.k);
  }
  set oldConfidence(v: number | null) {
    this.table.setOldConfidence(this.k, v);
  }
  get remove() {
    return this.table.removeOf(this.k);
  }
  set remove(v: boolean) {
    this.table.setRemove(this.k, v);
  }
  get provenance() {
    return this.table.provenanceOf(this.k);
  }
  set provenance(v: Provenance | null) {
    this.table.setProvenance(this.k, v);
  }
  get old() {
    return this.table.oldOf(this.k);
  }
  set old(v: Old) {
    this.table.setOld(this.k, v);
  }
}
