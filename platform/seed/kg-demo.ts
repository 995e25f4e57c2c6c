import type { PlatformContext } from "../context.js";
import {
  assignOntologySync,
  ensureBuiltinOntologiesSync,
  graphOntologySync,
} from "../kg/ontology.js";
import { refreshRollupsSync } from "../kg/rollups.js";
import { stableUuid } from "../kg/uuid.js";
import { type ComposedCorpus, composeCorpus, type CorpusDomain } from "./corpus/compose.js";
import { generalCorpus } from "./corpus/general.js";
import { militaryCorpus } from "./corpus/military.js";

export const demoDomains: CorpusDomain[] = [militaryCorpus, generalCorpus];

const graphNames: Record<number, { name: string; domain: string }> = {
  245: { name: "军事装备知识图谱", domain: "military" },
  246: { name: "通用百科知识图谱", domain: "general" },
};

/** True when no graph holds any article, entity or event yet. */
export function kgStoreIsEmpty(ctx: PlatformContext): boolean {
  const any = ctx.db
    .prepare(
      "SELECT EXISTS (SELECT 1 FROM kg_articles) OR EXISTS (SELECT 1 FROM kg_entities) OR EXISTS (SELECT 1 FROM kg_events)",
    )
    .pluck()
    .get();
  return !any;
}

/**
 * Seeds the demo knowledge graphs (245 military, 246 general) into an empty store, in one
 * transaction: ontologies, entities, articles with their mentions, relations, events with
 * participants and reports, event links and (for 245) operational flows. Every graph of
 * the catalogue without an ontology gets the built-in one of its domain.
 */
export function seedKgDemo(ctx: PlatformContext) {
  if (!kgStoreIsEmpty(ctx)) return;
  const db = ctx.db;
  db.transaction(() => {
    const ontologies = ensureBuiltinOntologiesSync(ctx);
    const addGraph = db.prepare("INSERT OR IGNORE INTO graphs (id, name, domain) VALUES (?, ?, ?)");
    for (const [id, g] of Object.entries(graphNames)) addGraph.run(Number(id), g.name, g.domain);
    const unmapped = db
      .prepare(
        "SELECT id, domain FROM graphs WHERE id NOT IN (SELECT graph_id FROM kg_graph_ontology)",
      )
      .all() as { id: number; domain: string }[];
    for (const g of unmapped)
      assignOntologySync(
        ctx,
        g.id,
        g.domain === "military" ? ontologies.military : ontologies.general,
      );
    for (const domain of demoDomains) writeCorpus(ctx, domain, composeCorpus(domain));
    for (const domain of demoDomains) refreshRollupsSync(ctx, domain.graphId);
  })();
}

function writeCorpus(ctx: PlatformContext, domain: CorpusDomain, corpus: ComposedCorpus) {
  const db = ctx.db;
  const graphId = domain.graphId;
  const ontology = graphOntologySync(ctx, graphId);
  const entityIds = new Map<string, number>();
  const insertEntity = db.prepare(
    `INSERT INTO kg_entities (uuid, graph_id, class_id, name, aliases, properties, description)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const e of domain.entities) {
    const cls = ontology.classByName.get(e.cls);
    if (!cls)
      throw new Error(`demo corpus: class ${e.cls} is not in the ontology of graph ${graphId}`);
    const id = insertEntity.run(
      stableUuid(graphId, e.name),
      graphId,
      cls.id,
      e.name,
      JSON.stringify(e.aliases ?? []),
      JSON.stringify(e.props ?? {}),
      e.desc,
    ).lastInsertRowid;
    entityIds.set(e.name, Number(id));
  }
  const entityId = (name: string) => entityIds.get(name)!;

  const insertArticle = db.prepare(
    "INSERT INTO kg_articles (graph_id, title, source, published_at, content) VALUES (?, ?, ?, ?, ?)",
  );
  const insertMention = db.prepare(
    "INSERT INTO kg_entity_mentions (article_id, start_pos, end_pos, entity_id) VALUES (?, ?, ?, ?)",
  );
  const articleIds = corpus.articles.map((a) => {
    const id = Number(
      insertArticle.run(graphId, a.title, a.source, a.publishedAt, a.content).lastInsertRowid,
    );
    for (const m of a.mentions) insertMention.run(id, m.start, m.end, entityId(m.entity));
    return id;
  });

  const insertRelation = db.prepare(
    `INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence, article_id, sent_start, sent_end)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const r of corpus.relations) {
    const type = ontology.relationTypeByName.get(r.fact[1]);
    if (!type)
      throw new Error(
        `demo corpus: relation type ${r.fact[1]} is not in the ontology of graph ${graphId}`,
      );
    insertRelation.run(
      graphId,
      entityId(r.fact[0]),
      type.id,
      entityId(r.fact[2]),
      r.confidence,
      articleIds[r.article],
      r.sentence.start,
      r.sentence.end,
    );
  }

  const insertEvent = db.prepare(
    `INSERT INTO kg_events (graph_id, event_type_id, title, trigger_word, time, place_id, place, description,
                            article_id, sent_start, sent_end, trigger_start, trigger_end)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertParticipant = db.prepare(
    "INSERT OR IGNORE INTO kg_event_participants (event_id, entity_id, role) VALUES (?, ?, ?)",
  );
  const insertReport = db.prepare(
    "INSERT INTO kg_event_articles (event_id, article_id, published_at, sent_start, sent_end) VALUES (?, ?, ?, ?, ?)",
  );
  const eventIds = corpus.events.map((e) => {
    const type = ontology.eventTypeByName.get(e.draft.type);
    if (!type)
      throw new Error(
        `demo corpus: event type ${e.draft.type} is not in the ontology of graph ${graphId}`,
      );
    const trigger = e.sentence.triggers[0];
    const id = Number(
      insertEvent.run(
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
        trigger?.start ?? null,
        trigger?.end ?? null,
      ).lastInsertRowid,
    );
    for (const p of e.draft.participants) insertParticipant.run(id, entityId(p.entity), p.role);
    for (const r of e.reports) {
      insertReport.run(
        id,
        articleIds[r.article],
        corpus.articles[r.article].publishedAt,
        r.sentence.start,
        r.sentence.end,
      );
    }
    return id;
  });

  const insertLink = db.prepare(
    `INSERT INTO kg_event_relations (graph_id, source_event_id, target_event_id, type, strength, cue, article_id, sent_start, sent_end)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const l of corpus.links) {
    insertLink.run(
      graphId,
      eventIds[l.from],
      eventIds[l.to],
      l.type,
      l.strength,
      l.cue,
      articleIds[l.article],
      l.sentence.start,
      l.sentence.end,
    );
  }

  const insertFlow = db.prepare(
    "INSERT INTO kg_flows (graph_id, name, description) VALUES (?, ?, ?)",
  );
  const insertStep = db.prepare(
    "INSERT INTO kg_flow_steps (flow_id, key, name, kind, actor, description, sort) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertTransition = db.prepare(
    "INSERT INTO kg_flow_transitions (flow_id, source_step_id, target_step_id, label, sort) VALUES (?, ?, ?, ?, ?)",
  );
  for (const flow of domain.flows) {
    const flowId = Number(insertFlow.run(graphId, flow.name, flow.description).lastInsertRowid);
    const stepIds = new Map<string, number>();
    flow.steps.forEach((s, i) => {
      stepIds.set(
        s.key,
        Number(
          insertStep.run(flowId, s.key, s.name, s.kind, s.actor ?? "", s.description ?? "", i)
            .lastInsertRowid,
        ),
      );
    });
    flow.transitions.forEach(([from, to, label], i) => {
      insertTransition.run(flowId, stepIds.get(from), stepIds.get(to), label ?? "", i);
    });
  }
}
