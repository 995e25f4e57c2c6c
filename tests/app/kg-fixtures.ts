import { sql } from "kysely";
import type { PlatformContext } from "../../platform/context.js";
import type { Db } from "../../platform/db/store.js";

/** Demo corpus ids the graph-page tests rely on (uuids are name-based, so stable). */
export const DEMO = {
  military: 245,
  general: 246,
  /** 美国海军: the best-connected entity of graph 245. */
  hub: "2b49e008-d9ee-5544-bd31-82da81af65db",
  /** 釜山 (a city with one relation). */
  busan: "fc5212bf-4c7d-55b6-8652-490243198c2f",
  /** 横须贺海军基地: two relations away from the hub. */
  yokosuka: "41fcb504-fa9f-54c6-82f8-98de9e8a4ef0",
  /** 美国海军向釜山部署密歇根号核潜艇: reported by three articles, caused by a missile test. */
  event: 24,
  /** 印度国防部宣布采购MQ-9B无人机 (graph 245). */
  article: 66,
};

export const SCRIPT_NAME = "<script>window.__kgXss = 1</script>";

/** A graph of its own (general ontology), created once: tests write fixtures into it, not into the demo graphs. */
async function ensureGraph(tx: Db, graphId: number, name: string) {
  const first = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(tx)).rows[0];
  const exists = await first(sql`SELECT 1 AS found FROM graphs WHERE id = ${graphId}`);
  const ontology = (await first<{ id: number }>(
    sql`SELECT ontology_id AS id FROM kg_graph_ontology WHERE graph_id = ${DEMO.general}`,
  ))!.id;
  if (!exists) {
    await sql`INSERT INTO graphs (id, name, domain, description) VALUES (${graphId}, ${name}, 'general', '测试数据')`.execute(
      tx,
    );
    await sql`INSERT INTO kg_graph_ontology (graph_id, ontology_id) VALUES (${graphId}, ${ontology})`.execute(
      tx,
    );
  }
  const classes = await sql<{
    id: number;
  }>`SELECT id FROM kg_classes WHERE ontology_id = ${ontology} ORDER BY id LIMIT 4`.execute(tx);
  const types = await sql<{
    id: number;
  }>`SELECT id FROM kg_relation_types WHERE ontology_id = ${ontology} ORDER BY id LIMIT 2`.execute(
    tx,
  );
  const relationTypes = types.rows.map((r) => r.id);
  return {
    classes: classes.rows.map((r) => r.id),
    relationType: relationTypes[0],
    /** The ontology's first two relation types. */
    relationTypes,
    created: !exists,
  };
}

/** An entity; its id. */
async function addEntity(tx: Db, uuid: string, graphId: number, classId: number, name: string) {
  const { rows } = await sql<{
    id: number;
  }>`INSERT INTO kg_entities (uuid, graph_id, class_id, name)
    VALUES (${uuid}, ${graphId}, ${classId}, ${name}) RETURNING id`.execute(tx);
  return rows[0].id;
}

/**
 * One hub entity with `size` neighbours (the first named with markup), written straight
 * into the store: the fixture for big-graph and escaping tests. Returns the hub's uuid.
 * With `chain`, each neighbour is also related to the next (a picture with twice the links).
 */
export async function seedHubGraph(
  ctx: Pick<PlatformContext, "store">,
  graphId: number,
  size: number,
  opts: { chain?: boolean } = {},
) {
  const hubUuid = `hub-${graphId}`;
  await ctx.store.write(async (tx) => {
    const { classes, relationType, created } = await ensureGraph(tx, graphId, `大图${graphId}`);
    if (!created) return;
    const hub = await addEntity(tx, hubUuid, graphId, classes[0], `枢纽${graphId}`);
    let previous: number | null = null;
    for (let i = 0; i < size; i++) {
      const name = i === 0 ? SCRIPT_NAME : `邻居${i}`;
      const id = await addEntity(
        tx,
        `n-${graphId}-${i}`,
        graphId,
        classes[i % classes.length],
        name,
      );
      await sql`INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence)
        VALUES (${graphId}, ${hub}, ${relationType}, ${id}, 0.9)`.execute(tx);
      if (opts.chain && previous !== null)
        await sql`INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence)
          VALUES (${graphId}, ${previous}, ${relationType}, ${id}, 0.7)`.execute(tx);
      previous = id;
    }
  });
  return { graphId, hub: hubUuid };
}

/**
 * An article whose title and text carry markup and script, mentioning an entity whose name
 * is markup, with a relation read from its second sentence. Returns the ids.
 */
export async function seedMarkupArticle(ctx: Pick<PlatformContext, "store">, graphId: number) {
  const content = `第一句<b>粗体</b>${SCRIPT_NAME}。<img src=x onerror="window.__kgXss=2">与枢纽相连。`;
  const title = `<img src=x onerror="window.__kgXss=3">标记测试`;
  return ctx.store.write(async (tx) => {
    const { classes, relationType } = await ensureGraph(tx, graphId, `标记测试${graphId}`);
    const found = (
      await sql<{
        id: number;
      }>`SELECT id FROM kg_articles WHERE graph_id = ${graphId} AND title = ${title}`.execute(tx)
    ).rows[0]?.id;
    if (found) return { graphId, article: found, sentence: secondSentence(content) };
    const article = (
      await sql<{
        id: number;
      }>`INSERT INTO kg_articles (graph_id, title, source, published_at, content)
        VALUES (${graphId}, ${title}, '测试', '2020-01-01T08:00:00+08:00', ${content}) RETURNING id`.execute(
        tx,
      )
    ).rows[0].id;
    const evil = await addEntity(tx, `evil-${graphId}`, graphId, classes[0], SCRIPT_NAME);
    const hub = await addEntity(tx, `plain-${graphId}`, graphId, classes[1], "枢纽");
    const at = content.indexOf(SCRIPT_NAME);
    await sql`INSERT INTO kg_entity_mentions (article_id, start_pos, end_pos, entity_id)
      VALUES (${article}, ${at}, ${at + SCRIPT_NAME.length}, ${evil})`.execute(tx);
    const [s, e] = secondSentence(content);
    await sql`INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence, article_id, sent_start, sent_end)
      VALUES (${graphId}, ${evil}, ${relationType}, ${hub}, 0.8, ${article}, ${s}, ${e})`.execute(
      tx,
    );
    return { graphId, article, sentence: [s, e] as [number, number] };
  });
}

function secondSentence(content: string): [number, number] {
  const start = content.indexOf("。") + 1;
  return [start, content.length];
}

/**
 * A graph for path searches (uuids `p-{graphId}-{name}`), written once:
 *   A →r1→ B →r1→ C →r1→ D      three hops, no evidence
 *   A →r2→ E →r2→ D             two hops, each read from a sentence of one article
 *   A →r1→ F ←r1← D             two hops, but against the direction on the way back
 *   Q0 →r1→ Q1 → … → Q7         seven hops (beyond any search)
 *   H →r1→ 6,000 leaves         a hub; Z alone (no path, found at once)
 *   G →r1→ 6,000 other leaves   a second hub: between H and G the search spends its budget
 *   X →r2→ G →r2→ Y             a path through a hub
 */
export async function seedPathGraph(ctx: Pick<PlatformContext, "store">, graphId: number) {
  const uuid = (name: string) => `p-${graphId}-${name}`;
  const content = "甲方与戊方签订协议。戊方随后向丁方交付装备。";
  const sentences: [number, number][] = [
    [0, content.indexOf("。") + 1],
    [content.indexOf("。") + 1, content.length],
  ];
  await ctx.store.write(async (tx) => {
    const {
      classes,
      created,
      relationTypes: types,
    } = await ensureGraph(tx, graphId, `路径${graphId}`);
    if (!created) return;
    const ids = new Map<string, number>();
    const names = [
      "A",
      "B",
      "C",
      "D",
      "E",
      "F",
      "H",
      "Z",
      "G",
      "X",
      "Y",
      ...Array.from({ length: 8 }, (_, i) => `Q${i}`),
    ];
    for (const name of names)
      ids.set(name, await addEntity(tx, uuid(name), graphId, classes[0], `实体${name}`));
    const article = (
      await sql<{
        id: number;
      }>`INSERT INTO kg_articles (graph_id, title, source, published_at, content)
        VALUES (${graphId}, '路径证据', '测试', '2020-01-01T08:00:00+08:00', ${content}) RETURNING id`.execute(
        tx,
      )
    ).rows[0].id;
    const relate = async (s: string, type: number, o: string, evidence?: [number, number]) => {
      await sql`INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence, article_id, sent_start, sent_end)
        VALUES (${graphId}, ${ids.get(s)!}, ${type}, ${ids.get(o)!}, ${evidence ? 0.9 : 0.6},
          ${evidence ? article : null}, ${evidence?.[0] ?? null}, ${evidence?.[1] ?? null})`.execute(
        tx,
      );
    };
    await relate("A", types[0], "B");
    await relate("B", types[0], "C");
    await relate("C", types[0], "D");
    await relate("A", types[1], "E", sentences[0]);
    await relate("E", types[1], "D", sentences[1]);
    await relate("A", types[0], "F");
    await relate("D", types[0], "F");
    for (let i = 0; i < 7; i++) await relate(`Q${i}`, types[0], `Q${i + 1}`);
    // The leaves in two statements (a recursive count; both engines).
    await sql`INSERT INTO kg_entities (uuid, graph_id, class_id, name)
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 5999)
      SELECT ${uuid("L")} || i, ${graphId}, ${classes[0]}, '叶' || i FROM n`.execute(tx);
    await sql`INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence)
      SELECT ${graphId}, ${ids.get("H")!}, ${types[0]}, id, 0.5 FROM kg_entities
       WHERE graph_id = ${graphId} AND uuid LIKE ${uuid("L") + "%"}`.execute(tx);
    // G: a second hub of 6,000 leaves, no path to H; X → G → Y: a path through it.
    await sql`INSERT INTO kg_entities (uuid, graph_id, class_id, name)
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 5999)
      SELECT ${uuid("M")} || i, ${graphId}, ${classes[0]}, '叶M' || i FROM n`.execute(tx);
    await sql`INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence)
      SELECT ${graphId}, ${ids.get("G")!}, ${types[0]}, id, 0.5 FROM kg_entities
       WHERE graph_id = ${graphId} AND uuid LIKE ${uuid("M") + "%"}`.execute(tx);
    await relate("X", types[1], "G");
    await relate("G", types[1], "Y");
  });
  return { graphId, uuid, sentence: (i: 0 | 1) => content.slice(...sentences[i]) };
}

/**
 * A graph to explore with a budget (issue 23), relation types r1 and r2 of the ontology:
 *   C →r1→ O0 … O29      thirty outgoing neighbours of one type (a budget of 25 leaves 5)
 *   C →r2→ T0, T1, T2    three of another type
 *   I0 … I3 →r1→ C       four incoming
 *   T0 →r1→ C            T0 also incoming: one neighbour, two relations
 *   O0 →r2→ Far          one step further, from O0
 */
export async function seedExploreGraph(ctx: Pick<PlatformContext, "store">, graphId: number) {
  const uuid = (name: string) => `x-${graphId}-${name}`;
  let typeIds: number[] = [];
  await ctx.store.write(async (tx) => {
    const { classes, relationTypes } = await ensureGraph(tx, graphId, `探索${graphId}`);
    typeIds = relationTypes;
    const exists = await sql`SELECT 1 AS found FROM kg_entities WHERE uuid = ${uuid("C")}`.execute(
      tx,
    );
    if (exists.rows.length) return;
    const names = [
      "C",
      "Far",
      ...Array.from({ length: 30 }, (_, i) => `O${i}`),
      ...Array.from({ length: 3 }, (_, i) => `T${i}`),
      ...Array.from({ length: 4 }, (_, i) => `I${i}`),
    ];
    const ids = new Map<string, number>();
    for (const name of names)
      ids.set(name, await addEntity(tx, uuid(name), graphId, classes[0], `点${name}`));
    const relate = async (s: string, type: number, o: string) => {
      await sql`INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence)
        VALUES (${graphId}, ${ids.get(s)!}, ${type}, ${ids.get(o)!}, 0.8)`.execute(tx);
    };
    for (let i = 0; i < 30; i++) await relate("C", typeIds[0], `O${i}`);
    for (let i = 0; i < 3; i++) await relate("C", typeIds[1], `T${i}`);
    for (let i = 0; i < 4; i++) await relate(`I${i}`, typeIds[0], "C");
    await relate("T0", typeIds[0], "C");
    await relate("O0", typeIds[1], "Far");
  });
  return { graphId, uuid, types: typeIds as [number, number] };
}

/**
 * A random graph for path searches (uuids `r-{graphId}-{i}`), written once: `entities`
 * entities and `relations` relations of the ontology's first two types, confidences 0.5, 0.75
 * or 1 (ties), some relations parallel to others and some from an entity to itself; `hubs`:
 * subjects skewed to the first entities (a few with hundreds of relations).
 */
export async function seedRandomPathGraph(
  ctx: Pick<PlatformContext, "store">,
  graphId: number,
  size: { entities: number; relations: number; seed: number; hubs?: boolean },
) {
  const uuid = (i: number) => `r-${graphId}-${i}`;
  await ctx.store.write(async (tx) => {
    const {
      classes,
      created,
      relationTypes: types,
    } = await ensureGraph(tx, graphId, `随机路径${graphId}`);
    if (!created) return;
    const ids: number[] = [];
    for (let i = 0; i < size.entities; i++)
      ids.push(await addEntity(tx, uuid(i), graphId, classes[0], `随机${i}`));
    let a = size.seed >>> 0;
    const next = () => {
      a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
      return a / 4294967296;
    };
    const any = (n: number) => Math.floor(next() * n);
    for (let r = 0; r < size.relations; r++) {
      // With hubs, subjects skewed to the first entities as bench/kg-bench.ts's generator does.
      const s = size.hubs ? ids[Math.floor(ids.length * next() ** 3)] : ids[any(ids.length)];
      const o = next() < 0.03 ? s : ids[any(ids.length)];
      await sql`INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence)
        VALUES (${graphId}, ${s}, ${types[any(2)]}, ${o}, ${[0.5, 0.75, 1][any(3)]})`.execute(tx);
    }
  });
  return { uuid };
}
