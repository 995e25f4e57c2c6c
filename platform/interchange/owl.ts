import { DataFactory, Writer, type Quad } from "n3";
import type { PlatformContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { ontologyClassesSync, ontologyRelationTypesSync } from "../kg/ontology.js";
import { NS, XSD_OF, iri, ontologyBaseIri, prefixes } from "./vocabulary.js";

/**
 * An ontology as OWL (docs/interchange.md): the ontology itself (`owl:Ontology`), classes
 * (`owl:Class`, `rdfs:subClassOf` their parent), relation types (`owl:ObjectProperty` with
 * `rdfs:domain` / `rdfs:range`; none = any class), class properties (`owl:DatatypeProperty`
 * ranging over XSD, or `owl:ObjectProperty` for an `entity` property), each with its name as
 * `rdfs:label "…"@zh`, its English label (when it has one) as `rdfs:label "…"@en`, and its
 * description as `rdfs:comment`. Event types, colours and place flags have no OWL counterpart and stay out.
 * `ontologyQuads` is what an OWL import compares a file with ("no diff" = the same quads).
 */

const { namedNode, literal } = DataFactory;
const RDF_TYPE = namedNode(`${NS.rdf}type`);
const LABEL = namedNode(`${NS.rdfs}label`);
const COMMENT = namedNode(`${NS.rdfs}comment`);
const SUBCLASS = namedNode(`${NS.rdfs}subClassOf`);
const DOMAIN = namedNode(`${NS.rdfs}domain`);
const RANGE = namedNode(`${NS.rdfs}range`);
const OWL = {
  Ontology: namedNode(`${NS.owl}Ontology`),
  Class: namedNode(`${NS.owl}Class`),
  ObjectProperty: namedNode(`${NS.owl}ObjectProperty`),
  DatatypeProperty: namedNode(`${NS.owl}DatatypeProperty`),
};

interface OwlExport {
  name: string;
  base: string;
  quads: Quad[];
}

/** The ontology's OWL statements, in a stable order (classes in tree order, then relation types, then properties). */
export function ontologyQuads(ctx: PlatformContext, ontologyId: number): OwlExport {
  const db = ctx.db;
  const row = db
    .prepare("SELECT id, name, description, base_iri FROM kg_ontologies WHERE id = ?")
    .get(ontologyId) as
    { id: number; name: string; description: string; base_iri: string } | undefined;
  if (!row) throw notFound("本体不存在");
  const base = ontologyBaseIri(row.id, row.base_iri);
  const quads: Quad[] = [];
  const add = (s: string, p: ReturnType<typeof namedNode>, o: Quad["object"]) =>
    quads.push(DataFactory.quad(namedNode(s), p, o));
  const zh = (text: string) => literal(text, "zh");
  /** The term's name @zh, and its English label @en when it has one. */
  const labels = (s: string, name: string, en: string | undefined) => {
    add(s, LABEL, zh(name));
    if (en) add(s, LABEL, literal(en, "en"));
  };
  const englishOf = (table: string) =>
    new Map(
      (
        db
          .prepare(`SELECT id, label_en FROM ${table} WHERE ontology_id = ? AND label_en <> ''`)
          .all(ontologyId) as { id: number; label_en: string }[]
      ).map((r) => [r.id, r.label_en]),
    );
  const classEnglish = englishOf("kg_classes");
  const relationEnglish = englishOf("kg_relation_types");

  add(base, RDF_TYPE, OWL.Ontology);
  add(base, LABEL, zh(row.name));
  if (row.description) add(base, COMMENT, zh(row.description));

  const classes = ontologyClassesSync(ctx, ontologyId);
  const className = new Map(classes.map((c) => [c.id, c.name]));
  const classIri = (id: number | null) =>
    id === null ? null : className.has(id) ? iri.class(base, className.get(id)!) : null;
  for (const c of classes) {
    const s = iri.class(base, c.name);
    add(s, RDF_TYPE, OWL.Class);
    labels(s, c.name, classEnglish.get(c.id));
    const parent = classIri(c.parent_id);
    if (parent) add(s, SUBCLASS, namedNode(parent));
    if (c.description) add(s, COMMENT, zh(c.description));
  }

  for (const r of ontologyRelationTypesSync(ctx, ontologyId)) {
    const s = iri.relationType(base, r.name);
    add(s, RDF_TYPE, OWL.ObjectProperty);
    labels(s, r.name, relationEnglish.get(r.id));
    const domain = classIri(r.domain_class_id);
    const range = classIri(r.range_class_id);
    if (domain) add(s, DOMAIN, namedNode(domain));
    if (range) add(s, RANGE, namedNode(range));
    if (r.description) add(s, COMMENT, zh(r.description));
  }

  const properties = db
    .prepare(
      `SELECT p.name, p.label_en, p.datatype, p.description, c.name AS class FROM kg_class_properties p
         JOIN kg_classes c ON c.id = p.class_id WHERE c.ontology_id = ? ORDER BY c.id, p.id`,
    )
    .all(ontologyId) as {
    name: string;
    label_en: string;
    datatype: string;
    description: string;
    class: string;
  }[];
  for (const p of properties) {
    const s = iri.property(base, p.class, p.name);
    const entity = p.datatype === "entity";
    add(s, RDF_TYPE, entity ? OWL.ObjectProperty : OWL.DatatypeProperty);
    labels(s, p.name, p.label_en);
    add(s, DOMAIN, namedNode(iri.class(base, p.class)));
    if (!entity)
      add(s, RANGE, namedNode(XSD_OF[p.datatype as keyof typeof XSD_OF] ?? XSD_OF.string));
    if (p.description) add(s, COMMENT, zh(p.description));
  }
  return { name: row.name, base, quads };
}

/** The ontology as OWL in Turtle (what Protégé opens). */
export function ontologyTurtle(
  ctx: PlatformContext,
  ontologyId: number,
): Promise<{ name: string; turtle: string }> {
  const { name, base, quads } = ontologyQuads(ctx, ontologyId);
  const { rdf, rdfs, owl, xsd } = prefixes();
  const writer = new Writer({ format: "Turtle", prefixes: { rdf, rdfs, owl, xsd, o: base } });
  writer.addQuads(quads);
  return new Promise((resolve, reject) =>
    writer.end((error, turtle: string) => (error ? reject(error) : resolve({ name, turtle }))),
  );
}
