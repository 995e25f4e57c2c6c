import type { PlatformContext } from "../context.js";
import type { Db } from "../db/store.js";
import { predicateMappings, rememberMappings } from "./store.js";

/**
 * Predicate IRI → relation type, remembered per source of RDF imports
 * (kg_predicate_mappings): an import's dry run names the predicates nothing maps, the
 * operator picks a relation type for each, and the build or update that succeeds with those
 * choices remembers them for the next import of the same source.
 */

export type PredicateMap = Record<string, string>;

const MAX_ENTRIES = 500;
const MAX_IRI = 2000;
const MAX_NAME = 50;
const ABSOLUTE_IRI = /^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`]*$/i;

/** `source:{id}` for a file of a data source, else `file:{file name}`: what stays the same between imports. */
export function sourceKeyOf(file: {
  source_id: number | null;
  filename: string;
  name: string;
}): string {
  return file.source_id ? `source:${file.source_id}` : `file:${file.filename || file.name}`;
}

/**
 * A body's `predicate_map` ({iri: relation type name}); an empty name means "not mapped" and
 * is dropped. Problems go to `fail` (one 400 names them all).
 */
export function readPredicateMap(raw: unknown, fail: (message: string) => void): PredicateMap {
  if (raw === undefined || raw === null || raw === "") return {};
  if (typeof raw !== "object" || Array.isArray(raw)) {
    fail("谓词映射应为 {谓词 IRI: 关系类型} 对象");
    return {};
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_ENTRIES) fail(`谓词映射最多 ${MAX_ENTRIES} 项`);
  const out: PredicateMap = {};
  for (const [iri, name] of entries.slice(0, MAX_ENTRIES)) {
    if (iri.length > MAX_IRI || !ABSOLUTE_IRI.test(iri)) {
      fail(`谓词映射中的 IRI <${iri.slice(0, 100)}> 无效`);
      continue;
    }
    if (typeof name !== "string") {
      fail(`谓词 <${iri}> 的映射应为关系类型名称`);
      continue;
    }
    const v = name.trim();
    if ([...v].length > MAX_NAME) fail(`谓词 <${iri}> 映射的关系类型名称过长`);
    else if (v) out[iri] = v;
  }
  return out;
}

/** The remembered mapping of the sources, overridden by this run's choices. */
export async function predicateMapFor(
  ctx: PlatformContext,
  sourceKey: string,
  chosen: PredicateMap,
): Promise<Map<string, string>> {
  const map = await predicateMappings(ctx.store.db, sourceKey);
  for (const [iri, name] of Object.entries(chosen)) map.set(iri, name);
  return map;
}

/** Remembers a run's choices for each of its RDF sources, in the run's transaction `tx`. */
export async function rememberPredicateMap(tx: Db, sourceKeys: string[], chosen: PredicateMap) {
  await rememberMappings(tx, sourceKeys, chosen);
}
