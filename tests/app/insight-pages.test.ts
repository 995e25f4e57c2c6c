import { sql, type RawBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as entityLoader } from "~/routes/_admin.count.entity";
import { loader as entityExport } from "~/routes/_admin.count.entity.export";
import { loader as entityDetailLoader } from "~/routes/_admin.count.entitycount.$id";
import { loader as entityDetailExport } from "~/routes/_admin.count.entitycount.$id.export";
import { loader as keywordLoader } from "~/routes/_admin.count.keyword";
import { loader as keywordExport } from "~/routes/_admin.count.keyword.export";
import { loader as verbLoader } from "~/routes/_admin.count.verb";
import { loader as verbExport } from "~/routes/_admin.count.verb.export";
import { loader as logLoader } from "~/routes/_admin.log.index";
import { loader as logExport } from "~/routes/_admin.log.index.export";
import { startPlatform, type TestPlatform } from "../helpers/platform";
import { one as oneRow } from "../helpers/sql";
import { useTestPlatform } from "../helpers/console";
import { args, as, get, run } from "./table-helpers";

type Json = any;

let p: TestPlatform;
let admin: Awaited<ReturnType<typeof as>>;
let stats: Awaited<ReturnType<typeof as>>;
let nobody: Awaited<ReturnType<typeof as>>;

beforeAll(async () => {
  p = await startPlatform({ seed: "demo" });
  useTestPlatform(p);
  admin = await as(p, "stats-admin", ["admin"]);
  stats = await as(p, "stats-reader", ["kg__statistics__read", "kg__log__read"]);
  nobody = await as(p, "stats-nobody", ["kg__graph__read"]);
});
afterAll(() => p.close());

const one = async (query: RawBuilder<unknown>) => (await oneRow<Json>(p.ctx, query)) as Json;
/** A document request (the browser loading the page): charts come with their server SVG. */
const doc = (path: string, who = stats) => get(path, who, { "Sec-Fetch-Dest": "document" });
/** A data request of a hydrated page: the browser draws the charts, so no SVG. */
const nav = (path: string, who = stats) => get(path, who, { "Sec-Fetch-Dest": "empty" });

async function bytesOf(response: Response) {
  return Buffer.from(await response.arrayBuffer());
}

describe("retrieval statistics page (/log/index)", () => {
  it("shows every graph's searches of the last 30 days with a server-drawn chart", async () => {
    const r = await run(() => logLoader(args(doc("/log/index"))));
    const d = r.data as Json;
    expect(r.status).toBe(200);
    expect(d).toMatchObject({ graphId: null, days: 30 });
    expect(d.stats.series).toHaveLength(30);
    expect(d.stats.total).toBeGreaterThan(0);
    expect(d.chart.svg).toContain("<svg");
    expect(d.graphs.map((g: Json) => g.id)).toEqual(expect.arrayContaining([245, 246, 247]));
  });

  it("narrows to one graph and a 7-day window; an odd window falls back to 30 days", async () => {
    const d = (await run(() => logLoader(args(nav("/log/index?graph=246&days=7"))))).data as Json;
    expect(d).toMatchObject({ graphId: 246, days: 7 });
    expect(d.stats.graph_id).toBe(246);
    expect(d.chart.svg).toBeNull();
    expect(
      ((await run(() => logLoader(args(get("/log/index?days=13", stats))))).data as Json).days,
    ).toBe(30);
  });

  it("answers an unknown graph with a 404 page, and a user without kg__log__read with 403", async () => {
    expect((await run(() => logLoader(args(get("/log/index?graph=9999", stats))))).status).toBe(
      404,
    );
    expect((await run(() => logLoader(args(get("/log/index", nobody))))).status).toBe(403);
  });

  it("exports a table as the platform's CSV, BOM and all", async () => {
    const r = await run(() =>
      logExport(args(get("/log/index/export?graph=245&days=30&table=top", stats))),
    );
    expect(r.status).toBe(200);
    expect(r.response!.headers.get("Content-Type")).toContain("text/csv");
    expect(r.response!.headers.get("Content-Disposition")).toContain("searches-top-245");
    const bytes = await bytesOf(r.response!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString("utf8")).toContain("检索词,检索次数,平均结果数,最近检索");
    expect(
      (await run(() => logExport(args(get("/log/index/export?table=nope", stats))))).status,
    ).toBe(400);
    expect((await run(() => logExport(args(get("/log/index/export", nobody))))).status).toBe(403);
  });
});

describe("entity statistics pages", () => {
  it("defaults to graph 245 with types, a trend and the top entities", async () => {
    const d = (await run(() => entityLoader(args(doc("/count/entity"))))).data as Json;
    expect(d.graphId).toBe(245);
    expect(d.stats.totals.entities).toBe(
      (await one(sql`SELECT count(*) AS n FROM kg_entities WHERE graph_id = 245`)).n,
    );
    expect(d.stats.top.length).toBe(20);
    expect(d.charts.byType.svg).toContain("<svg");
    expect(d.charts.trend.svg).toContain("<svg");
  });

  it("filters by entity type", async () => {
    const ship = (
      await one(
        sql`SELECT c.id FROM kg_classes c JOIN kg_graph_ontology g ON g.ontology_id = c.ontology_id WHERE g.graph_id = 245 AND c.name = '舰艇'`,
      )
    ).id;
    const d = (await run(() => entityLoader(args(nav(`/count/entity?graph=245&type=${ship}`)))))
      .data as Json;
    expect(d.type).toBe(ship);
    expect(d.stats.top.every((e: Json) => e.type === "舰艇")).toBe(true);
  });

  it("shows an empty graph as zeros, not an error", async () => {
    const r = await run(() => entityLoader(args(nav("/count/entity?graph=247"))));
    expect(r.status).toBe(200);
    expect((r.data as Json).stats).toMatchObject({ totals: { entities: 0, mentions: 0 }, top: [] });
  });

  it("details one entity, and answers an unknown one with a 404 and the platform's reason", async () => {
    const e = await one(
      sql`SELECT uuid, name FROM kg_entities WHERE graph_id = 245 AND name = '美国海军'`,
    );
    const d = (
      await run(() => entityDetailLoader(args(doc(`/count/entitycount/${e.uuid}`), { id: e.uuid })))
    ).data as Json;
    expect(d.stats.entity.name).toBe("美国海军");
    expect(d.stats.relations.length).toBeGreaterThan(0);
    expect(d.charts.mentions.svg).toContain("<svg");
    const missing = await run(() =>
      entityDetailLoader(args(nav("/count/entitycount/nope"), { id: "nope" })),
    );
    expect(missing.status).toBe(404);
    expect(await missing.response!.text()).toBe("实体不存在");
  });

  it("exports the ranking, the types, the trend and one entity's tables", async () => {
    for (const table of ["top", "types", "trend"]) {
      const r = await run(() =>
        entityExport(args(nav(`/count/entity/export?graph=245&table=${table}`))),
      );
      expect(r.status, table).toBe(200);
    }
    const e = (await one(sql`SELECT uuid FROM kg_entities WHERE graph_id = 245 LIMIT 1`)).uuid;
    const r = await run(() =>
      entityDetailExport(args(nav(`/count/entitycount/${e}/export?table=mentions`), { id: e })),
    );
    expect((await bytesOf(r.response!)).toString("utf8")).toContain("时间,合计");
    expect(
      (await run(() => entityExport(args(get("/count/entity/export?graph=245", nobody))))).status,
    ).toBe(403);
  });
});

describe("verb and keyword statistics pages", () => {
  it("counts trigger verbs with charts, and exports them", async () => {
    const d = (await run(() => verbLoader(args(doc("/count/verb?graph=245"))))).data as Json;
    expect(d.stats.verbs[0].rank).toBe(1);
    expect(d.stats.trend.bucket).toBe("month");
    expect(d.charts.verbs.svg).toContain("<svg");
    const csv = await run(() => verbExport(args(nav("/count/verb/export?graph=245&table=verbs"))));
    expect((await bytesOf(csv.response!)).toString("utf8")).toContain(
      "排名,触发词,事件类型,事件数,报道数,最近时间",
    );
  });

  it("ranks keywords, with 50, 100 or 200 rows", async () => {
    const d = (await run(() => keywordLoader(args(nav("/count/keyword?graph=246&limit=100")))))
      .data as Json;
    expect(d.limit).toBe(100);
    expect(d.stats.keywords.length).toBeLessThanOrEqual(100);
    expect(d.stats.keywords.length).toBeGreaterThan(50);
    expect(
      ((await run(() => keywordLoader(args(nav("/count/keyword?limit=7"))))).data as Json).limit,
    ).toBe(50);
    const csv = await run(() => keywordExport(args(nav("/count/keyword/export?graph=246"))));
    expect(csv.status).toBe(200);
  });

  it("shows empty graphs as empty lists", async () => {
    expect(
      ((await run(() => verbLoader(args(nav("/count/verb?graph=247"))))).data as Json).stats.verbs,
    ).toEqual([]);
    expect(
      ((await run(() => keywordLoader(args(nav("/count/keyword?graph=247"))))).data as Json).stats
        .keywords,
    ).toEqual([]);
  });

  it("admits only users who may read statistics", async () => {
    expect((await run(() => verbLoader(args(get("/count/verb", nobody))))).status).toBe(403);
    expect((await run(() => keywordLoader(args(get("/count/keyword", admin))))).status).toBe(200);
  });
});
