import Database from "better-sqlite3";
import { DataFactory, type Quad } from "n3";
import type { PlatformContext } from "../context.js";
import type { DB } from "../db/database.js";
import { graphOntologySync, parseJson, type GraphOntology } from "../kg/ontology.js";
import {
  KG,
  NS,
  XSD_OF,
  graphBaseIri,
  iri,
  ontologyBaseIri,
  storedOntologyBaseIri,
} from "./vocabulary.js";

/**
 * What a graph export reads: the graph's entities, the articles its relations cite and its
 * relations, each walked in id order by an iterating statement, and the RDF statements of
 * each (vocabulary.ts). Nothing is collected: every format pulls rows one at a time, so a
 * million-relation graph streams in constant memory.
 *
 * The rows come from a read-only connection of the export's own: its read transaction sees
 * one snapshot of the store for the whole download (WAL), and an iterator held open while
 * the client is slow does not make the platform's connection busy (better-sqlite3 refuses
 * writes on a connection with an open iterator).
 */

/** What part of the graph: all of it, a class (with its subclasses), a relation type, or a neighbourhood. */
export type ExportScope =
  | { kind: "graph" }
  | { kind: "class"; classIds: number[]; name: string }
  | { kind: "relation_type"; typeId: number; name: string }
  | { kind: "neighbourhood"; uuid: string; entityIds: number[]; relationIds: number[] };

interface EntityRow {
  id: number;
  uuid: string;
  name: string;
  class_id: number | null;
  aliases: string;
  properties: string;
  description: string;
}
interface RelationRow {
  id: number;
  subject: string;
  object: string;
  type_id: number;
  confidence: number;
  article_id: number | null;
  sent_start: number | null;
  sent_end: number | null;
}
interface ArticleRow {
  id: number;
  title: string;
  source: string;
  url: string;
  published_at: string;
}

/** SQL conditions (with their parameters) selecting the scope's relations, entities and articles. */
function scopeSql(graphId: number, scope: ExportScope) {
  const inClass =
    "SELECT id FROM kg_entities WHERE graph_id = ? AND class_id IN (SELECT value FROM json_each(?))";
  let rel: { sql: string; params: unknown[] };
  if (scope.kind === "graph") rel = { sql: "r.graph_id = ?", params: [graphId] };
  else if (scope.kind === "relation_type")
    rel = { sql: "r.graph_id = ? AND r.relation_type_id = ?", params: [graphId, scope.typeId] };
  else if (scope.kind === "class") {
    const classes = JSON.stringify(scope.classIds);
    rel = {
      sql: `r.graph_id = ? AND (r.subject_id IN (${inClass}) OR r.object_id IN (${inClass}))`,
      params: [graphId, graphId, classes, graphId, classes],
    };
  } else
    rel = {
      sql: "r.graph_id = ? AND r.id IN (SELECT value FROM json_each(?))",
      params: [graphId, JSON.stringify(scope.relationIds)],
    };

  const ends = `e.id IN (SELECT r.subject_id FROM kg_relations r WHERE ${rel.sql} UNION SELECT r.object_id FROM kg_relations r WHERE ${rel.sql})`;
  let ent: { sql: string; params: unknown[] };
  if (scope.kind === "graph") ent = { sql: "e.graph_id = ?", params: [graphId] };
  else if (scope.kind === "class") {
    ent = {
      sql: `e.graph_id = ? AND (e.class_id IN (SELECT value FROM json_each(?)) OR ${ends})`,
      params: [graphId, JSON.stringify(scope.classIds), ...rel.params, ...rel.params],
    };
  } else if (scope.kind === "neighbourhood") {
    ent = {
      sql: "e.graph_id = ? AND e.id IN (SELECT value FROM json_each(?))",
      params: [graphId, JSON.stringify(scope.entityIds)],
    };
  } else
    ent = { sql: `e.graph_id = ? AND ${ends}`, params: [graphId, ...rel.params, ...rel.params] };
  const art = {
    sql: `a.graph_id = ? AND a.id IN (SELECT r.article_id FROM kg_relations r WHERE ${rel.sql})`,
    params: [graphId, ...rel.params],
  };
  return { rel, ent, art };
}

/** A read-only connection to the store (the platform's own for an in-memory store, as in some tests). */
function readConnection(ctx: PlatformContext): { db: DB; close: () => void } {
  if (ctx.db.memory) return { db: ctx.db, close: () => {} };
  const db = new Database(ctx.db.name, { readonly: true, fileMustExist: true });
  db.pragma("cache_size = -65536");
  return { db, close: () => db.close() };
}

/** A relation's sentence, from its article's text (recent articles kept: relations of one article sit together). */
function sentenceReader(db: DB) {
  const content = db.prepare("SELECT content FROM kg_articles WHERE id = ?").pluck();
  const cache = new Map<number, string>();
  return (r: RelationRow): string | null => {
    if (
      r.article_id === null ||
      r.sent_start === null ||
      r.sent_end === null ||
      r.sent_end < r.sent_start
    )
      return null;
    let text = cache.get(r.article_id);
    if (text === undefined) {
      text = (content.get(r.article_id) as string | undefined) ?? "";
      cache.set(r.article_id, text);
      if (cache.size > 64) cache.delete(cache.keys().next().value!);
    }
    return text.slice(r.sent_start, r.sent_end);
  };
}

export interface GraphExport {
  graph: { id: number; name: string };
  lang: string;
  graphBase: string;
  ontologyBase: string;
  ontology: GraphOntology;
  /** The ontology's class properties (the ontology cache holds none). */
  properties: { class: string; name: string; datatype: string }[];
  entities(): IterableIterator<EntityRow>;
  articles(): IterableIterator<ArticleRow>;
  relations(): IterableIterator<RelationRow>;
  sentence(r: RelationRow): string | null;
  /** The entity of this name in the graph (an `entity` property's value), by uuid. */
  uuidByName(name: string): string | undefined;
  className(classId: number | null): string | null;
  /** The class and its ancestors, nearest first. */
  classChain(classId: number | null): string[];
  relationName(typeId: number): string;
  close(): void;
}

/** Opens the export of a graph (or part of it). Close it when done. */
export function openGraphExport(
  ctx: PlatformContext,
  graph: { id: number; name: string },
  scope: ExportScope,
): GraphExport {
  const settings = ctx.db
    .prepare("SELECT base_iri, lang FROM graphs WHERE id = ?")
    .get(graph.id) as { base_iri: string; lang: string };
  const ontology = graphOntologySync(ctx, graph.id);
  const ontologyBase =
    ontology.id === null ? ontologyBaseIri(0) : storedOntologyBaseIri(ctx, ontology.id);
  const { db, close } = readConnection(ctx);
  const sql = scopeSql(graph.id, scope);
  const entities = db.prepare(
    `SELECT e.id, e.uuid, e.name, e.class_id, e.aliases, e.properties, e.description FROM kg_entities e WHERE ${sql.ent.sql} ORDER BY e.id`,
  );
  const articles = db.prepare(
    `SELECT a.id, a.title, a.source, a.url, a.published_at FROM kg_articles a WHERE ${sql.art.sql} ORDER BY a.id`,
  );
  const relations = db.prepare(
    `SELECT r.id, s.uuid AS subject, o.uuid AS object, r.relation_type_id AS type_id, r.confidence, r.article_id, r.sent_start, r.sent_end
       FROM kg_relations r JOIN kg_entities s ON s.id = r.subject_id JOIN kg_entities o ON o.id = r.object_id
      WHERE ${sql.rel.sql} ORDER BY r.id`,
  );
  const byName = db
    .prepare("SELECT uuid FROM kg_entities WHERE graph_id = ? AND name = ? ORDER BY id LIMIT 1")
    .pluck();
  const chains = new Map<number, string[]>();
  // A snapshot for the whole download: every iterator below reads the same state of the store.
  if (db !== ctx.db) db.exec("BEGIN");
  return {
    graph,
    lang: settings.lang || "zh",
    graphBase: graphBaseIri(graph.id, settings.base_iri),
    ontologyBase,
    ontology,
    properties:
      ontology.id === null
        ? []
        : (ctx.db
            .prepare(
              "SELECT c.name AS class, p.name, p.datatype FROM kg_class_properties p JOIN kg_classes c ON c.id = p.class_id WHERE c.ontology_id = ?",
            )
            .all(ontology.id) as { class: string; name: string; datatype: string }[]),
    entities: () => entities.iterate(...sql.ent.params) as IterableIterator<EntityRow>,
    articles: () => articles.iterate(...sql.art.params) as IterableIterator<ArticleRow>,
    relations: () => relations.iterate(...sql.rel.params) as IterableIterator<RelationRow>,
    sentence: sentenceReader(db),
    uuidByName: (name) => byName.get(graph.id, name) as string | undefined,
    className: (id) => (id === null ? null : (ontology.classes.get(id)?.name ?? null)),
    classChain(id) {
      if (id === null) return [];
      let chain = chains.get(id);
      if (!chain) {
        chain = [];
        for (
          let c = ontology.classes.get(id);
          c && chain.length < 64;
          c = c.parent_id === null ? undefined : ontology.classes.get(c.parent_id)
        )
          chain.push(c.name);
        chains.set(id, chain);
      }
      return chain;
    },
    relationName: (id) => ontology.relationTypes.get(id)?.name ?? String(id),
    close() {
      if (db !== ctx.db && db.inTransaction) db.exec("COMMIT");
      close();
    },
  };
}

// ---- RDF statements (vocabulary.ts) ----------------------------------------------------------

const { namedNode, literal, quad } = DataFactory;
const T = {
  type: namedNode(`${NS.rdf}type`),
  Statement: namedNode(`${NS.rdf}Statement`),
  subject: namedNode(`${NS.rdf}subject`),
  predicate: namedNode(`${NS.rdf}predicate`),
  object: namedNode(`${NS.rdf}object`),
  label: namedNode(`${NS.rdfs}label`),
  seeAlso: namedNode(`${NS.rdfs}seeAlso`),
  altLabel: namedNode(`${NS.skos}altLabel`),
  description: namedNode(`${NS.dcterms}description`),
  title: namedNode(`${NS.dcterms}title`),
  issued: namedNode(`${NS.dcterms}issued`),
  source: namedNode(`${NS.dcterms}source`),
  derivedFrom: namedNode(`${NS.prov}wasDerivedFrom`),
  Article: namedNode(KG.Article),
  confidence: namedNode(KG.confidence),
  sentence: namedNode(KG.sentence),
  sentenceStart: namedNode(KG.sentenceStart),
  sentenceEnd: namedNode(KG.sentenceEnd),
};
const XSD = {
  decimal: namedNode(XSD_OF.number),
  double: namedNode(`${NS.xsd}double`),
  integer: namedNode(`${NS.xsd}integer`),
  boolean: namedNode(XSD_OF.boolean),
  date: namedNode(XSD_OF.date),
  gYear: namedNode(`${NS.xsd}gYear`),
  gYearMonth: namedNode(`${NS.xsd}gYearMonth`),
  dateTime: namedNode(`${NS.xsd}dateTime`),
};
/** An absolute IRI N-Triples can hold (a stored url that is not one travels as a literal). */
const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`\u0000-\u0020]*$/;

/** A number as an xsd:decimal lexical form (no exponent). */
function decimal(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, "");
}

function numberLiteral(value: unknown) {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return literal(String(value), namedNode(XSD_OF.string));
  const s = String(n);
  return /e/i.test(s) ? literal(s, XSD.double) : literal(s, XSD.decimal);
}

function dateLiteral(value: string) {
  if (/^\d{4}$/.test(value)) return literal(value, XSD.gYear);
  if (/^\d{4}-\d{2}$/.test(value)) return literal(value, XSD.gYearMonth);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return literal(value, XSD.date);
  return literal(value, namedNode(XSD_OF.string));
}

/** The RDF of one export, statement groups per subject (an entity, an article, a relation). */
export function rdfOf(x: GraphExport) {
  const lang = x.lang;
  const entityIri = (uuid: string) => namedNode(iri.entity(x.graphBase, uuid));
  const classIri = new Map<number, ReturnType<typeof namedNode>>();
  const relationIri = new Map<number, ReturnType<typeof namedNode>>();
  const typeIri = (id: number) => {
    let t = relationIri.get(id);
    if (!t)
      relationIri.set(id, (t = namedNode(iri.relationType(x.ontologyBase, x.relationName(id)))));
    return t;
  };
  // Each class's properties with their own ancestors' (a property is named under the class that declares it).
  const propertyRows = x.properties;
  const propertiesByClass = new Map<
    number,
    Map<string, { iri: ReturnType<typeof namedNode>; datatype: string }>
  >();
  const propertiesFor = (classId: number | null) => {
    if (classId === null) return undefined;
    let m = propertiesByClass.get(classId);
    if (m) return m;
    m = new Map();
    for (const cls of x.classChain(classId).slice().reverse()) {
      for (const p of propertyRows.filter((r) => r.class === cls))
        m.set(p.name, {
          iri: namedNode(iri.property(x.ontologyBase, cls, p.name)),
          datatype: p.datatype,
        });
    }
    propertiesByClass.set(classId, m);
    return m;
  };

  return {
    entity(e: EntityRow): Quad[] {
      const s = entityIri(e.uuid);
      const out: Quad[] = [];
      if (e.class_id !== null && x.ontology.classes.has(e.class_id)) {
        let c = classIri.get(e.class_id);
        if (!c)
          classIri.set(
            e.class_id,
            (c = namedNode(iri.class(x.ontologyBase, x.className(e.class_id)!))),
          );
        out.push(quad(s, T.type, c));
      }
      out.push(quad(s, T.label, literal(e.name, lang)));
      for (const alias of parseJson<unknown[]>(e.aliases, [])) {
        if (typeof alias === "string" && alias) out.push(quad(s, T.altLabel, literal(alias, lang)));
      }
      if (e.description) out.push(quad(s, T.description, literal(e.description, lang)));
      const props = propertiesFor(e.class_id);
      if (props) {
        for (const [name, value] of Object.entries(
          parseJson<Record<string, unknown>>(e.properties, {}),
        )) {
          const p = props.get(name);
          if (!p || value === null || value === undefined || value === "") continue;
          out.push(quad(s, p.iri, propertyObject(x, p.datatype, value)));
        }
      }
      return out;
    },
    article(a: ArticleRow): Quad[] {
      const s = namedNode(iri.article(x.graphBase, a.id));
      const out = [quad(s, T.type, T.Article), quad(s, T.title, literal(a.title, lang))];
      if (a.published_at) {
        const type = /^\d{4}-\d{2}-\d{2}$/.test(a.published_at)
          ? XSD.date
          : /^\d{4}-\d{2}-\d{2}T/.test(a.published_at)
            ? XSD.dateTime
            : null;
        out.push(quad(s, T.issued, type ? literal(a.published_at, type) : literal(a.published_at)));
      }
      if (a.source) out.push(quad(s, T.source, literal(a.source, lang)));
      if (a.url)
        out.push(quad(s, T.seeAlso, ABSOLUTE_IRI.test(a.url) ? namedNode(a.url) : literal(a.url)));
      return out;
    },
    /** The fact, then its rdf:Statement (provenance) as a second group. */
    relation(r: RelationRow): [Quad[], Quad[]] {
      const s = entityIri(r.subject);
      const p = typeIri(r.type_id);
      const o = entityIri(r.object);
      const st = namedNode(iri.statement(x.graphBase, r.id));
      const provenance = [
        quad(st, T.type, T.Statement),
        quad(st, T.subject, s),
        quad(st, T.predicate, p),
        quad(st, T.object, o),
        quad(st, T.confidence, literal(decimal(r.confidence), XSD.decimal)),
      ];
      if (r.article_id !== null) {
        provenance.push(quad(st, T.derivedFrom, namedNode(iri.article(x.graphBase, r.article_id))));
        const sentence = x.sentence(r);
        if (sentence !== null) {
          provenance.push(
            quad(st, T.sentence, literal(sentence, lang)),
            quad(st, T.sentenceStart, literal(String(r.sent_start), XSD.integer)),
            quad(st, T.sentenceEnd, literal(String(r.sent_end), XSD.integer)),
          );
        }
      }
      return [[quad(s, p, o)], provenance];
    },
  };
}

function propertyObject(x: GraphExport, datatype: string, value: unknown) {
  if (datatype === "number") return numberLiteral(value);
  if (datatype === "boolean")
    return literal(value === true || value === "true" ? "true" : "false", XSD.boolean);
  if (datatype === "date") return dateLiteral(String(value));
  if (datatype === "entity") {
    const uuid = x.uuidByName(String(value));
    return uuid
      ? namedNode(iri.entity(x.graphBase, uuid))
      : literal(String(value), namedNode(XSD_OF.string));
  }
  return literal(String(value), namedNode(XSD_OF.string));
}
