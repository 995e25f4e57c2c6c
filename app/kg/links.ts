import type { SourceSpan } from "@contract/kg";

/** Where things live in the console. One place, so every page links the same way. */

export const articleHref = (kgId: number, articleId: number) => `/${kgId}/article/${articleId}`;

/** The anchor of a highlighted sentence on the article page. */
export const sentenceAnchor = (start: number) => `s-${start}`;

/**
 * The source sentence of a fact: its article with the sentence highlighted and scrolled
 * to (#anchor works without JavaScript). Null when the fact has no recorded source.
 */
export function sourceHref(kgId: number, fact: SourceSpan): string | null {
  if (fact.article_id == null) return null;
  if (fact.sent_start == null || fact.sent_end == null) return articleHref(kgId, fact.article_id);
  return `${articleHref(kgId, fact.article_id)}?sent=${fact.sent_start}-${fact.sent_end}#${sentenceAnchor(fact.sent_start)}`;
}

export const entityHref = (kgId: number, uuid: string) => `/${kgId}/entity/${uuid}`;
/** Pages outside /:kgId carry the graph as ?id= so the header shows the right graph (spec §2). */
export const relationGraphHref = (kgId: number, uuid: string) => `/relation/${uuid}?id=${kgId}`;
/** The path page with `from` as its start (the entity and relation pages link it). */
export const pathHref = (kgId: number, from: string) => `/${kgId}/path?from=${from}`;
export const eventHref = (kgId: number, eventId: number) => `/hotevent/${eventId}?id=${kgId}`;
export const eventGraphHref = (kgId: number, eventId: number, hops?: number) =>
  `/${kgId}/egraph?event=${eventId}${hops ? `&hops=${hops}` : ""}`;

/** ?sent=12-40 → [12, 40], or null. */
export function parseSentence(value: string | null): [number, number] | null {
  const m = value?.match(/^(\d{1,9})-(\d{1,9})$/);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return b > a ? [a, b] : null;
}
