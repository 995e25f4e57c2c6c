import type Database from "better-sqlite3";

/** Demo corpus ids the graph-page tests rely on (uuids are name-based, so stable). */
export const DEMO = {
  military: 245,
  general: 246,
  /** 美国海军: the best-connected entity of graph 245. */
  hub: "2b49e008-d9ee-5544-bd31-82da81af65db",
  /** 釜山 (a city with one relation). */
  busan: "fc5212bf-4c7d-55b6-8652-490243198c2f",
  /** 美国海军向釜山部署密歇根号核潜艇: reported by three articles, caused by a missile test. */
  event: 24,
  /** 印度国防部宣布采购MQ-9B无人机 (graph 245). */
  article: 66,
};

export const SCRIPT_NAME = "<script>window.__kgXss = 1</script>";

/** A graph of its own (general ontology), created once: tests write fixtures into it, not into the demo graphs. */
function ensureGraph(db: Database.Database, graphId: number, name: string) {
  const exists = db.prepare("SELECT 1 FROM graphs WHERE id = ?").get(graphId);
  const ontology = db
    .prepare("SELECT ontology_id FROM kg_graph_ontology WHERE graph_id = ?")
    .pluck()
    .get(DEMO.general) as number;
  if (!exists) {
    db.prepare(
      "INSERT INTO graphs (id, name, domain, description) VALUES (?, ?, 'general', '测试数据')",
    ).run(graphId, name);
    db.prepare("INSERT INTO kg_graph_ontology (graph_id, ontology_id) VALUES (?, ?)").run(
      graphId,
      ontology,
    );
  }
  return {
    classes: db
      .prepare("SELECT id FROM kg_classes WHERE ontology_id = ? ORDER BY id LIMIT 4")
      .pluck()
      .all(ontology) as number[],
    relationType: db
      .prepare("SELECT id FROM kg_relation_types WHERE ontology_id = ? ORDER BY id LIMIT 1")
      .pluck()
      .get(ontology) as number,
    created: !exists,
  };
}

/**
 * One hub entity with `size` neighbours (the first named with markup), written straight
 * into the store: the fixture for big-graph and escaping tests. Returns the hub's uuid.
 */
export function seedHubGraph(db: Database.Database, graphId: number, size: number) {
  const hubUuid = `hub-${graphId}`;
  db.transaction(() => {
    const { classes, relationType, created } = ensureGraph(db, graphId, `大图${graphId}`);
    if (!created) return;
    const entity = db.prepare(
      "INSERT INTO kg_entities (uuid, graph_id, class_id, name) VALUES (?, ?, ?, ?)",
    );
    const relation = db.prepare(
      "INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence) VALUES (?, ?, ?, ?, 0.9)",
    );
    const hub = Number(entity.run(hubUuid, graphId, classes[0], `枢纽${graphId}`).lastInsertRowid);
    for (let i = 0; i < size; i++) {
      const name = i === 0 ? SCRIPT_NAME : `邻居${i}`;
      const id = Number(
        entity.run(`n-${graphId}-${i}`, graphId, classes[i % classes.length], name).lastInsertRowid,
      );
      relation.run(graphId, hub, relationType, id);
    }
  })();
  return { graphId, hub: hubUuid };
}

/**
 * An article whose title and text carry markup and script, mentioning an entity whose name
 * is markup, with a relation read from its second sentence. Returns the ids.
 */
export function seedMarkupArticle(db: Database.Database, graphId: number) {
  const content = `第一句<b>粗体</b>${SCRIPT_NAME}。<img src=x onerror="window.__kgXss=2">与枢纽相连。`;
  const title = `<img src=x onerror="window.__kgXss=3">标记测试`;
  return db.transaction(() => {
    const { classes, relationType } = ensureGraph(db, graphId, `标记测试${graphId}`);
    const found = db
      .prepare("SELECT id FROM kg_articles WHERE graph_id = ? AND title = ?")
      .pluck()
      .get(graphId, title) as number | undefined;
    if (found) return { graphId, article: found, sentence: secondSentence(content) };
    const article = Number(
      db
        .prepare(
          "INSERT INTO kg_articles (graph_id, title, source, published_at, content) VALUES (?, ?, '测试', '2020-01-01T08:00:00+08:00', ?)",
        )
        .run(graphId, title, content).lastInsertRowid,
    );
    const entity = db.prepare(
      "INSERT INTO kg_entities (uuid, graph_id, class_id, name) VALUES (?, ?, ?, ?)",
    );
    const evil = Number(
      entity.run(`evil-${graphId}`, graphId, classes[0], SCRIPT_NAME).lastInsertRowid,
    );
    const hub = Number(entity.run(`plain-${graphId}`, graphId, classes[1], "枢纽").lastInsertRowid);
    const at = content.indexOf(SCRIPT_NAME);
    db.prepare(
      "INSERT INTO kg_entity_mentions (article_id, start_pos, end_pos, entity_id) VALUES (?, ?, ?, ?)",
    ).run(article, at, at + SCRIPT_NAME.length, evil);
    const [s, e] = secondSentence(content);
    db.prepare(
      "INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence, article_id, sent_start, sent_end) VALUES (?, ?, ?, ?, 0.8, ?, ?, ?)",
    ).run(graphId, evil, relationType, hub, article, s, e);
    return { graphId, article, sentence: [s, e] as [number, number] };
  })();
}

function secondSentence(content: string): [number, number] {
  const start = content.indexOf("。") + 1;
  return [start, content.length];
}
