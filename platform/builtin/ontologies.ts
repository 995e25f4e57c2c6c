import general from "./general.json";
import military from "./military.json";

/**
 * The two ontologies every fresh store gets: military and general. The demo corpus and the
 * generator build on them; operators edit them (or add their own) in the ontology admin.
 */
export interface ClassDef {
  name: string;
  /** The English label (OWL `rdfs:label "…"@en`). */
  en?: string;
  parent?: string;
  place?: boolean;
  color: string;
  description?: string;
  properties?: {
    name: string;
    en?: string;
    datatype?: "string" | "number" | "date" | "boolean" | "entity";
    required?: boolean;
  }[];
}
export interface RelationTypeDef {
  name: string;
  en?: string;
  domain?: string;
  range?: string;
  description?: string;
}
export interface EventTypeDef {
  name: string;
  en?: string;
  triggers: string[];
  roles: { subject: string; object: string };
  color: string;
}
export interface OntologyDef {
  name: string;
  domain: "military" | "general";
  description: string;
  classes: ClassDef[];
  relationTypes: RelationTypeDef[];
  eventTypes: EventTypeDef[];
}

type Datatype = NonNullable<NonNullable<ClassDef["properties"]>[number]["datatype"]>;
const DATATYPES: readonly string[] = [
  "string",
  "number",
  "date",
  "boolean",
  "entity",
] satisfies Datatype[];
const DOMAINS: readonly string[] = ["military", "general"] satisfies OntologyDef["domain"][];

/** An ontology data file as JSON types it: its domain and its properties' datatypes any string. */
type OntologyJson = Omit<OntologyDef, "domain" | "classes"> & {
  domain: string;
  classes: (Omit<ClassDef, "properties"> & {
    properties?: (Omit<NonNullable<ClassDef["properties"]>[number], "datatype"> & {
      datatype?: string;
    })[];
  })[];
};

/** The ontology of a data file, its domain and datatypes checked (the rest tsc checks). */
function checked(o: OntologyJson): OntologyDef {
  const bad = [
    ...(DOMAINS.includes(o.domain) ? [] : [`domain ${o.domain}`]),
    ...o.classes.flatMap((c) =>
      (c.properties ?? [])
        .filter((p) => p.datatype !== undefined && !DATATYPES.includes(p.datatype))
        .map((p) => `${c.name}.${p.name}: datatype ${p.datatype}`),
    ),
  ];
  if (bad.length) throw new Error(`built-in ontology ${o.name}: ${bad.join(", ")}`);
  return o as OntologyDef;
}

// The ontologies themselves are data: military.json and general.json.
export const militaryOntology = checked(military);
export const generalOntology = checked(general);

export const builtinOntologies = [militaryOntology, generalOntology];
