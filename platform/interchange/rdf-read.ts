import type { PlatformContext } from "../context.js";
import { graphOntology } from "../kg/ontology.js";
import { KG, NS, graphBaseIri, storedOntologyBaseIri } from "./vocabulary.js";
import { articlesOfGraph, entityNamesByUuid, graphIriRow, sameArticle } from "./store.js";
import { layOutArticles } from "./rdf-layout.js";
import { pacer } from "../pace.js";
import { parseRdf, type RdfFormat, type RdfStatement, type RdfTerm } from "./rdf-parse.js";

/**
 * RDF statements → the rows of a graph build or update (the same rows a CSV gives, so an
 * RDF import goes through the same plan: dry run, per-row problems, "skip bad rows",
 * ontology checks, all-or-nothing apply). The IRI scheme is vocabulary.ts's:
 * - an entity is named by our entity IRI (an entity of the graph keeps its name), else by its
 *   rdfs:label (in the graph's language first; other labels become aliases), else by the
 *   IRI's last segment;
 * - rdf:type names the class (our class IRI, else the IRI's last segment);
 * - a predicate is a relation type (our IRI, or the mapping remembered for this source), or a
 *   class property (our property IRI); any other predicate is refused on its line, and the
 *   dry run offers to map it;
 * - reified statements (rdf:Statement) bring a relation's confidence, article and sentence.
 */

/** An article a relation was read from: one of the graph (id) or one to create. */
export interface ArticleRef {
  key: string;
  id: number | null;
  title: string;
  source: string;
  url: string;
  published_at: string;
  /** For a new article: the text the sentences sit in (laid out at their offsets). */
  content: string;
}

export interface Provenance {
  article: ArticleRef;
  start: number | null;
  end: number | null;
}

/** One row of a build's input (graph-admin's SourceRow is this type; CSV rows leave the optional parts out). */
export interface RdfRow {
  ref: string;
  subject: string;
  predicate: string;
  object: string;
  confidence: string;
  subject_type: string;
  object_type: string;
  op: string;
  problem?: { kind: "format" | "ontology"; message: string };
  /** The predicate IRI of a statement refused because nothing maps it. */
  unmapped?: string;
  provenance?: Provenance;
  /** dcterms:description: the object is the subject's description. */
  describes?: true;
}

const RDF_TYPE = `${NS.rdf}type`;
const RDF_STATEMENT = `${NS.rdf}Statement`;
const RDFS_LABEL = `${NS.rdfs}label`;
const SKOS_ALT = `${NS.skos}altLabel`;
const DESCRIPTION = `${NS.dcterms}description`;
const REIFICATION = new Set([`${NS.rdf}subject`, `${NS.rdf}predicate`, `${NS.rdf}object`]);
/** Kept by the platform elsewhere or not at all: read without a row. */
const IGNORED = new Set([`${NS.rdfs}comment`, `${NS.owl}sameAs`]);
/** Any ontology's terms under the default root (an export of another ontology on this platform). */
const DEFAULT_TERM =
  /^https:\/\/kg-console\.example\/ontology\/\d+\/(class|relation|property)\/(.+)$/;

const keyOf = (t: RdfTerm) => (t.kind === "blank" ? `_:${t.value}` : t.value);

function lastSegment(iri: string): string {
  const tail = iri.replace(/[/#]+$/, "");
  const cut = Math.max(tail.lastIndexOf("/"), tail.lastIndexOf("#"), tail.lastIndexOf(":"));
  const seg = tail.slice(cut + 1) || tail;
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The name after one of our term prefixes (`{base}class/`…), or null. */
function ourTerm(
  iri: string,
  ontologyBase: string,
  kind: "class" | "relation" | "property",
): string | null {
  const prefix = `${ontologyBase}${kind}/`;
  if (iri.startsWith(prefix)) return iri.slice(prefix.length);
  const m = DEFAULT_TERM.exec(iri);
  return m && m[1] === kind ? m[2] : null;
}

export interface RdfReadInput {
  graphId: number;
  /** How rows name where they are (`文件"a.nt"`). */
  label: string;
  format: RdfFormat;
  /**
   * The document, or its UTF-8 bytes (decoded as read: an invalid byte throws TypeError).
   * Emptied once parsed (the text need not outlive its parse).
   */
  text: string | Uint8Array;
  /** Predicate IRI → relation type name (the remembered mapping and this run's choices). */
  predicateMap: Map<string, string>;
}

interface Reified {
  subject?: string;
  predicate?: string;
  object?: string;
  confidence?: string;
  article?: string;
  sentence?: string;
  start?: number;
  end?: number;
}

interface Subject {
  types: string[];
  labels: RdfTerm[];
  /** Only those of KEPT's predicates (what reification, articles and descriptions read). */
  statements: RdfStatement[];
}

/** The predicates a subject's own statements are looked up by (the rest are read in one pass). */
const KEPT = new Set([
  ...REIFICATION,
  KG.confidence,
  `${NS.prov}wasDerivedFrom`,
  KG.sentence,
  KG.sentenceStart,
  KG.sentenceEnd,
  `${NS.dcterms}title`,
  `${NS.dcterms}source`,
  `${NS.rdfs}seeAlso`,
  `${NS.dcterms}issued`,
  DESCRIPTION,
]);
/** A subject's lists start as this one shared empty list (most subjects have no kept statement). */
const NONE: never[] = [];
const pushTo = <K extends keyof Subject>(e: Subject, key: K, item: Subject[K][number]) => {
  if (e[key] === NONE) (e[key] as unknown[]) = [];
  (e[key] as unknown[]).push(item);
};

/** Reads an RDF text into build rows (in the order of the document). */
export async function rdfRows(ctx: PlatformContext, input: RdfReadInput): Promise<RdfRow[]> {
  const { statements, problems } = await parseRdf(input.text, input.format);
  input.text = "";
  const db = ctx.store.db;
  const graph = await graphIriRow(db, input.graphId);
  const graphBase = graphBaseIri(input.graphId, graph?.base_iri);
  const lang = graph?.lang || "zh";
  const ontology = await graphOntology(ctx, input.graphId);
  const ontologyBase = ontology.id === null ? "" : await storedOntologyBaseIri(ctx, ontology.id);
  const ref = (s: { line: number; node?: string }) =>
    s.line ? `${input.label}第 ${s.line} 行` : `${input.label}节点 ${s.node}`;

  // Who is what: subjects with their types and labels; statements (reification) and articles.
  // Each pass lets the event loop run every ~20 ms (a file's passes take seconds under load).
  const pace = pacer();
  const subjects = new Map<string, Subject>();
  for (const s of statements) {
    const paused = pace();
    if (paused) await paused;
    const k = keyOf(s.subject);
    let e = subjects.get(k);
    if (!e) subjects.set(k, (e = { types: NONE, labels: NONE, statements: NONE }));
    if (KEPT.has(s.predicate)) pushTo(e, "statements", s);
    if (s.predicate === RDF_TYPE && s.object.kind === "iri") pushTo(e, "types", s.object.value);
    if (s.predicate === RDFS_LABEL && s.object.kind === "literal") pushTo(e, "labels", s.object);
  }
  const isStatement = (e: Subject) =>
    e.types.includes(RDF_STATEMENT) || e.statements.some((s) => REIFICATION.has(s.predicate));
  const isArticle = (e: Subject) => e.types.includes(KG.Article);
  /** Ontology terms in the same file (owl:Class, rdfs:Class…) are not instance data. */
  const isTerm = (e: Subject) => e.types.some((t) => t.startsWith(NS.owl) || t.startsWith(NS.rdfs));

  const reified = new Map<string, Reified>();
  for (const e of subjects.values()) {
    const paused = pace();
    if (paused) await paused;
    if (!isStatement(e)) continue;
    const r: Reified = {};
    for (const s of e.statements) {
      const o = s.object;
      if (s.predicate === `${NS.rdf}subject`) r.subject = keyOf(o);
      else if (s.predicate === `${NS.rdf}predicate`) r.predicate = o.value;
      else if (s.predicate === `${NS.rdf}object`) r.object = keyOf(o);
      else if (s.predicate === KG.confidence) r.confidence = o.value;
      else if (s.predicate === `${NS.prov}wasDerivedFrom` && o.kind !== "literal")
        r.article = keyOf(o);
      else if (s.predicate === KG.sentence) r.sentence = o.value;
      else if (s.predicate === KG.sentenceStart && /^\d{1,9}$/.test(o.value))
        r.start = Number(o.value);
      else if (s.predicate === KG.sentenceEnd && /^\d{1,9}$/.test(o.value)) r.end = Number(o.value);
    }
    if (r.subject && r.predicate && r.object)
      reified.set(`${r.subject}\u0001${r.predicate}\u0001${r.object}`, r);
  }

  // The articles provenance names, resolved ahead: one of the graph (our IRI, or the same
  // title, url and date), else one to create.
  const articles = new Map<string, ArticleRef>();
  const articleKeys = [...new Set([...reified.values()].flatMap((r) => r.article ?? []))];
  const ourArticle = (key: string) => {
    const id = key.startsWith(`${graphBase}article/`) ? key.slice(graphBase.length + 8) : null;
    return id && /^\d{1,15}$/.test(id) ? Number(id) : null;
  };
  const existing = await articlesOfGraph(
    db,
    input.graphId,
    articleKeys.map(ourArticle).filter((id): id is number => id !== null),
  );
  for (const key of articleKeys) {
    const e = subjects.get(key);
    const value = (p: string) => e?.statements.find((s) => s.predicate === p)?.object.value ?? "";
    const a: ArticleRef = {
      key,
      id: null,
      title: value(`${NS.dcterms}title`) || lastSegment(key),
      source: value(`${NS.dcterms}source`),
      url: value(`${NS.rdfs}seeAlso`),
      published_at: value(`${NS.dcterms}issued`),
      content: "",
    };
    const ours = ourArticle(key);
    a.id =
      ours !== null && existing.has(ours)
        ? ours
        : ((await sameArticle(db, input.graphId, a)) ?? null);
    articles.set(key, a);
  }
  const articleOf = (key: string): ArticleRef => articles.get(key)!;

  // Entity names: our entity IRIs name the graph's entities (their names read ahead).
  const entityPrefix = `${graphBase}entity/`;
  const ourUuids = new Set<string>();
  for (const s of statements) {
    const paused = pace();
    if (paused) await paused;
    for (const t of [s.subject, s.object])
      if (t.kind === "iri" && t.value.startsWith(entityPrefix))
        ourUuids.add(decode(t.value.slice(graphBase.length + 7)));
  }
  const byUuid = await entityNamesByUuid(db, input.graphId, [...ourUuids]);
  const names = new Map<string, { name: string; otherLabels: string[] }>();
  const nameOf = (t: RdfTerm): { name: string; otherLabels: string[] } => {
    const k = keyOf(t);
    let n = names.get(k);
    if (n) return n;
    const labels = subjects.get(k)?.labels ?? [];
    const chosen =
      labels.find((l) => l.language === lang) ?? labels.find((l) => l.language === "") ?? labels[0];
    let name: string | undefined;
    if (t.kind === "iri" && t.value.startsWith(entityPrefix)) {
      name = byUuid.get(decode(t.value.slice(graphBase.length + 7)));
    }
    name ??= chosen?.value.trim() || (t.kind === "blank" ? k : lastSegment(t.value));
    const otherLabels = [...new Set(labels.map((l) => l.value.trim()))].filter(
      (v) => v && v !== name,
    );
    n = { name, otherLabels };
    names.set(k, n);
    return n;
  };

  const relationName = (p: string): string | null => {
    const ours = ourTerm(p, ontologyBase, "relation");
    if (ours !== null) return decode(ours);
    return input.predicateMap.get(p) ?? null;
  };
  const propertyName = (p: string): string | null => {
    const ours = ourTerm(p, ontologyBase, "property");
    if (ours === null) return null;
    const parts = ours.split("/");
    return decode(parts[parts.length - 1]);
  };
  const className = (iri: string) =>
    decode(ourTerm(iri, ontologyBase, "class") ?? lastSegment(iri));

  const rows: (RdfRow & { line: number })[] = problems.map((p) => ({
    ...blank(`${input.label}第 ${p.line} 行`),
    line: p.line,
    problem: { kind: "format" as const, message: p.message },
  }));
  const row = (s: RdfStatement, fields: Partial<RdfRow>) =>
    rows.push({ ...blank(ref(s)), line: s.line, ...fields });
  const aliasesDone = new Set<string>();
  const described = new Set<string>();
  const provenances: Provenance[] = [];
  const sentences = new Map<Provenance, string>();

  for (const s of statements) {
    const paused = pace();
    if (paused) await paused;
    const e = subjects.get(keyOf(s.subject))!;
    if (isStatement(e) || isArticle(e) || isTerm(e) || IGNORED.has(s.predicate)) continue;
    const subject = nameOf(s.subject);
    if (s.predicate === RDFS_LABEL) {
      // The label names the entity; labels in other languages become its aliases (once).
      const k = keyOf(s.subject);
      if (aliasesDone.has(k)) continue;
      aliasesDone.add(k);
      for (const alias of subject.otherLabels)
        row(s, { subject: subject.name, predicate: "别名", object: alias });
      continue;
    }
    if (s.predicate === RDF_TYPE) {
      if (s.object.kind !== "iri") {
        row(s, {
          subject: subject.name,
          problem: { kind: "format", message: "rdf:type 的值应为类的 IRI" },
        });
        continue;
      }
      if (s.object.value.startsWith(NS.owl) || s.object.value.startsWith(NS.rdfs)) continue;
      row(s, { subject: subject.name, predicate: "类型", object: className(s.object.value) });
      continue;
    }
    if (s.predicate === DESCRIPTION) {
      // One description: in the graph's language, else untagged, else the first.
      const k = keyOf(s.subject);
      if (described.has(k) || s.object.kind !== "literal") continue;
      described.add(k);
      const all = e.statements
        .filter((x) => x.predicate === DESCRIPTION && x.object.kind === "literal")
        .map((x) => x.object);
      const chosen =
        all.find((l) => l.language === lang) ?? all.find((l) => l.language === "") ?? all[0];
      row(s, { subject: subject.name, predicate: "描述", object: chosen.value, describes: true });
      continue;
    }
    if (s.predicate === SKOS_ALT) {
      row(s, { subject: subject.name, predicate: "别名", object: s.object.value.trim() });
      continue;
    }
    const relation = relationName(s.predicate);
    if (relation !== null) {
      if (s.object.kind === "literal") {
        row(s, {
          subject: subject.name,
          predicate: relation,
          problem: {
            kind: "format",
            message: `关系 <${s.predicate}> 的客体应为实体（IRI 或空白节点），实际为文字"${s.object.value.slice(0, 50)}"`,
          },
        });
        continue;
      }
      const r = reified.get(`${keyOf(s.subject)}\u0001${s.predicate}\u0001${keyOf(s.object)}`);
      let provenance: Provenance | undefined;
      if (r?.article) {
        provenance = { article: articleOf(r.article), start: r.start ?? null, end: r.end ?? null };
        provenances.push(provenance);
        if (r.sentence !== undefined) sentences.set(provenance, r.sentence);
      }
      row(s, {
        subject: subject.name,
        predicate: relation,
        object: nameOf(s.object).name,
        confidence: r?.confidence ?? "",
        provenance,
      });
      continue;
    }
    const property = propertyName(s.predicate);
    if (property !== null) {
      const value = s.object.kind === "literal" ? s.object.value : nameOf(s.object).name;
      row(s, { subject: subject.name, predicate: property, object: value });
      continue;
    }
    row(s, {
      subject: subject.name,
      predicate: s.predicate,
      object: s.object.value,
      unmapped: s.predicate,
      problem: {
        kind: "ontology",
        message: `谓词 <${s.predicate}> 不是本体"${ontology.name || "（未设置本体）"}"的关系类型或属性，也没有映射到关系类型`,
      },
    });
  }
  layOutArticles(provenances, sentences);
  rows.sort((a, b) => a.line - b.line);
  // Each row keeps its line (readers take the fields they know): no second array of copies.
  return rows;
}

function blank(ref: string): RdfRow {
  return {
    ref,
    subject: "",
    predicate: "",
    object: "",
    confidence: "",
    subject_type: "",
    object_type: "",
    op: "",
  };
}
