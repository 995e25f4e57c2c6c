import type { PlatformContext } from "../context.js";
import type { Db } from "../db/store.js";
import { warmHotRankings } from "../kg/hot.js";
import { assignOntology, ensureBuiltinOntologies, loadOntology } from "../kg/ontology.js";
import { refreshRollups } from "../kg/rollups.js";
import {
  bulkOf,
  ensureGraphRow,
  insertEventLinks,
  insertEvents,
  insertMentions,
  insertParticipants,
  insertRelations,
  insertReports,
  type Bulk,
} from "../kg/store/generate.js";
import { stableUuid } from "../kg/uuid.js";
import { type ComposedCorpus, composeCorpus, type CorpusDomain } from "./corpus/compose.js";
import { generalCorpus } from "./corpus/general.js";
import { militaryCorpus } from "./corpus/military.js";
import {
  graphsWithoutOntology,
  insertDemoArticles,
  insertDemoEntities,
  insertFlow,
  insertFlowSteps,
  insertFlowTransitions,
  kgIsEmpty,
} from "./store.js";

export const demoDomains: CorpusDomain[] = [militaryCorpus, generalCorpus];

const graphNames: Record<number, { name: string; domain: string }> = {
  245: { name: "军事装备知识图谱", domain: "military" },
  246: { name: "通用百科知识图谱", domain: "general" },
};

/** True when no graph holds any article, entity or event yet. */
export function kgStoreIsEmpty(ctx: PlatformContext): Promise<boolean> {
  return kgIsEmpty(ctx.store.db);
}

/**
 * Seeds the demo knowledge graphs (245 military, 246 general) into an empty store, in one
 * transaction: ontologies, entities, articles with their mentions, relations, events with
 * participants and reports, event links and (for 245) operational flows. Every graph of
 * the catalogue without an ontology gets the built-in one of its domain. The corpus is
 * composed before the transaction (it may run twice on PostgreSQL); the hot rankings are
 * warmed once it has committed.
 */
export async function seedKgDemo(ctx: PlatformContext) {
  if (!(await kgStoreIsEmpty(ctx))) return;
  const corpora = demoDomains.map((domain) => ({ domain, corpus: composeCorpus(domain) }));
  const seeded = await ctx.store.write(async (tx) => {
    if (!(await kgIsEmpty(tx))) return false;
    const ontologies = await ensureBuiltinOntologies(ctx, tx);
    for (const [id, g] of Object.entries(graphNames))
      await ensureGraphRow(tx, Number(id), g.name, g.domain);
    for (const g of await graphsWithoutOntology(tx)) {
      const ontology = g.domain === "military" ? ontologies.military : ontologies.general;
      await assignOntology(ctx, g.id, ontology, tx);
    }
    const bulk = bulkOf(ctx.store, tx);
    for (const { domain, corpus } of corpora) await writeCorpus(tx, bulk, domain, corpus);
    for (const { domain } of corpora) await refreshRollups(ctx, domain.graphId, tx);
    return true;
  });
  if (!seeded) return;
  for (const { domain } of corpora) {
    warmHotRankings(ctx, domain.graphId).catch(() => {
      // A cold ranking is computed by its first reader; a store closed meanwhile warms nothing.
    });
  }
}

/** Ids of inserted rows by a key of their own (insertRows gives them back in no promised order). */
function idsByKey<R extends { id: number }>(rows: R[], key: (r: R) => string): Map<string, number> {
  return new Map(rows.map((r) => [key(r), r.id]));
}

/** The keys of a corpus's rows, refusing two alike (their ids could not be told apart). */
function uniqueKeys<T>(items: T[], key: (item: T) => string, what: string): string[] {
  const keys = items.map(key);
  const seen = new Set<string>();
  for (const k of keys) {
    if (seen.has(k)) throw new Error(`demo corpus: two ${what} are alike (${k})`);
    seen.add(k);
  }
  return keys;
}

async function writeCorpus(tx: Db, bulk: Bulk, domain: CorpusDomain, corpus: ComposedCorpus) {
  const graphId = domain.graphId;
  const ontology = await loadOntology(tx, graphId);
  const entityRows = domain.entities.map(
    (e): [string, number, number, string, string, string, string] => {
      const cls = ontology.classByName.get(e.cls);
      if (!cls)
        throw new Error(`demo corpus: class ${e.cls} is not in the ontology of graph ${graphId}`);
      return [
        stableUuid(graphId, e.name),
        graphId,
        cls.id,
        e.name,
        JSON.stringify(e.aliases ?? []),
        JSON.stringify(e.props ?? {}),
        e.desc,
      ];
    },
  );
  const byUuid = idsByKey(await insertDemoEntities(bulk, entityRows), (r) => r.uuid);
  const entityId = (name: string) => byUuid.get(stableUuid(graphId, name))!;

  const articleKey = (title: string, publishedAt: string) => `${publishedAt}|${title}`;
  const articleKeys = uniqueKeys(
    corpus.articles,
    (a) => articleKey(a.title, a.publishedAt),
    "articles",
  );
  const articleById = idsByKey(
    await insertDemoArticles(
      bulk,
      corpus.articles.map((a) => [graphId, a.title, a.source, a.publishedAt, a.content]),
    ),
    (r) => articleKey(r.title, r.published_at),
  );
  const articleIds = articleKeys.map((k) => articleById.get(k)!);
  await insertMentions(
    bulk,
    corpus.articles.flatMap((a, i) =>
      a.mentions.map((m): [number, number, number, number] => [
        articleIds[i],
        m.start,
        m.end,
        entityId(m.entity),
      ]),
    ),
  );

  await insertRelations(
    bulk,
    corpus.relations.map((r) => {
      const type = ontology.relationTypeByName.get(r.fact[1]);
      if (!type)
        throw new Error(
          `demo corpus: relation type ${r.fact[1]} is not in the ontology of graph ${graphId}`,
        );
      return [
        graphId,
        entityId(r.fact[0]),
        type.id,
        entityId(r.fact[2]),
        r.confidence,
        articleIds[r.article],
        r.sentence.start,
        r.sentence.end,
      ];
    }),
  );

  const eventKey = (articleId: number, sentStart: number) => `${articleId}:${sentStart}`;
  const eventKeys = uniqueKeys(
    corpus.events,
    (e) => eventKey(articleIds[e.article], e.sentence.start),
    "events",
  );
  const eventById = idsByKey(
    await insertEvents(
      bulk,
      corpus.events.map((e) => {
        const type = ontology.eventTypeByName.get(e.draft.type);
        if (!type)
          throw new Error(
            `demo corpus: event type ${e.draft.type} is not in the ontology of graph ${graphId}`,
          );
        const trigger = e.sentence.triggers[0];
        if (!trigger) throw new Error(`demo corpus: event ${e.draft.title} has no trigger word`);
        return [
          graphId,
          type.id,
          e.draft.title,
          e.draft.trigger,
          e.day,
          e.draft.place ? entityId(e.draft.place) : null,
          e.draft.place ?? "",
          e.draft.description,
          articleIds[e.article],
          e.sentence.start,
          e.sentence.end,
          trigger.start,
          trigger.end,
        ];
      }),
    ),
    (r) => eventKey(r.article_id, r.sent_start),
  );
  const eventIds = eventKeys.map((k) => eventById.get(k)!);
  await insertParticipants(
    bulk,
    corpus.events.flatMap((e, i) =>
      e.draft.participants.map((p): [number, number, string] => [
        eventIds[i],
        entityId(p.entity),
        p.role,
      ]),
    ),
  );
  await insertReports(
    bulk,
    corpus.events.flatMap((e, i) =>
      e.reports.map((r): [number, number, string, number, number] => [
        eventIds[i],
        articleIds[r.article],
        corpus.articles[r.article].publishedAt,
        r.sentence.start,
        r.sentence.end,
      ]),
    ),
  );
  await insertEventLinks(
    bulk,
    corpus.links.map((l) => [
      graphId,
      eventIds[l.from],
      eventIds[l.to],
      l.type,
      l.strength,
      l.cue,
      articleIds[l.article],
      l.sentence.start,
      l.sentence.end,
    ]),
  );

  for (const flow of domain.flows) {
    const flowId = await insertFlow(tx, graphId, flow.name, flow.description);
    const stepIds = idsByKey(
      await insertFlowSteps(
        bulk,
        flow.steps.map((s, i) => [
          flowId,
          s.key,
          s.name,
          s.kind,
          s.actor ?? "",
          s.description ?? "",
          i,
        ]),
      ),
      (r) => r.key,
    );
    await insertFlowTransitions(
      bulk,
      flow.transitions.map(([from, to, label], i) => [
        flowId,
        stepIds.get(from)!,
        stepIds.get(to)!,
        label ?? "",
        i,
      ]),
    );
  }
}
