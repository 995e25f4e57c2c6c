import type { PlatformContext } from "../context.js";
import type { Db, Tx } from "../db/store.js";
import { entitySignature, storeCache } from "./cache.js";
import { builtinOntologies, type OntologyDef } from "../builtin/ontologies.js";
import {
  classRows,
  ensureOntologies,
  ontologyRows,
  relationTypeRows,
  setGraphOntology,
  type ClassRow,
  type OntologyRows,
} from "./store/ontology.js";

export interface OntologyClass {
  id: number;
  name: string;
  parent_id: number | null;
  is_place: boolean;
  color: string;
  description: string;
}
export interface OntologyRelationType {
  id: number;
  name: string;
  domain_class_id: number | null;
  range_class_id: number | null;
  description: string;
}
export interface OntologyEventType {
  id: number;
  name: string;
  triggers: string[];
  roles: { subject: string; object: string };
  color: string;
}

/** A graph's ontology, resolved for fast lookups. Empty when the graph has none. */
export interface GraphOntology {
  id: number | null;
  name: string;
  classes: Map<number, OntologyClass>;
  classByName: Map<string, OntologyClass>;
  relationTypes: Map<number, OntologyRelationType>;
  relationTypeByName: Map<string, OntologyRelationType>;
  eventTypes: Map<number, OntologyEventType>;
  eventTypeByName: Map<string, OntologyEventType>;
  /** Classes whose entities are places (is_place on the class or an ancestor). */
  placeClassIds: Set<number>;
  /** A class and all its subclasses. */
  subtree(classId: number): number[];
}

/**
 * Creates the built-in ontologies that are missing (an existing one is left as edited); their
 * ids by domain. In `tx` when given, else in a write transaction of its own.
 */
export function ensureBuiltinOntologies(
  ctx: PlatformContext,
  tx?: Tx,
): Promise<Record<OntologyDef["domain"], number>> {
  return tx
    ? ensureOntologies(tx, builtinOntologies)
    : ctx.store.write((t) => ensureOntologies(t, builtinOntologies));
}

/** Gives a graph its ontology (replacing the previous one); in `tx` when given. */
export async function assignOntology(
  ctx: PlatformContext,
  graphId: number,
  ontologyId: number,
  tx?: Tx,
) {
  await setGraphOntology(tx ?? ctx.store.db, graphId, ontologyId);
}

/** The graph's ontology; cached until the graph's entities or ontology change. */
export async function graphOntology(ctx: PlatformContext, graphId: number): Promise<GraphOntology> {
  const cache = storeCache<GraphOntology>(ctx, "ontology", 50);
  return cache.getAsync(String(graphId), await entitySignature(ctx, graphId), () =>
    loadOntology(ctx.store.db, graphId),
  );
}

/** The graph's ontology read now, without the cache (in a transaction: what it sees). */
export async function loadOntology(db: Db, graphId: number): Promise<GraphOntology> {
  return resolveOntology(await ontologyRows(db, graphId));
}

const classOf = (c: ClassRow): OntologyClass => ({ ...c, is_place: !!c.is_place });

/** An ontology's classes, in id order. */
export async function ontologyClasses(
  ctx: PlatformContext,
  ontologyId: number,
): Promise<OntologyClass[]> {
  return (await classRows(ctx.store.db, ontologyId)).map(classOf);
}

/** An ontology's relation types, in id order. */
export function ontologyRelationTypes(
  ctx: PlatformContext,
  ontologyId: number,
): Promise<OntologyRelationType[]> {
  return relationTypeRows(ctx.store.db, ontologyId);
}

/** An ontology's rows resolved for fast lookups. */
function resolveOntology(rows: OntologyRows): GraphOntology {
  const { head } = rows;
  const classes = new Map(rows.classes.map((c) => [c.id, classOf(c)]));
  const children = new Map<number, number[]>();
  for (const c of classes.values()) {
    if (c.parent_id == null) continue;
    const list = children.get(c.parent_id) ?? [];
    list.push(c.id);
    children.set(c.parent_id, list);
  }
  const subtree = (classId: number) => {
    const out: number[] = [];
    const stack = [classId];
    // A visited set keeps a (forbidden but possible) cycle from looping forever.
    const seen = new Set<number>();
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(id);
      stack.push(...(children.get(id) ?? []));
    }
    return out;
  };
  const placeClassIds = new Set<number>();
  for (const c of classes.values())
    if (c.is_place) for (const id of subtree(c.id)) placeClassIds.add(id);

  const relationTypes = new Map(rows.relationTypes.map((r) => [r.id, r]));
  const eventTypes = new Map<number, OntologyEventType>(
    rows.eventTypes.map((e) => [
      e.id,
      {
        id: e.id,
        name: e.name,
        color: e.color,
        triggers: parseJson<string[]>(e.triggers, []).filter(
          (t) => typeof t === "string" && t.length > 0,
        ),
        roles: {
          subject: "主体",
          object: "客体",
          ...parseJson<Record<string, string>>(e.roles, {}),
        },
      },
    ]),
  );
  return {
    id: head?.id ?? null,
    name: head?.name ?? "",
    classes,
    classByName: new Map([...classes.values()].map((c) => [c.name, c])),
    relationTypes,
    relationTypeByName: new Map([...relationTypes.values()].map((r) => [r.name, r])),
    eventTypes,
    eventTypeByName: new Map([...eventTypes.values()].map((e) => [e.name, e])),
    placeClassIds,
    subtree,
  };
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
