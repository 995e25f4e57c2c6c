import { DataFactory, type Quad } from "n3";
import type { PlatformContext } from "../context.js";
import { graphOntology, parseJson, type GraphOntology } from "../kg/ontology.js";
import {
  articleContents,
  exportArticleBatches,
  exportEntityBatches,
  exportRelationBatches,
  graphIriRow,
  type ExportArticleRow as ArticleRow,
  type ExportEntityRow as EntityRow,
  type ExportRelationRow as RelationRow,
  type ExportScope,
} from "./store.js";
import { uuidsByName } from "../kg/store/entities.js";
import { classPropertyRows } from "../kg/store/ontology.js";
import {
  KG,
  NS,
  XSD_OF,
  graphBaseIri,
  iri,
  ontologyBaseIri,
  storedOntologyBaseIri,
} from "./vocabulary.js";

export type { ExportScope } from "./store.js";

/**
 * What a graph export reads: the graph's entities, the articles its relations cite and its
 * relations, each walked in id order batch by batch, and the RDF statements of each
 * (vocabulary.ts). Nothing is collected: every format pulls a batch only as the client takes
 * the output, so a million-relation graph streams in constant memory.
 *
 * The rows come from one snapshot of the store (store.snapshot: on SQLite a read-only
 * connection of the export's own, on PostgreSQL a REPEATABLE READ transaction): the whole
 * download sees one state of the store, and a slow client keeps no writer waiting.
 */

export interface GraphExport {
  graph: { id: number; name: string };
  lang: string;
  graphBase: string;
  ontologyBase: string;
  ontology: GraphOntology;
  /** The ontology's class properties (the ontology cache holds none). */
  properties: { class: string; name: string; datatype: string }[];
  /** The scope's entities, batch by batch (each batch's `uuidByName` answers read ahead). */
  entities(): AsyncGenerator<EntityRow[]>;
  articles(): AsyncGenerator<ArticleRow[]>;
  /** The scope's relations, batch by batch (each batch's sentences read ahead). */
  relations(): AsyncGenerator<RelationRow[]>;
  /** A relation's sentence (a relation of the current batch). */
  sentence(r: RelationRow): string | null;
  /** The entity of this name in the graph (an `entity` property's value of the current batch), by uuid. */
  uuidByName(name: string): string | undefined;
  className(classId: number | null): string | null;
  /** The class and its ancestors, nearest first. */
  classChain(classId: number | null): string[];
  relationName(typeId: number): string;
}

/** Whether a relation has a sentence to read from its article. */
const hasSentence = (r: RelationRow) =>
  r.article_id !== null &&
  r.sent_start !== null &&
  r.sent_end !== null &&
  r.sent_end >= r.sent_start;

/**
 * Runs `fn` with the export of a graph (or part of it), inside one snapshot of the store. The
 * snapshot ends when `fn` does: stream the whole output within it.
 */
export async function withGraphExport<T>(
  ctx: PlatformContext,
  graph: { id: number; name: string },
  scope: ExportScope,
  fn: (x: GraphExport) => Promise<T>,
): Promise<T> {
  const ontology = await graphOntology(ctx, graph.id);
  const ontologyBase =
    ontology.id === null ? ontologyBaseIri(0) : await storedOntologyBaseIri(ctx, ontology.id);
  const properties = ontology.id === null ? [] : await classPropertyRows(ctx.store.db, ontology.id);
  const chains = new Map<number, string[]>();
  const classChain = (id: number | null): string[] => {
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
  };
  /** The properties of a class that name an entity (its own and its ancestors', nearest winning). */
  const entityProperties = new Map<number, Set<string>>();
  const entityPropertiesOf = (classId: number) => {
    let names = entityProperties.get(classId);
    if (!names) {
      const types = new Map<string, string>();
      for (const cls of classChain(classId).slice().reverse())
        for (const p of properties) if (p.class === cls) types.set(p.name, p.datatype);
      names = new Set([...types].filter(([, t]) => t === "entity").map(([n]) => n));
      entityProperties.set(classId, names);
    }
    return names;
  };
  return ctx.store.snapshot(async (tx) => {
    const settings = await graphIriRow(tx, graph.id);
    let refs = new Map<string, string>();
    let texts = new Map<number, string>();
    return fn({
      graph,
      lang: settings?.lang || "zh",
      graphBase: graphBaseIri(graph.id, settings?.base_iri),
      ontologyBase,
      ontology,
      properties,
      async *entities() {
        for await (const batch of exportEntityBatches(tx, graph.id, scope)) {
          const named = new Set<string>();
          for (const e of batch) {
            if (e.class_id === null) continue;
            const entityProps = entityPropertiesOf(e.class_id);
            if (!entityProps.size) continue;
            for (const [name, value] of Object.entries(
              parseJson<Record<string, unknown>>(e.properties, {}),
            ))
              if (entityProps.has(name) && value !== null && value !== undefined && value !== "")
                named.add(String(value));
          }
          refs = await uuidsByName(tx, graph.id, [...named]);
          yield batch;
        }
      },
      articles: () => exportArticleBatches(tx, graph.id, scope),
      async *relations() {
        for await (const batch of exportRelationBatches(tx, graph.id, scope)) {
          const ids = new Set<number>();
          for (const r of batch) if (hasSentence(r)) ids.add(r.article_id!);
          const missing = [...ids].filter((id) => !texts.has(id));
          const fetched = await articleContents(tx, missing);
          const current = new Map<number, string>();
          for (const id of ids) current.set(id, texts.get(id) ?? fetched.get(id) ?? "");
          texts = current;
          yield batch;
        }
      },
      sentence: (r) =>
        hasSentence(r) ? (texts.get(r.article_id!) ?? "").slice(r.sent_start!, r.sent_end!) : null,
      uuidByName: (name) => refs.get(name),
      className: (id) => (id === null ? null : (ontology.classes.get(id)?.name ?? null)),
      classChain,
      relationName: (id) => ontology.relationTypes.get(id)?.name ?? String(id),
    });
  });
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
