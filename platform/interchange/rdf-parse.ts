import { Readable } from "node:stream";
import jsonld from "jsonld";
import { Parser } from "n3";

/**
 * RDF text → statements, each with the line it is on: N-Triples and Turtle through N3.js,
 * JSON-LD through jsonld.js (no network: a remote @context is refused). No RDF syntax is
 * parsed here by hand; this only keeps the line of each statement and turns the libraries'
 * errors into messages that name the line (or the JSON-LD node).
 */

export type RdfFormat = "ntriples" | "turtle" | "jsonld";

/** The largest RDF file an import reads: the data files' own limit (platform/resources/defs/files.ts). */
export const MAX_RDF_BYTES = 20 * 1024 * 1024;

const EXTENSIONS: [RegExp, RdfFormat][] = [
  [/\.nt$/i, "ntriples"],
  [/\.ttl$/i, "turtle"],
  [/\.(jsonld|json-ld)$/i, "jsonld"],
];

/** The RDF format a file name says, or null (then it is not an RDF file). */
export function rdfFormatOf(filename: string): RdfFormat | null {
  return EXTENSIONS.find(([re]) => re.test(filename))?.[1] ?? null;
}

/** An RDF term as the readers need it: an IRI, a blank node, or a literal with its datatype or language. */
export interface RdfTerm {
  kind: "iri" | "blank" | "literal";
  value: string;
  language: string;
  datatype: string;
}

export interface RdfStatement {
  subject: RdfTerm;
  predicate: string;
  object: RdfTerm;
  /** 1-based line of the statement (N-Triples, Turtle); 0 for JSON-LD, which names `node` instead. */
  line: number;
  node?: string;
}

/** A statement that could not be read: N-Triples goes on after it, Turtle and JSON-LD stop. */
export interface RdfSyntaxProblem {
  line: number;
  message: string;
}

/** The whole document cannot be read (a Turtle or JSON-LD syntax error, a refused context). */
export class RdfReadError extends Error {
  constructor(
    message: string,
    public line: number | null,
  ) {
    super(message);
  }
}

interface N3Term {
  termType: string;
  value: string;
  language?: string;
  datatype?: { value: string };
}

const XSD_STRING = "http://www.w3.org/2001/XMLSchema#string";
const ABSOLUTE_IRI = /^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`]*$/i;

/**
 * A long string as a copy of its own: the parser's values are slices of the text it was given,
 * and a slice keeps all of that text alive as long as it lives.
 */
const own = (s: string): string => (s.length < 13 ? s : JSON.parse(JSON.stringify(s)));

/**
 * The terms of one document: an IRI or blank node met again is the same object (a document of a
 * million statements names far fewer nodes), its value a string of its own.
 */
type Terms = Map<string, RdfTerm>;

function term(t: N3Term, terms: Terms): RdfTerm {
  if (t.termType === "NamedNode" || t.termType === "BlankNode") {
    const kind = t.termType === "NamedNode" ? "iri" : "blank";
    const key = kind === "iri" ? t.value : `\u0000${t.value}`;
    let found = terms.get(key);
    if (!found) terms.set(key, (found = { kind, value: own(t.value), language: "", datatype: "" }));
    return found;
  }
  return {
    kind: "literal",
    value: own(t.value),
    language: t.language ?? "",
    datatype: t.datatype?.value ?? XSD_STRING,
  };
}

/** N3's own message ("Unexpected "<a b" on line 3.") without the line, which our message names. */
const n3Message = (message: string) => message.replace(/\s*on line \d+\.?$/, "").trim();

function invalidIri(s: RdfStatement): string | null {
  for (const t of [s.subject, { kind: "iri", value: s.predicate }, s.object]) {
    if (t.kind === "iri" && !ABSOLUTE_IRI.test(t.value))
      return `IRI <${t.value}> 无效（应为绝对 IRI）`;
  }
  return null;
}

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

/**
 * Parses one N3.js document, keeping each statement's line (the line of the token that
 * completed it). Resolves with what was read before an error, and the error.
 */
function parseN3(
  input: string | Readable,
  format: "N-Triples" | "Turtle",
  lineOffset: number,
  onStatement: (s: RdfStatement) => void,
  terms: Terms,
): Promise<{ error: { line: number; message: string } | null }> {
  // Stable blank node labels (no per-parse prefix), so `_:b1` on two N-Triples lines is one node.
  const parser = new Parser({ format, blankNodePrefix: "" });
  let line = 1;
  return new Promise((resolve) => {
    const callbacks = {
      onToken: (token: { line: number }) => {
        line = token.line;
      },
      onQuad: (
        error: (Error & { context?: { line?: number } }) | null,
        quad: { subject: N3Term; predicate: N3Term; object: N3Term } | null,
      ) => {
        if (error) {
          resolve({
            error: {
              line: (error.context?.line ?? line) + lineOffset,
              message: n3Message(error.message),
            },
          });
          return;
        }
        if (!quad) {
          resolve({ error: null });
          return;
        }
        onStatement({
          subject: term(quad.subject, terms),
          predicate: term(quad.predicate, terms).value,
          object: term(quad.object, terms),
          line: line + lineOffset,
        });
      },
    };
    // onToken is part of N3.js's parse callbacks (2.x); its types predate it.
    (parser.parse as unknown as (input: unknown, callbacks: unknown) => void)(input, callbacks);
  });
}

const LINES_PER_CHUNK = 5000;
/** How many bytes of an N-Triples file are decoded at a time (then cut after the next line feed). */
const BLOCK_BYTES = 1024 * 1024;

/**
 * The lines of an N-Triples document, a block at a time. Bytes are decoded a block at a time,
 * each cut after a line feed (a byte no UTF-8 sequence contains), so a file's whole text never
 * exists as one string (a two-byte string of twice the file's size, when it holds any CJK text);
 * an invalid byte throws the decoder's TypeError, as a decode of the whole file would.
 */
function* lineBlocks(input: string | Uint8Array): Generator<string[]> {
  if (typeof input === "string") {
    yield input.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
    return;
  }
  // The first block's decoder drops a byte order mark (as TextDecoder does); later blocks keep
  // whatever they hold.
  const later = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  let at = 0;
  do {
    const feed = at + BLOCK_BYTES >= input.length ? -1 : input.indexOf(0x0a, at + BLOCK_BYTES);
    const end = feed === -1 ? input.length : feed + 1;
    const bytes = input.subarray(at, end);
    const text =
      at === 0
        ? new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "")
        : later.decode(bytes);
    const lines = text.split(/\r\n|\n|\r/);
    // A block cut after a line feed ends with an empty "line": the next block's first.
    if (end < input.length) lines.pop();
    yield lines;
    at = end;
  } while (at < input.length);
}

/**
 * N-Triples, a statement per line: parsed a chunk of lines at a time (the event loop runs in
 * between); a bad line is reported and parsing goes on with the next one.
 */
async function parseNTriples(
  input: string | Uint8Array,
  out: RdfStatement[],
  problems: RdfSyntaxProblem[],
) {
  const terms: Terms = new Map();
  const accept = (s: RdfStatement) => {
    const bad = invalidIri(s);
    if (bad) problems.push({ line: s.line, message: bad });
    else out.push(s);
  };
  let base = 0;
  for (const lines of lineBlocks(input)) {
    for (let from = 0; from < lines.length;) {
      const to = Math.min(from + LINES_PER_CHUNK, lines.length);
      const chunk = lines.slice(from, to).join("\n");
      const { error } = await parseN3(chunk, "N-Triples", base + from, accept, terms);
      if (error) {
        problems.push({ line: error.line, message: `RDF 语法错误：${error.message}` });
        // Statements before the bad line were read; go on after it.
        from = Math.max(error.line - base, from + 1);
      } else from = to;
      await yieldToLoop();
    }
    base += lines.length;
  }
}

const CHUNK_CHARS = 64 * 1024;

/** Turtle, streamed through the parser in chunks; its first syntax error ends the document. */
async function parseTurtle(text: string, out: RdfStatement[]) {
  const body = text.replace(/^\uFEFF/, "");
  const chunks = function* () {
    for (let at = 0; at < body.length;) {
      let end = Math.min(at + CHUNK_CHARS, body.length);
      if (end < body.length && /[\uD800-\uDBFF]/.test(body[end - 1])) end++;
      yield body.slice(at, end);
      at = end;
    }
  };
  const problems: RdfSyntaxProblem[] = [];
  const accept = (s: RdfStatement) => {
    const bad = invalidIri(s);
    if (bad) problems.push({ line: s.line, message: bad });
    else out.push(s);
  };
  const { error } = await parseN3(Readable.from(chunks()), "Turtle", 0, accept, new Map());
  if (error)
    throw new RdfReadError(`第 ${error.line} 行：RDF 语法错误：${error.message}`, error.line);
  return problems;
}

/** JSON-LD may not fetch anything: every remote context or document is refused. */
const noRemoteDocuments = async (url: string) => {
  throw new RdfReadError(
    `不能加载远程 JSON-LD 上下文 <${url}>：导入不访问网络，请把 @context 写在文件中`,
    null,
  );
};

interface JsonLdError {
  name?: string;
  message?: string;
  details?: {
    code?: string;
    event?: { code?: string; message?: string; details?: Record<string, unknown> };
    context?: unknown;
    url?: string;
  };
}

function jsonLdMessage(e: JsonLdError): string {
  const d = e.details ?? {};
  if (d.code === "loading remote context failed" || d.url) {
    return `不能加载远程 JSON-LD 上下文 <${d.url ?? ""}>：导入不访问网络，请把 @context 写在文件中`;
  }
  if (d.event) {
    const where = d.event.details ? JSON.stringify(d.event.details) : "";
    return `JSON-LD 内容无法无损转换为 RDF（${d.event.code ?? "invalid"}${where ? `：${where.slice(0, 300)}` : ""}）`;
  }
  const ctx =
    d.context === undefined ? "" : `，@context：${JSON.stringify(d.context).slice(0, 200)}`;
  return `JSON-LD 错误：${d.code ?? e.message ?? "无法解析"}${ctx}`;
}

/** JSON-LD → RDF with jsonld.js in safe mode: anything it would silently drop is an error. */
async function parseJsonLd(text: string, out: RdfStatement[]) {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new RdfReadError(`JSON 格式错误：${(e as Error).message}`, null);
  }
  let quads: { subject: N3Term; predicate: N3Term; object: N3Term }[];
  try {
    quads = (await jsonld.toRDF(
      doc as jsonld.JsonLdDocument,
      {
        safe: true,
        documentLoader: noRemoteDocuments,
      } as jsonld.Options.ToRdf,
    )) as unknown as typeof quads;
  } catch (e) {
    if (e instanceof RdfReadError) throw e;
    const cause = (e as { details?: { cause?: unknown } }).details?.cause;
    if (cause instanceof RdfReadError) throw cause;
    throw new RdfReadError(jsonLdMessage(e as JsonLdError), null);
  }
  const terms: Terms = new Map();
  for (const q of quads) {
    const s: RdfStatement = {
      subject: term(q.subject, terms),
      predicate: q.predicate.value,
      object: term(q.object, terms),
      line: 0,
    };
    s.node = s.subject.kind === "blank" ? `_:${s.subject.value}` : `<${s.subject.value}>`;
    const bad = invalidIri(s);
    if (bad) throw new RdfReadError(`节点 ${s.node}：${bad}`, null);
    out.push(s);
  }
}

/**
 * The statements of an RDF text (or its UTF-8 bytes: N-Triples is then decoded a block at a
 * time; an invalid byte throws TypeError). N-Triples reports each bad line and keeps the rest; Turtle
 * and JSON-LD throw an RdfReadError naming the line or node (their syntax cannot resume).
 */
export async function parseRdf(
  input: string | Uint8Array,
  format: RdfFormat,
): Promise<{ statements: RdfStatement[]; problems: RdfSyntaxProblem[] }> {
  const statements: RdfStatement[] = [];
  const problems: RdfSyntaxProblem[] = [];
  if (format === "ntriples") {
    await parseNTriples(input, statements, problems);
    return { statements, problems };
  }
  const text =
    typeof input === "string" ? input : new TextDecoder("utf-8", { fatal: true }).decode(input);
  if (format === "turtle") problems.push(...(await parseTurtle(text, statements)));
  else await parseJsonLd(text, statements);
  return { statements, problems };
}
