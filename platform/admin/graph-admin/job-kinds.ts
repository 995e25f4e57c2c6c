import type { PredicateMap } from "../../interchange/predicate-map.js";
import { CLEAR } from "./graph-writes.js";
import type { SourceSpec } from "./sources.js";
import type { PlanMode } from "@contract/graph-admin";

/** The kinds of job of graph administration (jobs.ts says what each does). */
export const BUILD = "graph.build";
export const PLAN = "graph.plan";
export const UPDATE = "graph.update";
/** Kinds that write a graph: at most one queued or running per graph. */
export const WRITING_KINDS = [BUILD, UPDATE, CLEAR];

export interface BuildParams {
  sources: SourceSpec;
  skip_bad_rows: boolean;
  /** RDF sources: predicate IRI → relation type chosen for this run (remembered when it succeeds). */
  predicate_map?: PredicateMap;
}

export interface PlanParams {
  sources: SourceSpec;
  predicate_map?: PredicateMap;
  mode?: PlanMode;
}
