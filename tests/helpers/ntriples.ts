import type { DB } from "../../platform/db/database.js";
import { iri, ontologyBaseIri, NS } from "../../platform/interchange/vocabulary.js";
import { prng } from "../../platform/kg/prng.js";

/** An ontology as the generator needs it: classes, relation types with domain and range. */
export interface NTriplesOntology {
  id: number;
  classes: { id: number; name: string }[];
  types: { name: string; domain: number | null; range: number | null }[];
  /** The classes a domain or range admits (default: the class itself). */
  admits?: (classId: number) => number[];
}

/**
 * A synthetic N-Triples document for an ontology: entities of its classes, each typed and
 * labelled (two statements), then about ten relations per entity, each of a relation type
 * within its domain and range, no two the same; drawn from `seed`. Split into files of at most
 * `fileBytes` (the upload limit is 20 MB a file), lines never split. Used by
 * tests/server/apply-under-load.test.ts, bench/apply-bench.ts and bench/interchange-import-bench.ts.
 */
export function ntriplesDocument(
  o: NTriplesOntology,
  statements: number,
  { fileBytes = 19 * 1024 * 1024, seed = 26 } = {},
): { files: string[]; entities: number; relations: number } {
  const { classes, types } = o;
  const O = ontologyBaseIri(o.id);
  const entities = Math.max(classes.length * 2, Math.round(statements / 12));
  const relations = statements - 2 * entities;
  const byClass = new Map<number, number[]>();
  const classOf: number[] = [];
  for (let i = 0; i < entities; i++) {
    const c = classes[i % classes.length].id;
    classOf.push(c);
    if (!byClass.has(c)) byClass.set(c, []);
    byClass.get(c)!.push(i);
  }
  const all = [...Array(entities).keys()];
  const admits = o.admits ?? ((c: number) => [c]);
  const pool = (c: number | null) =>
    c === null ? all : admits(c).flatMap((k) => byClass.get(k) ?? []);
  const usable = types
    .map((t) => ({
      iri: `<${iri.relationType(O, t.name)}>`,
      subjects: pool(t.domain),
      objects: pool(t.range),
    }))
    .filter(
      (t) => t.subjects.length && t.objects.length && t.subjects.length * t.objects.length > 1,
    );
  const entityIri = (i: number) =>
    `<http://bench.example/entity/${encodeURIComponent(`实体${i}`)}>`;
  const classIri = new Map(classes.map((c) => [c.id, `<${iri.class(O, c.name)}>`]));
  const files: string[] = [];
  let lines: string[] = [];
  let bytes = 0;
  const add = (line: string) => {
    const size = Buffer.byteLength(line) + 1;
    if (bytes + size > fileBytes) {
      files.push(lines.join("\n"));
      lines = [];
      bytes = 0;
    }
    lines.push(line);
    bytes += size;
  };
  for (let i = 0; i < entities; i++) {
    add(`${entityIri(i)} <${NS.rdf}type> ${classIri.get(classOf[i])} .`);
    add(`${entityIri(i)} <${NS.rdfs}label> "实体${i}"@zh .`);
  }
  const rng = prng(seed);
  const next = (k: number) => rng.int(0, k - 1);
  const seen = new Set<string>();
  for (let made = 0; made < relations;) {
    const t = usable[next(usable.length)];
    const s = t.subjects[next(t.subjects.length)];
    const o = t.objects[next(t.objects.length)];
    const key = `${s} ${t.iri} ${o}`;
    if (s === o || seen.has(key)) continue;
    seen.add(key);
    add(`${entityIri(s)} ${t.iri} ${entityIri(o)} .`);
    made++;
  }
  if (lines.length) files.push(lines.join("\n"));
  return { files, entities, relations };
}

/**
 * The document for an ontology read from the server's SQLite file (`db`), as an operator's
 * script would read it: each domain and range admits its own class.
 */
export function militaryNTriples(
  db: DB,
  ontologyId: number,
  statements: number,
  fileBytes = 19 * 1024 * 1024,
): { files: string[]; entities: number; relations: number } {
  const classes = db
    .prepare("SELECT id, name FROM kg_classes WHERE ontology_id = ? ORDER BY id")
    .all(ontologyId) as { id: number; name: string }[];
  const types = db
    .prepare(
      "SELECT name, domain_class_id AS domain, range_class_id AS range FROM kg_relation_types WHERE ontology_id = ? ORDER BY id",
    )
    .all(ontologyId) as NTriplesOntology["types"];
  return ntriplesDocument({ id: ontologyId, classes, types }, statements, { fileBytes });
}
