import { stringify } from "csv-stringify/sync";
import { Zip, ZipDeflate } from "fflate";
import { Writer, type Quad } from "n3";
import { rdfOf, type GraphExport } from "./graph-export.js";
import { NS, iri, prefixes } from "./vocabulary.js";

/**
 * The five export formats, each a generator of chunks (about 64 KB) that pulls rows from the
 * export only as the client takes them (the route awaits `drain`), so memory stays flat.
 *
 * - N-Triples and Turtle: written by N3.js's Writer into a buffer emptied at each chunk.
 * - JSON-LD: N3.js has no JSON-LD writer and jsonld's compaction of a million nodes one by
 *   one is far too slow, so each node object is written in expanded form (full IRIs, every
 *   value an object) with JSON.stringify, in one `@graph` array under a fixed `@context` of
 *   prefixes; the tests read the output back with jsonld's toRDF (docs/interchange.md).
 * - GraphML: graphology-graphml serialises a whole in-memory graph, so nodes (entities) and
 *   edges (relations) are written here one element at a time; the tests parse it back with
 *   graphology-graphml.
 * - Neo4j: `nodes.csv` and `relationships.csv` in neo4j-admin import's header format
 *   (csv-stringify), zipped as they are written with fflate's streaming Zip.
 */

export const EXPORT_FORMATS = {
  nt: { type: "application/n-triples; charset=utf-8", ext: "nt" },
  ttl: { type: "text/turtle; charset=utf-8", ext: "ttl" },
  jsonld: { type: "application/ld+json; charset=utf-8", ext: "jsonld" },
  graphml: { type: "application/graphml+xml; charset=utf-8", ext: "graphml" },
  neo4j: { type: "application/zip", ext: "zip" },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

const CHUNK = 64 * 1024;

/**
 * Every statement of the export, by subject: entities, then articles, then relations with
 * their provenance; a batch of groups at a time.
 */
async function* rdfGroups(x: GraphExport): AsyncGenerator<Quad[][]> {
  const rdf = rdfOf(x);
  for await (const batch of x.entities()) yield batch.map((e) => rdf.entity(e));
  for await (const batch of x.articles()) yield batch.map((a) => rdf.article(a));
  for await (const batch of x.relations()) yield batch.flatMap((r) => rdf.relation(r));
}

async function* rdfText(x: GraphExport, format: "N-Triples" | "Turtle"): AsyncGenerator<string> {
  let buffer = "";
  const writer = new Writer(
    {
      write: (s: string) => void (buffer += s),
      end: (done?: () => void) => done?.(),
    } as unknown as NodeJS.WritableStream,
    format === "Turtle" ? { format, prefixes: prefixes(x.graphBase, x.ontologyBase) } : { format },
  );
  for await (const groups of rdfGroups(x)) {
    for (const group of groups) {
      for (const q of group) writer.addQuad(q);
      if (buffer.length >= CHUNK) {
        yield buffer;
        buffer = "";
      }
    }
  }
  writer.end();
  if (buffer) yield buffer;
}

/** The groups of batches of groups, one by one. */
async function* groupsOf(batches: AsyncGenerator<Quad[][]>): AsyncGenerator<Quad[]> {
  for await (const groups of batches) yield* groups;
}

/** A term as an expanded JSON-LD value. */
function jsonldValue(o: Quad["object"]): Record<string, string> {
  if (o.termType !== "Literal") return { "@id": o.value };
  if (o.language) return { "@value": o.value, "@language": o.language };
  if (o.datatype.value === `${NS.xsd}string`) return { "@value": o.value };
  return { "@value": o.value, "@type": o.datatype.value };
}

async function* jsonldText(x: GraphExport): AsyncGenerator<string> {
  let buffer = `{"@context":${JSON.stringify(prefixes(x.graphBase, x.ontologyBase))},"@graph":[`;
  let first = true;
  for await (const group of groupsOf(rdfGroups(x))) {
    const node: Record<string, unknown> = { "@id": group[0].subject.value };
    for (const q of group) {
      if (q.predicate.value === `${NS.rdf}type` && q.object.termType === "NamedNode") {
        ((node["@type"] ??= []) as string[]).push(q.object.value);
      } else {
        ((node[q.predicate.value] ??= []) as unknown[]).push(jsonldValue(q.object));
      }
    }
    buffer += (first ? "\n" : ",\n") + JSON.stringify(node);
    first = false;
    if (buffer.length >= CHUNK) {
      yield buffer;
      buffer = "";
    }
  }
  yield `${buffer}\n]}\n`;
}

/** Characters XML 1.0 cannot hold (C0 controls but tab and newlines, lone surrogates, U+FFFE/U+FFFF) are dropped. */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
};
const xml = (s: string) => s.replace(NOT_XML, "").replace(/[&<>"]/g, (c) => XML_ESCAPES[c]);

const GRAPHML_KEYS = [
  ["label", "node", "string"],
  ["class", "node", "string"],
  ["iri", "node", "string"],
  ["aliases", "node", "string"],
  ["label", "edge", "string"],
  ["confidence", "edge", "double"],
  ["article", "edge", "string"],
  ["sentence", "edge", "string"],
  ["statement", "edge", "string"],
] as const;

async function* graphmlText(x: GraphExport): AsyncGenerator<string> {
  let buffer =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n` +
    GRAPHML_KEYS.map(
      ([name, on, type]) =>
        `  <key id="${on[0]}_${name}" for="${on}" attr.name="${name}" attr.type="${type}"/>\n`,
    ).join("") +
    `  <graph id="${xml(x.graph.name)}" edgedefault="directed">\n`;
  const data = (key: string, value: string | number | null) =>
    value === null || value === "" ? "" : `<data key="${key}">${xml(String(value))}</data>`;
  for await (const batch of x.entities()) {
    for (const e of batch) {
      const aliases = (JSON.parse(e.aliases || "[]") as unknown[])
        .filter((a) => typeof a === "string")
        .join(";");
      buffer +=
        `    <node id="${xml(e.uuid)}">${data("n_label", e.name)}${data("n_class", x.className(e.class_id))}` +
        `${data("n_iri", iri.entity(x.graphBase, e.uuid))}${data("n_aliases", aliases)}</node>\n`;
      if (buffer.length >= CHUNK) {
        yield buffer;
        buffer = "";
      }
    }
  }
  for await (const batch of x.relations()) {
    for (const r of batch) {
      buffer +=
        `    <edge id="r${r.id}" source="${xml(r.subject)}" target="${xml(r.object)}">${data("e_label", x.relationName(r.type_id))}` +
        `${data("e_confidence", r.confidence)}${data("e_article", r.article_id === null ? null : iri.article(x.graphBase, r.article_id))}` +
        `${data("e_sentence", x.sentence(r))}${data("e_statement", iri.statement(x.graphBase, r.id))}</edge>\n`;
      if (buffer.length >= CHUNK) {
        yield buffer;
        buffer = "";
      }
    }
  }
  yield `${buffer}  </graph>\n</graphml>\n`;
}

/** neo4j-admin import headers (docs/interchange.md). Labels: the class and its ancestors, `;`-separated. */
const NEO4J_NODE_HEADER = [
  "uuid:ID",
  "name",
  ":LABEL",
  "iri",
  "aliases:string[]",
  "description",
  "properties",
];
const NEO4J_RELATIONSHIP_HEADER = [
  ":START_ID",
  ":END_ID",
  ":TYPE",
  "confidence:float",
  "article",
  "sentence",
];

async function* neo4jZip(x: GraphExport): AsyncGenerator<Uint8Array> {
  let out: Uint8Array[] = [];
  let size = 0;
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
    size += chunk.length;
  });
  const take = () => {
    const chunks = out;
    out = [];
    size = 0;
    return chunks;
  };
  const encoder = new TextEncoder();
  async function* file<T>(
    name: string,
    header: string[],
    batches: AsyncIterable<T[]>,
    row: (r: T) => unknown[],
  ): AsyncGenerator<Uint8Array> {
    const entry = new ZipDeflate(name, { level: 1 });
    zip.add(entry);
    entry.push(encoder.encode(stringify([header])));
    let batch: unknown[][] = [];
    for await (const rows of batches) {
      for (const r of rows) {
        batch.push(row(r));
        if (batch.length === 500) {
          entry.push(encoder.encode(stringify(batch)));
          batch = [];
          if (size >= CHUNK) yield* take();
        }
      }
    }
    entry.push(encoder.encode(stringify(batch)), true);
    yield* take();
  }
  yield* file("nodes.csv", NEO4J_NODE_HEADER, x.entities(), (e) => [
    e.uuid,
    e.name,
    x.classChain(e.class_id).join(";") || "Entity",
    iri.entity(x.graphBase, e.uuid),
    (JSON.parse(e.aliases || "[]") as unknown[]).filter((a) => typeof a === "string").join(";"),
    e.description,
    e.properties === "{}" ? "" : e.properties,
  ]);
  yield* file("relationships.csv", NEO4J_RELATIONSHIP_HEADER, x.relations(), (r) => [
    r.subject,
    r.object,
    x.relationName(r.type_id),
    r.confidence,
    r.article_id === null ? "" : iri.article(x.graphBase, r.article_id),
    x.sentence(r) ?? "",
  ]);
  zip.end();
  yield* take();
}

export function exportChunks(
  x: GraphExport,
  format: ExportFormat,
): AsyncGenerator<string | Uint8Array> {
  switch (format) {
    case "nt":
      return rdfText(x, "N-Triples");
    case "ttl":
      return rdfText(x, "Turtle");
    case "jsonld":
      return jsonldText(x);
    case "graphml":
      return graphmlText(x);
    case "neo4j":
      return neo4jZip(x);
  }
}
