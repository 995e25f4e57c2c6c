import { parseRdf, type RdfStatement, type RdfTerm } from "./rdf-parse.js";
import { NS, XSD_OF } from "./vocabulary.js";

/**
 * An OWL ontology in Turtle (as Protégé or our export writes it) → the ontology as the
 * platform holds it: classes (rdfs:subClassOf), relation types (object properties with domain
 * and range), class properties (datatype properties; an object property under our property
 * IRIs is an `entity` property). Names come from our IRIs (`{base}class/{name}`…), else the
 * rdfs:label (Chinese or untagged first), else the IRI's last segment. A label tagged `@en`
 * (or `@en-…`) is the term's English label.
 */

export interface OwlClass {
  name: string;
  /** The `@en` label, only when the file has one (otherwise the current one is kept). */
  labelEn: string | null;
  parent: string | null;
  /** Only when the file says it (rdfs:comment); otherwise the current one is kept. */
  description: string | null;
}
export interface OwlRelationType {
  name: string;
  labelEn: string | null;
  domain: string | null;
  range: string | null;
  description: string | null;
}
export interface OwlProperty {
  className: string;
  name: string;
  labelEn: string | null;
  datatype: string;
}
export interface OwlOntology {
  classes: OwlClass[];
  relationTypes: OwlRelationType[];
  properties: OwlProperty[];
}

const TYPE = `${NS.rdf}type`;
const LABEL = `${NS.rdfs}label`;
const COMMENT = `${NS.rdfs}comment`;
const SUBCLASS = `${NS.rdfs}subClassOf`;
const DOMAIN = `${NS.rdfs}domain`;
const RANGE = `${NS.rdfs}range`;
const CLASS_TYPES = new Set([`${NS.owl}Class`, `${NS.rdfs}Class`]);
const OBJECT_PROPERTY = `${NS.owl}ObjectProperty`;
const DATATYPE_PROPERTY = `${NS.owl}DatatypeProperty`;
const DATATYPE_OF = new Map<string, string>(Object.entries(XSD_OF).map(([k, v]) => [v, k]));
// Datatypes that mean the same as one of ours.
for (const [xsd, ours] of [
  ["integer", "number"],
  ["int", "number"],
  ["double", "number"],
  ["float", "number"],
  ["gYear", "date"],
  ["gYearMonth", "date"],
])
  DATATYPE_OF.set(`${NS.xsd}${xsd}`, ours);
const TERM = /\/(class|relation|property)\/([^/]+)(?:\/([^/]+))?$/;

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

function lastSegment(iri: string): string {
  const tail = iri.replace(/[/#]+$/, "");
  return decode(tail.slice(Math.max(tail.lastIndexOf("/"), tail.lastIndexOf("#")) + 1) || tail);
}

/** Parses an OWL Turtle text (RdfReadError naming the line when it is not Turtle). */
export async function readOwl(text: string): Promise<OwlOntology> {
  const { statements } = await parseRdf(text, "turtle");
  const about = new Map<string, RdfStatement[]>();
  for (const s of statements) {
    if (s.subject.kind !== "iri") continue;
    about.set(s.subject.value, [...(about.get(s.subject.value) ?? []), s]);
  }
  const values = (iri: string, p: string): RdfTerm[] =>
    (about.get(iri) ?? []).filter((s) => s.predicate === p).map((s) => s.object);
  const first = (iri: string, p: string) =>
    values(iri, p).find((t) => t.kind === "iri")?.value ?? null;
  const types = (iri: string) => values(iri, TYPE).map((t) => t.value);
  const comment = (iri: string) => {
    const c = values(iri, COMMENT).filter((t) => t.kind === "literal");
    return (c.find((t) => t.language === "zh" || t.language === "") ?? c[0])?.value ?? null;
  };
  const english = (iri: string) => {
    const en = values(iri, LABEL).filter(
      (t) => t.kind === "literal" && /^en(-|$)/i.test(t.language ?? ""),
    );
    return (en.find((t) => t.language?.toLowerCase() === "en") ?? en[0])?.value.trim() ?? null;
  };
  const nameOf = (iri: string, kind: "class" | "relation" | "property"): string => {
    const m = TERM.exec(iri);
    if (m && m[1] === kind) return decode(m[3] ?? m[2]);
    const labels = values(iri, LABEL).filter((t) => t.kind === "literal");
    const label =
      labels.find((l) => l.language === "zh") ?? labels.find((l) => l.language === "") ?? labels[0];
    return label?.value.trim() || lastSegment(iri);
  };
  const className = (iri: string | null) =>
    iri && !iri.startsWith(NS.owl) ? nameOf(iri, "class") : null;

  const out: OwlOntology = { classes: [], relationTypes: [], properties: [] };
  for (const iri of about.keys()) {
    const t = types(iri);
    const isPropertyIri = TERM.exec(iri)?.[1] === "property";
    if (t.some((x) => CLASS_TYPES.has(x))) {
      out.classes.push({
        name: nameOf(iri, "class"),
        labelEn: english(iri),
        parent: className(first(iri, SUBCLASS)),
        description: comment(iri),
      });
    } else if (t.includes(DATATYPE_PROPERTY) || (t.includes(OBJECT_PROPERTY) && isPropertyIri)) {
      const owner = className(first(iri, DOMAIN));
      if (!owner) continue;
      const range = first(iri, RANGE);
      const datatype = t.includes(OBJECT_PROPERTY)
        ? "entity"
        : (range && DATATYPE_OF.get(range)) || "string";
      out.properties.push({
        className: owner,
        name: nameOf(iri, "property"),
        labelEn: english(iri),
        datatype,
      });
    } else if (t.includes(OBJECT_PROPERTY)) {
      out.relationTypes.push({
        name: nameOf(iri, "relation"),
        labelEn: english(iri),
        domain: className(first(iri, DOMAIN)),
        range: className(first(iri, RANGE)),
        description: comment(iri),
      });
    }
  }
  return out;
}
