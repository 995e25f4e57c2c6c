import { DataFactory, Writer, type Quad } from "n3";
import type { PlatformContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { ontologyClasses, ontologyRelationTypes } from "../kg/ontology.js";
import { englishLabels, ontologyOwlRow, ontologyPropertyRows } from "./store.js";
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
export async function ontologyQuads(ctx: PlatformContext, ontologyId: number): Promise<OwlExport> {
  const db = ctx.store.db;
  const row = await ontologyOwlRow(db, ontologyId);
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
  const classEnglish = await englishLabels(db, "kg_classes", ontologyId);
  const relationEnglish = await englishLabels(db, "kg_relation_types", ontologyId);

  add(base, RDF_TYPE, OWL.Ontology);
  add(base, LABEL, zh(row.name));
  if (row.description) add(base, COMMENT, zh(row.description));

  const classes = await ontologyClasses(ctx, ontologyId);
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

  for (const r of await ontologyRelationTypes(ctx, ontologyId)) {
    const s = iri.relationType(base, r.name);
    add(s, RDF_TYPE, OWL.ObjectProperty);
    labels(s, r.name, relationEnglish.get(r.id));
    const domain = classIri(r.domain_class_id);
    const range = classIri(r.range_class_id);
    if (domain) add(s, DOMAIN, namedNode(domain));
    if (range) add(s, RANGE, namedNode(range));
    if (r.description) add(s, COMMENT, zh(r.description));
  }

  const properties = await ontologyPropertyRows(db, ontologyId);
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
export async function ontologyTurtle(
  ctx: PlatformContext,
  ontologyId: number,
): Promise<{ name: string; turtle: string }> {
  const { name, base, quads } = await ontologyQuads(ctx, ontologyId);
  const { rdf, rdfs, owl, xsd } = prefixes();
  const writer = new Writer({ format: "Turtle", prefixes: { rdf, rdfs, owl, xsd, o: base } });
  writer.addQuads(quads);
  return new Promise((resolve, reject) =>
    writer.end((error, turtle: string) => (error ? reject(error) : resolve({ name, turtle }))),
  );
}
