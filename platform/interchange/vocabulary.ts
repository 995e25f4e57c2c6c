import type { PlatformContext } from "../context.js";
import { ontologyBaseIriOf } from "./store.js";
/**
 * The IRIs of a knowledge graph when it leaves the platform as RDF (N-Triples, Turtle,
 * JSON-LD) and when it comes back: one scheme for export and import, so an export imports
 * into an empty graph as the same facts. docs/interchange.md describes it for operators.
 *
 * - Instance data of a graph lives under the graph's base IRI (`graphBaseIri`): entities,
 *   articles and the statements that carry a relation's provenance.
 * - Ontology terms (classes, relation types, class properties) live under the ontology's base
 *   IRI (`ontologyBaseIri`), shared by every graph built on that ontology.
 * - Terms of our own (an article, a sentence, a confidence) are in `KG`.
 * - Provenance travels as standard RDF reification (an `rdf:Statement` per relation), which
 *   every RDF format and tool reads; RDF-star would not survive JSON-LD 1.1.
 */

export const NS = {
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  rdfs: "http://www.w3.org/2000/01/rdf-schema#",
  owl: "http://www.w3.org/2002/07/owl#",
  xsd: "http://www.w3.org/2001/XMLSchema#",
  skos: "http://www.w3.org/2004/02/skos/core#",
  dcterms: "http://purl.org/dc/terms/",
  prov: "http://www.w3.org/ns/prov#",
  kg: "https://kg-console.example/ns#",
} as const;

/** The default root of base IRIs, used when a graph or ontology has none configured. */
export const DEFAULT_IRI_ROOT = "https://kg-console.example/";

export const KG = {
  Article: `${NS.kg}Article`,
  /** The sentence of the article a relation was read from (a literal with the graph's language tag). */
  sentence: `${NS.kg}sentence`,
  /** A relation's confidence, xsd:decimal in [0, 1]. */
  confidence: `${NS.kg}confidence`,
  /** Character offsets of the sentence in the article (xsd:integer). */
  sentenceStart: `${NS.kg}sentenceStart`,
  sentenceEnd: `${NS.kg}sentenceEnd`,
} as const;

/** Names become one IRI path segment: percent-encoded UTF-8, so 军事装备 stays readable in tools that decode. */
export const segment = (name: string) => encodeURIComponent(name);

/** `{root}graph/{id}/` unless the graph has a base IRI of its own (which must end in `/` or `#`). */
export function graphBaseIri(graphId: number, configured?: string | null): string {
  return configured || `${DEFAULT_IRI_ROOT}graph/${graphId}/`;
}

/** `{root}ontology/{id}/` unless configured. */
export function ontologyBaseIri(ontologyId: number, configured?: string | null): string {
  return configured || `${DEFAULT_IRI_ROOT}ontology/${ontologyId}/`;
}

/** An ontology's base IRI as stored (its configured one, else the default). */
export async function storedOntologyBaseIri(
  ctx: PlatformContext,
  ontologyId: number,
): Promise<string> {
  return ontologyBaseIri(ontologyId, await ontologyBaseIriOf(ctx.store.db, ontologyId));
}

export const iri = {
  entity: (graphBase: string, uuid: string) => `${graphBase}entity/${segment(uuid)}`,
  article: (graphBase: string, articleId: number) => `${graphBase}article/${articleId}`,
  /** The rdf:Statement carrying a relation's provenance. */
  statement: (graphBase: string, relationId: number) => `${graphBase}statement/${relationId}`,
  class: (ontologyBase: string, name: string) => `${ontologyBase}class/${segment(name)}`,
  relationType: (ontologyBase: string, name: string) => `${ontologyBase}relation/${segment(name)}`,
  /** A class property; its name is unique within its class, so the class is part of the IRI. */
  property: (ontologyBase: string, className: string, name: string) =>
    `${ontologyBase}property/${segment(className)}/${segment(name)}`,
};

/** The XSD datatype of each ontology property datatype (`entity` properties are IRIs). */
export const XSD_OF = {
  string: `${NS.xsd}string`,
  number: `${NS.xsd}decimal`,
  date: `${NS.xsd}date`,
  boolean: `${NS.xsd}boolean`,
} as const;

/** Prefixes written at the top of Turtle and in the JSON-LD context. */
export function prefixes(graphBase?: string, ontologyBase?: string): Record<string, string> {
  return {
    rdf: NS.rdf,
    rdfs: NS.rdfs,
    owl: NS.owl,
    xsd: NS.xsd,
    skos: NS.skos,
    dcterms: NS.dcterms,
    prov: NS.prov,
    kg: NS.kg,
    ...(graphBase ? { g: graphBase } : {}),
    ...(ontologyBase ? { o: ontologyBase } : {}),
  };
}
