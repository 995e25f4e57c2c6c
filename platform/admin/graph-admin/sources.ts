import { Readable } from "node:stream";
import { parse } from "csv-parse";
import type { PlatformContext } from "../../context.js";
import { HttpError, badRequest } from "../../http/errors.js";
import { readFile } from "../../files/store.js";
import { decodeCsv, quoteFreeLines } from "../../resources/csv.js";
import {
  predicateMapFor,
  sourceKeyOf,
  type PredicateMap,
} from "../../interchange/predicate-map.js";
import { RdfReadError, rdfFormatOf } from "../../interchange/rdf-parse.js";
import { rdfRows, type RdfRow } from "../../interchange/rdf-read.js";
import { type BodyReader } from "../../http/body-reader.js";
import {
  fileRowsById,
  fileRowsOfSources,
  namesOf,
  tripleBatches,
  type FileRow,
} from "./store/sources.js";
import { missingIds } from "./store/graphs.js";
import { SourceRows } from "./source-rows.js";

/**
 * Where a build or update reads its triples: uploaded files (data/files, CSV or TSV, or RDF:
 * N-Triples, Turtle, JSON-LD), triple data (data/triples) of chosen sources or graphs, and the
 * files of chosen sources.
 */
export interface SourceSpec {
  file_ids: number[];
  source_ids: number[];
  triple_graph_ids: number[];
  all_triples: boolean;
}

/** One input row, as text, with where it came from (for messages naming the row); RDF rows fill the optional parts. */
export type SourceRow = RdfRow;

/** The source part of a build or update body. Nothing chosen is a 400. */
export function readSourceSpec(r: BodyReader): SourceSpec {
  const spec: SourceSpec = {
    file_ids: r.ids("file_ids", "文件"),
    source_ids: r.ids("source_ids", "数据来源"),
    triple_graph_ids: r.ids("triple_graph_ids", "三元组数据的图谱"),
    all_triples: r.bool("all_triples"),
  };
  if (
    !spec.file_ids.length &&
    !spec.source_ids.length &&
    !spec.triple_graph_ids.length &&
    !spec.all_triples
  ) {
    r.fail("file_ids", "请至少选择一项源数据：文件、数据来源或三元组数据");
  }
  return spec;
}

/** Checks that every chosen file and source exists (before a job is queued). */
export async function checkSourceSpec(ctx: PlatformContext, spec: SourceSpec) {
  const db = ctx.store.db;
  const [file] = await missingIds(db, "data_files", spec.file_ids);
  if (file !== undefined) throw badRequest(`文件 #${file} 不存在`);
  const [source] = await missingIds(db, "data_sources", spec.source_ids);
  if (source !== undefined) throw badRequest(`数据来源 #${source} 不存在`);
  const [graph] = await missingIds(db, "graphs", spec.triple_graph_ids);
  if (graph !== undefined) throw badRequest(`知识图谱 #${graph} 不存在`);
}

/** Header names accepted for each column (English names, the triple-data labels, common synonyms). */
const HEADERS: Record<
  keyof Omit<SourceRow, "ref" | "problem" | "unmapped" | "provenance" | "describes">,
  string[]
> = {
  subject: ["subject", "主体", "头实体", "head", "主语", "s"],
  predicate: ["predicate", "关系", "谓词", "relation", "p"],
  object: ["object", "客体", "尾实体", "tail", "宾语", "o"],
  confidence: ["confidence", "置信度", "score"],
  subject_type: ["subject_type", "主体类型", "head_type"],
  object_type: ["object_type", "客体类型", "tail_type"],
  op: ["op", "操作", "action"],
};

const TABULAR = /\.(csv|tsv|txt)$/i;
const readable = (name: string) => TABULAR.test(name) || rdfFormatOf(name) !== null;

/** How a build reads RDF: into which graph (its IRIs and ontology), with which predicate choices. */
export interface RdfOptions {
  graphId: number;
  predicateMap: PredicateMap;
}

/** Column index of each known column, or null when the first line is data (no header). */
function headerMap(cells: string[]): Partial<Record<keyof typeof HEADERS, number>> | null {
  const norm = cells.map((c) =>
    c
      .replace(/^\uFEFF/, "")
      .trim()
      .toLowerCase(),
  );
  const map: Partial<Record<keyof typeof HEADERS, number>> = {};
  for (const [key, names] of Object.entries(HEADERS) as [keyof typeof HEADERS, string[]][]) {
    const i = norm.findIndex((c) => names.includes(c));
    if (i >= 0) map[key] = i;
  }
  return map.subject !== undefined && map.predicate !== undefined && map.object !== undefined
    ? map
    : null;
}

const missing = (label: string) =>
  new HttpError(400, `文件"${label}"的内容不存在或已被删除`, "file_missing");

/**
 * The rows of an RDF file. Its bytes and text are let go as soon as they are read (rdfRows
 * empties `text` once parsed), so a file's text never lives beside its rows.
 */
async function rdfFileRows(
  ctx: PlatformContext,
  file: FileRow,
  label: string,
  format: NonNullable<ReturnType<typeof rdfFormatOf>>,
  rdf: RdfOptions | undefined,
): Promise<RdfRow[]> {
  let content = await readFile(ctx, file.uuid);
  if (!content) throw missing(label);
  if (!rdf) throw new HttpError(400, `文件"${label}"是 RDF，只能导入到图谱中`, "invalid_file");
  try {
    // The bytes go to the parse, which decodes them as it reads (an N-Triples file a block at
    // a time) and lets them go once parsed.
    const input = {
      graphId: rdf.graphId,
      label: `文件"${label}"`,
      format,
      text: content,
      predicateMap: await predicateMapFor(ctx, sourceKeyOf(file), rdf.predicateMap),
    };
    content = null;
    return await rdfRows(ctx, input);
  } catch (e) {
    if (e instanceof RdfReadError)
      throw new HttpError(400, `文件"${label}"${e.message}`, "invalid_rdf");
    if (e instanceof TypeError)
      throw new HttpError(400, `文件"${label}"不是 UTF-8 编码的文本`, "invalid_rdf");
    throw e;
  }
}

async function* fileRows(
  ctx: PlatformContext,
  file: FileRow,
  rdf?: RdfOptions,
): AsyncGenerator<SourceRow> {
  const label = file.filename || file.name;
  if (!readable(label) && !readable(file.name)) {
    throw new HttpError(
      400,
      `文件"${label}"不是 CSV/TSV 或 RDF（N-Triples .nt、Turtle .ttl、JSON-LD .jsonld）文件，无法作为三元组数据`,
      "invalid_file",
    );
  }
  const format = rdfFormatOf(label) ?? rdfFormatOf(file.name);
  if (format) {
    const rows = await rdfFileRows(ctx, file, label, format, rdf);
    // Each row let go once taken (the compact SourceRows keeps what it needs).
    rows.reverse();
    while (rows.length) yield rows.pop()!;
    return;
  }
  const content = await readFile(ctx, file.uuid);
  if (!content) throw missing(label);
  const text = decodeCsv(content);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter =
    /\.tsv$/i.test(label) || (firstLine.includes("\t") && !firstLine.includes(",")) ? "\t" : ",";
  let map: ReturnType<typeof headerMap> | undefined;
  const cell = (cells: string[], i: number | undefined) =>
    i === undefined ? "" : (cells[i] ?? "").trim();
  try {
    for await (const { record, line } of csvRecords(text, delimiter)) {
      if (map === undefined) {
        map = headerMap(record);
        if (map) continue;
        // No header: subject, predicate, object, confidence in that order.
        map = null;
      }
      const cols = map ?? { subject: 0, predicate: 1, object: 2, confidence: 3 };
      yield {
        ref: `文件"${label}"第 ${line} 行`,
        subject: cell(record, cols.subject),
        predicate: cell(record, cols.predicate),
        object: cell(record, cols.object),
        confidence: cell(record, cols.confidence),
        subject_type: cell(record, cols.subject_type),
        object_type: cell(record, cols.object_type),
        op: cell(record, cols.op),
      };
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const err = e as { message?: string; lines?: number };
    throw new HttpError(
      400,
      `文件"${label}"的 CSV 格式错误（第 ${err.lines ?? "?"} 行附近）：${err.message ?? ""}`,
      "invalid_csv",
    );
  }
}

const CHUNK = 64 * 1024;

/**
 * The records of a CSV text with the line each starts on. A text without any quote is split
 * directly (a quote-free CSV has no other syntax), much faster than csv-parse; anything
 * else goes through csv-parse, fed in chunks so a big file never holds the event
 * loop for long.
 */
async function* csvRecords(
  text: string,
  delimiter: string,
): AsyncGenerator<{ record: string[]; line: number }> {
  const lines = quoteFreeLines(text);
  if (lines) {
    for (let i = 0; i < lines.length; i++) {
      if (i % 5000 === 4999) await new Promise((r) => setImmediate(r));
      if (lines[i].trim() === "") continue;
      yield { record: lines[i].split(delimiter), line: i + 1 };
    }
    return;
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parser = parse({ delimiter, skip_empty_lines: true, relax_column_count: true, info: true });
  const chunks = function* () {
    for (let at = 0; at < body.length;) {
      let end = Math.min(at + CHUNK, body.length);
      // Never cut a surrogate pair in two.
      if (end < body.length && /[\uD800-\uDBFF]/.test(body[end - 1])) end++;
      yield body.slice(at, end);
      at = end;
    }
  };
  Readable.from(chunks()).pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    yield { record, line: info.lines - lineBreaks(record) };
  }
}

/** Line breaks inside quoted cells: csv-parse reports the line a record ends on. */
const lineBreaks = (cells: string[]) =>
  cells.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

/**
 * The triple data the spec names, in id order, onto `push`. Read on a snapshot of its own
 * (on SQLite a connection of its own), so the store stays free for the job's progress while
 * the rows stream.
 */
async function tripleRows(ctx: PlatformContext, spec: SourceSpec, push: (row: SourceRow) => void) {
  if (!spec.all_triples && !spec.source_ids.length && !spec.triple_graph_ids.length) return;
  await ctx.store.snapshot(async (tx) => {
    const batches = tripleBatches(tx, {
      all: spec.all_triples,
      sourceIds: spec.source_ids,
      graphIds: spec.triple_graph_ids,
    });
    for await (const batch of batches) {
      for (const r of batch) {
        push({
          ref: `三元组数据 #${r.id}`,
          subject: r.subject.trim(),
          predicate: r.predicate.trim(),
          object: r.object.trim(),
          confidence: r.confidence === null ? "" : String(r.confidence),
          subject_type: "",
          object_type: "",
          op: "",
        });
      }
    }
  });
}

/** The files a spec reads: those chosen, and the tabular files of the chosen sources. */
async function filesOf(
  ctx: PlatformContext,
  spec: SourceSpec,
): Promise<{ files: FileRow[]; skipped: string[] }> {
  const byId = new Map((await fileRowsById(ctx.store.db, spec.file_ids)).map((f) => [f.id, f]));
  const chosen = spec.file_ids.map((id) => {
    const f = byId.get(id);
    if (!f) throw new HttpError(400, `文件 #${id} 不存在`, "file_missing");
    return f;
  });
  const skipped: string[] = [];
  const bySource = await fileRowsOfSources(ctx.store.db, spec.source_ids);
  const seen = new Set(chosen.map((f) => f.id));
  for (const f of bySource) {
    if (seen.has(f.id)) continue;
    seen.add(f.id);
    if (readable(f.filename || f.name)) chosen.push(f);
    else skipped.push(f.filename || f.name);
  }
  return { files: chosen, skipped };
}

/**
 * Every row of the spec, read into memory (compact: source-rows.ts), yielding to
 * the event loop every few thousand rows. `onNote` hears about skipped files.
 */
export async function readSourceRows(
  ctx: PlatformContext,
  spec: SourceSpec,
  opts: {
    onNote?: (message: string) => void;
    checkpoint?: () => Promise<void>;
    maxRows?: number;
    rdf?: RdfOptions;
  } = {},
): Promise<SourceRows> {
  const rows = new SourceRows();
  const maxRows = opts.maxRows ?? 2_000_000;
  const add = (row: SourceRow) => {
    rows.push(row);
    if (rows.length > maxRows)
      throw new HttpError(400, `源数据超过 ${maxRows} 行，请分批导入`, "too_many_rows");
  };
  const push = async (row: SourceRow) => {
    add(row);
    if (rows.length % 5000 === 0) await opts.checkpoint?.();
  };
  const { files, skipped } = await filesOf(ctx, spec);
  for (const name of skipped) opts.onNote?.(`跳过非表格文件"${name}"`);
  for (const f of files) {
    const before = rows.length;
    for await (const row of fileRows(ctx, f, opts.rdf)) await push(row);
    opts.onNote?.(`读取文件"${f.filename || f.name}"：${rows.length - before} 行`);
  }
  const before = rows.length;
  await tripleRows(ctx, spec, add);
  await opts.checkpoint?.();
  if (rows.length > before) opts.onNote?.(`读取三元组数据：${rows.length - before} 行`);
  return rows;
}

/** The remembered-mapping keys of a spec's RDF files (where a run's predicate choices are kept). */
export async function rdfSourceKeys(ctx: PlatformContext, spec: SourceSpec): Promise<string[]> {
  const { files } = await filesOf(ctx, spec);
  const rdf = files.filter((f) => rdfFormatOf(f.filename || f.name) ?? rdfFormatOf(f.name));
  return [...new Set(rdf.map(sourceKeyOf))];
}

/** A short description of a spec for people ("文件 a.csv；来源 新华社；…"). */
export async function describeSpec(ctx: PlatformContext, spec: SourceSpec): Promise<string> {
  const db = ctx.store.db;
  const parts: string[] = [];
  const files = await namesOf(db, "data_files", spec.file_ids);
  if (files.length) parts.push(`文件 ${files.join("、")}`);
  const sources = await namesOf(db, "data_sources", spec.source_ids);
  if (sources.length) parts.push(`数据来源 ${sources.join("、")}`);
  const graphs = await namesOf(db, "graphs", spec.triple_graph_ids);
  if (graphs.length) parts.push(`图谱 ${graphs.join("、")} 的三元组数据`);
  if (spec.all_triples) parts.push("全部三元组数据");
  return parts.join("；");
}
