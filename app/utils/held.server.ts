import { AsyncLocalStorage } from "node:async_hooks";
import { HELD_MARK } from "./held-mark";

/** What a request keeps out of its hydration data: whether it is a page load, and the values by mark. */
export interface HeldScope {
  document: boolean;
  values: Map<string, string>;
}

/**
 * The request's scope, opened by server.ts (`server/held-scope.ts`) around the page handler: one
 * store for the server's bundle and the console's (each has its own copy of this module; the
 * symbol is the same), so the action, the loaders (which get a copy of the request after an
 * action) and the render (entry.server.tsx) of one request see the same values.
 */
export function heldScope(): AsyncLocalStorage<HeldScope> {
  const global = globalThis as { [HELD_SCOPE]?: AsyncLocalStorage<HeldScope> };
  return (global[HELD_SCOPE] ??= new AsyncLocalStorage<HeldScope>());
}
const HELD_SCOPE = Symbol.for("console.heldScope");

/**
 * A value only the server's HTML needs (a picture's data URL or SVG: the browser takes it from
 * the element the server drew), for loader or action data (decision 039): in the answer to a
 * page load (`Sec-Fetch-Dest: document`) a mark (`held:0`) in its place and the value kept for
 * this request's render, so the value is in the document once, not also in the hydration data;
 * in every other answer (a client navigation's data fetch, a client without Fetch Metadata, a
 * loader called outside a request) the value itself. `HeldImg` draws either.
 */
export function holdForDocument(value: string): string {
  const scope = heldScope().getStore();
  if (!scope?.document) return value;
  const mark = `${HELD_MARK}${scope.values.size}`;
  scope.values.set(mark, value);
  return mark;
}

/** The values `holdForDocument` kept in this request, for its render (the same map, filled as the loaders run). */
export function heldValues(): ReadonlyMap<string, string> {
  return heldScope().getStore()?.values ?? new Map();
}
