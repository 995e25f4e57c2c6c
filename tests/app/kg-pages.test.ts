import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as entityLoader } from "~/routes/$id.entity.$uuid";
import { loader as articlesLoader } from "~/routes/_public.$kgId.articles";
import { loader as graphArticleLoader } from "~/routes/_public.$kgId.article.$id";
import { loader as egraphLoader } from "~/routes/_public.$kgId.egraph";
import { loader as eventsLoader } from "~/routes/_public.$kgId.event";
import { loader as flowLoader } from "~/routes/_public.$kgId.flowchart";
import { loader as homeLoader } from "~/routes/_public._index";
import { loader as articleLoader } from "~/routes/_public.article.$artId";
import { loader as eegLoader } from "~/routes/_public.eeg";
import { loader as hotEntityLoader } from "~/routes/_public.hotentity";
import { loader as hotEventDetailLoader } from "~/routes/_public.hotevent.$id";
import { loader as hotEventsLoader } from "~/routes/_public.hotevent._index";
import { loader as relationLoader } from "~/routes/_public.relation.$id";
import { loader as svgLoader } from "~/routes/relation.$id.svg";
import { browser, get, run, useTestPlatform, type BrowserState } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { DEMO, seedHubGraph } from "./kg-fixtures";

/**
 * Every graph page's loader against a real platform seeded with the demo corpus, as a
 * logged-in browser (and, for the public pages, an anonymous one) would call it.
 */

let p: TestPlatform;
let user: BrowserState;
let anonymous: BrowserState;
beforeAll(async () => {
  p = await startPlatform({ seed: "demo" });
  useTestPlatform(p);
  user = await browser(userWithToken(p.ctx, "kg-reader", ["kg__graph__read"]));
  anonymous = await browser();
});
afterAll(() => p.close());

type Loader = (args: LoaderFunctionArgs) => unknown;
type Data = any;

async function load(
  loader: Loader,
  path: string,
  params: Record<string, string> = {},
  state = user,
  headers: Record<string, string> = {},
) {
  const r = await run(() => loader({ request: get(path, state, headers), params, context: {} }));
  return { ...r, d: r.data as Data };
}

const expectSvg = (svg: unknown) => {
  expect(typeof svg).toBe("string");
  expect(svg as string).toMatch(/^<svg width="100%" height="100%"[^>]*viewBox=/);
};

describe("home (/?id=)", () => {
  it("shows the chosen graph's counts, recent articles, hot events and entities, with server-drawn charts", async () => {
    const { status, d } = await load(homeLoader, `/?id=${DEMO.military}`);
    expect(status).toBe(200);
    expect(d.kgId).toBe(DEMO.military);
    expect(d.overview.graph.name).toBe("军事装备知识图谱");
    expect(d.overview.graph.counts.articles).toBeGreaterThanOrEqual(50);
    expect(d.overview.recent_articles.length).toBeGreaterThan(0);
    expect(d.overview.hot_events.results.length).toBeGreaterThan(0);
    expect(d.overview.hot_entities.results.length).toBeGreaterThan(0);
    expectSvg(d.entityTypes.svg);
    expect(d.entityTypes.svg).toContain(d.overview.entity_types[0].type);
  });

  it("skips the SVG for a hydrated page's data request (the browser draws it)", async () => {
    const { d } = await load(homeLoader, `/?id=${DEMO.military}`, {}, user, {
      "Sec-Fetch-Dest": "empty",
    });
    expect(d.entityTypes.svg).toBeNull();
    expect(d.entityTypes.option.series).toBeDefined();
  });

  it("is a 404 for an unknown graph", async () => {
    const { status } = await load(homeLoader, "/?id=99999");
    expect(status).toBe(404);
  });

  it("refuses a graph id it cannot read exactly, rather than showing another graph", async () => {
    for (const id of ["abc", "245abc", "0", "-1", "1e3", ""]) {
      const home = await load(homeLoader, `/?id=${id}`);
      expect([id, home.status]).toEqual([id, 404]);
      const hot = await load(hotEntityLoader, `/hotentity?id=${id}`);
      expect([id, hot.status]).toEqual([id, 404]);
    }
    // Without an id, the remembered or default graph (spec §2).
    expect((await load(homeLoader, "/")).d.kgId).toBe(245);
  });

  it("sends a visitor without login to the login page", async () => {
    const { status, response } = await load(homeLoader, "/?id=245", {}, anonymous);
    expect(status).toBe(302);
    expect(response!.headers.get("Location")).toContain("/login?redirect=");
  });
});

describe("article list (/:kgId/articles)", () => {
  it("pages through the graph's articles, newest first", async () => {
    const first = await load(articlesLoader, "/245/articles", { kgId: "245" });
    expect(first.d.list.count).toBeGreaterThanOrEqual(50);
    expect(first.d.list.results).toHaveLength(10);
    const dates = first.d.list.results.map((a: Data) => a.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await load(articlesLoader, "/245/articles?page=2&page_size=20", { kgId: "245" });
    expect(second.d.page).toBe(2);
    expect(second.d.list.results).toHaveLength(20);
    expect(second.d.list.results[0].id).not.toBe(first.d.list.results[0].id);
  });

  it("searches and filters by time range", async () => {
    const { d } = await load(
      articlesLoader,
      "/245/articles?search=MQ-9B&start=2024-12-01&end=2024-12-31",
      { kgId: "245" },
    );
    expect(d.list.count).toBeGreaterThan(0);
    for (const a of d.list.results) {
      expect(`${a.title}${a.summary}`).toContain("MQ-9B");
      expect(a.published_at.slice(0, 7)).toBe("2024-12");
    }
  });

  it("ignores an impossible date and odd paging, and says so", async () => {
    const { status, d } = await load(
      articlesLoader,
      "/245/articles?start=2024-02-31&page=-3&page_size=7",
      { kgId: "245" },
    );
    expect(status).toBe(200);
    expect(d.badDates).toEqual(["start"]);
    expect(d.page).toBe(1);
    expect(d.pageSize).toBe(10);
  });

  it("is a 404 for an unknown or malformed graph id", async () => {
    expect((await load(articlesLoader, "/99999/articles", { kgId: "99999" })).status).toBe(404);
    expect((await load(articlesLoader, "/abc/articles", { kgId: "abc" })).status).toBe(404);
  });
});

describe("article pages (/article/:artId and /:kgId/article/:id)", () => {
  it("gives the text with its mentions, events, relations, and the sentence to highlight", async () => {
    const { d } = await load(graphArticleLoader, `/245/article/${DEMO.article}?sent=0-40`, {
      kgId: "245",
      id: String(DEMO.article),
    });
    const a = d.article;
    expect(a.title).toBe("印度国防部宣布采购MQ-9B无人机");
    expect(a.mentions.length).toBeGreaterThan(0);
    for (const m of a.mentions) expect(a.content.slice(m.start, m.end)).toBe(m.text);
    expect(a.events.length).toBeGreaterThan(0);
    expect(a.relations.length).toBeGreaterThan(0);
    expect(d.highlight).toEqual([0, 40]);
    expect(Object.keys(d.colors).length).toBeGreaterThan(0);
  });

  it("finds an article by its id alone, with its graph", async () => {
    const { d } = await load(articleLoader, `/article/${DEMO.article}`, {
      artId: String(DEMO.article),
    });
    expect(d.article.graph_id).toBe(DEMO.military);
    expect(d.highlight).toBeNull();
  });

  it("is a 404 for an unknown article, or one of another graph", async () => {
    expect((await load(articleLoader, "/article/999999", { artId: "999999" })).status).toBe(404);
    expect((await load(articleLoader, "/article/x1", { artId: "x1" })).status).toBe(404);
    expect(
      (
        await load(graphArticleLoader, `/246/article/${DEMO.article}`, {
          kgId: "246",
          id: String(DEMO.article),
        })
      ).status,
    ).toBe(404);
  });
});

describe("event list (/:kgId/event)", () => {
  it("filters by type, place and time, with the graph's event types to choose from", async () => {
    const all = await load(eventsLoader, "/245/event", { kgId: "245" });
    expect(all.d.list.count).toBeGreaterThan(10);
    const deploy = all.d.types.find((t: Data) => t.name === "部署");
    const typed = await load(eventsLoader, `/245/event?type=${deploy.id}`, { kgId: "245" });
    expect(typed.d.list.count).toBeGreaterThan(0);
    expect(typed.d.list.results.every((e: Data) => e.type === "部署")).toBe(true);
    const placed = await load(
      eventsLoader,
      "/245/event?place=釜山&start=2024-12-01&end=2024-12-31",
      { kgId: "245" },
    );
    expect(placed.d.list.results.map((e: Data) => e.id)).toContain(DEMO.event);
    const searched = await load(eventsLoader, "/245/event?search=试射", { kgId: "245" });
    expect(
      searched.d.list.results.every((e: Data) => `${e.title}${e.description}`.includes("试射")),
    ).toBe(true);
  });

  it("ignores an unknown type rather than failing", async () => {
    const { status, d } = await load(eventsLoader, "/245/event?type=99999", { kgId: "245" });
    expect(status).toBe(200);
    expect(d.filters.type).toBeUndefined();
  });
});

describe("hot events (/hotevent)", () => {
  it("ranks events over the chosen window with a trend chart of the top ones", async () => {
    const { d } = await load(hotEventsLoader, "/hotevent?id=245&days=365");
    expect(d.days).toBe(365);
    expect(d.ranking.results.length).toBeGreaterThan(5);
    expect(d.ranking.results[0].score).toBeGreaterThanOrEqual(d.ranking.results[1].score);
    expect(d.ranking.days).toHaveLength(365);
    expect(d.trend.option.xAxis.data).toHaveLength(53);
    expectSvg(d.trend.svg);
    expect(d.trend.option.series.length).toBe(5);
  });

  it("offers only the 7, 30 and 365 day windows", async () => {
    expect((await load(hotEventsLoader, "/hotevent?id=245&days=99")).d.days).toBe(7);
    expect((await load(hotEventsLoader, "/hotevent?id=245&days=30")).d.days).toBe(30);
  });

  it("shows an event's timeline, participants, reports and causes", async () => {
    const { d } = await load(hotEventDetailLoader, `/hotevent/${DEMO.event}`, {
      id: String(DEMO.event),
    });
    const e = d.event;
    expect(e.title).toBe("美国海军向釜山部署密歇根号核潜艇");
    expect(e.participants.length).toBeGreaterThan(0);
    expect(e.articles.length).toBe(3);
    expect(e.causes.length).toBeGreaterThan(0);
    expect(e.causes[0].article_id).not.toBeNull();
    expectSvg(d.trend.svg);
  });

  it("is a 404 for an unknown event", async () => {
    expect((await load(hotEventDetailLoader, "/hotevent/999999", { id: "999999" })).status).toBe(
      404,
    );
    expect((await load(hotEventDetailLoader, "/hotevent/abc", { id: "abc" })).status).toBe(404);
  });
});

describe("hot entities (/hotentity)", () => {
  it("ranks entities with their trends and filters by type", async () => {
    const { d } = await load(hotEntityLoader, "/hotentity?id=245&days=365");
    expect(d.ranking.results.length).toBeGreaterThan(5);
    // A year is shown by week; each row's trend still sums to its score.
    expect(d.weekly).toBe(true);
    expect(d.ranking.results[0].trend).toHaveLength(53);
    for (const r of d.ranking.results)
      expect(r.trend.reduce((a: number, b: number) => a + b, 0)).toBe(r.score);
    const country = d.classes.find((c: Data) => c.name === "国家");
    const typed = await load(hotEntityLoader, `/hotentity?id=245&days=365&type=${country.id}`);
    expect(typed.d.type).toBe(country.id);
    expect(typed.d.ranking.results.every((r: Data) => r.entity.type === "国家")).toBe(true);
  });
});

describe("relation graph (/relation/:id)", () => {
  it("draws an entity's neighbours with server positions (layout none)", async () => {
    const { d } = await load(relationLoader, `/relation/${DEMO.hub}?id=245`, { id: DEMO.hub });
    expect(d.centerName).toBe("美国海军");
    expect(d.counts.nodes).toBeGreaterThan(5);
    const series = d.chart.spec.option.series[0];
    expect(series.layout).toBe("none");
    for (const n of series.data) expect(Number.isFinite(n.x) && Number.isFinite(n.y)).toBe(true);
    expectSvg(d.chart.spec.svg);
    expect(d.chart.edgeHrefs.every((h: string) => h.includes("?sent=") && h.includes("#s-"))).toBe(
      true,
    );
  });

  it("expands a neighbour from the URL and collapses it again", async () => {
    const base = await load(relationLoader, `/relation/${DEMO.hub}?id=245`, { id: DEMO.hub });
    const neighbour = base.d.nodeRows.find(
      (n: Data) => n.id !== DEMO.hub && n.name === "美国海军第七舰队",
    );
    const expanded = await load(
      relationLoader,
      `/relation/${DEMO.hub}?id=245&expand=${neighbour.id}`,
      { id: DEMO.hub },
    );
    expect(expanded.d.query.expand).toEqual([neighbour.id]);
    expect(expanded.d.counts.nodes).toBeGreaterThan(base.d.counts.nodes);
    const row = expanded.d.nodeRows.find((n: Data) => n.id === neighbour.id);
    expect(row.expanded).toBe(true);
    expect(row.toggle).toContain("expand=none");
    const collapsed = await load(relationLoader, row.toggle, { id: DEMO.hub });
    expect(collapsed.d.counts.nodes).toBe(base.d.counts.nodes);
  });

  it("filters by relation type", async () => {
    const base = await load(relationLoader, `/relation/${DEMO.hub}?id=245`, { id: DEMO.hub });
    const type = base.d.relationTypes.find((r: Data) => r.count > 1);
    const { d } = await load(relationLoader, `/relation/${DEMO.hub}?id=245&types=${type.id}`, {
      id: DEMO.hub,
    });
    expect(d.edgeRows.length).toBe(type.count);
    expect(d.edgeRows.every((e: Data) => e.predicate === type.name)).toBe(true);
  });

  it("centres a relation id on its subject with its object expanded", async () => {
    const rel = await load(relationLoader, `/relation/${DEMO.hub}?id=245`, { id: DEMO.hub });
    const id = String(rel.d.edgeRows[0].id);
    const { d } = await load(relationLoader, `/relation/${id}`, { id });
    expect(d.relation.id).toBe(Number(id));
    expect(d.query.center).toBe(d.relation.subject.uuid);
    expect(d.query.expand).toEqual([d.relation.object.uuid]);
  });

  it("finds the graph of an entity when the URL does not say it", async () => {
    const { d } = await load(relationLoader, `/relation/${DEMO.busan}`, { id: DEMO.busan });
    expect(d.kgId).toBe(DEMO.military);
  });

  it("is a 404 for an unknown entity, relation, or an entity of another graph", async () => {
    expect(
      (await load(relationLoader, "/relation/no-such-uuid", { id: "no-such-uuid" })).status,
    ).toBe(404);
    expect((await load(relationLoader, "/relation/99999999", { id: "99999999" })).status).toBe(404);
    expect(
      (await load(relationLoader, `/relation/${DEMO.hub}?id=246`, { id: DEMO.hub })).status,
    ).toBe(404);
  });

  it("exports the graph as an SVG file (the export without JavaScript)", async () => {
    const { response } = await load(svgLoader, `/relation/${DEMO.hub}/svg?id=245`, {
      id: DEMO.hub,
    });
    expect(response!.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(response!.headers.get("Content-Disposition")).toContain("attachment");
    const body = await response!.text();
    expect(body).toMatch(/<svg width="1600" height="1000"/);
    expect(body).toContain("美国海军");
  });
});

describe("a 2,000-node relation graph", () => {
  // Server time is measured by the benchmark (bench/); here: the shape that keeps it fast.
  it("comes laid out by the server, drawn plain (no labels, arrows or curves) so the picture stays light", async () => {
    const { hub } = await seedHubGraph(p.ctx, 901, 2100);
    const { status, d } = await load(relationLoader, `/relation/${hub}?id=901&limit=2000`, {
      id: hub,
    });
    expect(status).toBe(200);
    expect(d.counts.nodes).toBe(2000);
    expect(d.truncated).toBe(true);
    const series = d.chart.spec.option.series[0];
    expect(series.layout).toBe("none");
    expect(series.label.show).toBe(false);
    expect(series.emphasis.focus).toBe("none");
    expect(series.edgeSymbol).toEqual(["none", "none"]);
    expect(series.lineStyle.curveness).toBe(0);
    const xs = new Set(series.data.map((n: Data) => `${n.x},${n.y}`));
    expect(xs.size).toBeGreaterThan(1900);
    expect(d.nodeRows).toHaveLength(100);
    expect(d.chart.spec.svg.length).toBeLessThan(1_200_000);
    expect(d.chart.spec.svg).not.toContain("ecmeta_");
    // The server's picture draws 500 of them (the page says so), where the live chart draws them.
    expect(d.chart.drawn).toBe(500);
    expect(d.chart.spec.svg.match(/<circle /g)).toHaveLength(500);
    expect(d.chart.spec.option.series[0].data).toHaveLength(2000);
    // The centre is among them, at the place the whole graph gives it.
    const hubAt = series.data.findIndex((n: Data) => n.id === hub);
    const xs2 = series.data.map((n: Data) => n.x);
    const ys2 = series.data.map((n: Data) => n.y);
    const [minX, minY] = [Math.min(...xs2), Math.min(...ys2)];
    const box = { x: 0.04 * 1200, y: 0.1 * 640, w: 0.92 * 1200, h: 0.85 * 640 };
    const cx = box.x + ((xs2[hubAt] - minX) / (Math.max(...xs2) - minX)) * box.w;
    const cy = box.y + ((ys2[hubAt] - minY) / (Math.max(...ys2) - minY)) * box.h;
    const circle = new RegExp(`<circle cx="([\\d.]+)" cy="([\\d.]+)" r="11"`).exec(
      d.chart.spec.svg,
    )!;
    expect(Math.abs(Number(circle[1]) - cx)).toBeLessThan(1);
    expect(Math.abs(Number(circle[2]) - cy)).toBeLessThan(1);
  });

  it("adds an expansion to a big graph without losing its layout", async () => {
    const hub = "hub-901";
    const { d } = await load(relationLoader, `/relation/${hub}?id=901&limit=200&expand=n-901-5`, {
      id: hub,
    });
    expect(d.query.expand).toEqual(["n-901-5"]);
    expect(d.counts.nodes).toBe(200);
  });
});

describe("entity page (/:id/entity/:uuid)", () => {
  it("gives properties, aliases, a relation graph, events, articles and a mention trend", async () => {
    const { d } = await load(entityLoader, `/245/entity/${DEMO.hub}`, {
      id: "245",
      uuid: DEMO.hub,
    });
    expect(d.entity.name).toBe("美国海军");
    expect(d.entity.relations.total).toBeGreaterThan(5);
    expect(d.entity.articles.count).toBeGreaterThan(0);
    expect(d.graphSize).toBeGreaterThan(5);
    expectSvg(d.chart.spec.svg);
    expect(d.chart.nodeHrefs.every((h: string) => h.startsWith("/245/entity/"))).toBe(true);
    expect(d.relationPage).toBe(`/relation/${DEMO.hub}?id=245`);
  });

  it("is a 404 for an unknown entity or one of another graph", async () => {
    expect((await load(entityLoader, "/245/entity/nope", { id: "245", uuid: "nope" })).status).toBe(
      404,
    );
    expect(
      (await load(entityLoader, `/246/entity/${DEMO.hub}`, { id: "246", uuid: DEMO.hub })).status,
    ).toBe(404);
  });
});

describe("public pages without login", () => {
  it("flow chart: the graph's flows, laid out in layers, the first one shown", async () => {
    const { status, d } = await load(flowLoader, "/245/flowchart", { kgId: "245" }, anonymous);
    expect(status).toBe(200);
    expect(d.flows.length).toBeGreaterThan(0);
    expect(d.flow.id).toBe(d.flows[0].id);
    const series = d.chart.option.series[0];
    expect(series.layout).toBe("none");
    expect(series.data).toHaveLength(d.flow.steps.length);
    expectSvg(d.chart.svg);
    const other = await load(
      flowLoader,
      `/245/flowchart?flow=${d.flows[1].id}`,
      { kgId: "245" },
      anonymous,
    );
    expect(other.d.flow.name).toBe(d.flows[1].name);
  });

  it("flow chart: an empty state for a graph without flows, 404 for unknown graphs and flows", async () => {
    const general = await load(flowLoader, "/246/flowchart", { kgId: "246" }, anonymous);
    expect(general.d.flow).toBeNull();
    expect((await load(flowLoader, "/99999/flowchart", { kgId: "99999" }, anonymous)).status).toBe(
      404,
    );
    expect(
      (await load(flowLoader, "/245/flowchart?flow=99999", { kgId: "245" }, anonymous)).status,
    ).toBe(404);
  });

  it("causal event graph: the strongest links of the graph in ?id=, filtered by link type", async () => {
    const { d } = await load(eegLoader, "/eeg?id=245", {}, anonymous);
    expect(d.graph.edges.length).toBeGreaterThan(5);
    expect(d.chart.edgeHrefs.filter(Boolean).length).toBe(d.graph.edges.length);
    const causes = await load(eegLoader, "/eeg?id=245&types=cause", {}, anonymous);
    expect(causes.d.graph.edges.every((e: Data) => e.type === "cause")).toBe(true);
    expect((await load(eegLoader, "/eeg?id=99999", {}, anonymous)).status).toBe(404);
  });
});

describe("event-logic graph (/:kgId/egraph)", () => {
  it("walks N hops of causes and effects from the chosen event", async () => {
    const { d } = await load(egraphLoader, `/245/egraph?event=${DEMO.event}&hops=2`, {
      kgId: "245",
    });
    expect(d.event.id).toBe(DEMO.event);
    expect(d.hops).toBe(2);
    expect(d.graph.nodes.some((n: Data) => n.id === DEMO.event)).toBe(true);
    expect(d.graph.edges.length).toBeGreaterThan(0);
    expect(d.graph.edges[0].strength).toBeGreaterThan(0);
    expect(d.picker.count).toBeGreaterThan(0);
    const series = d.chart.spec.option.series[0];
    expect(series.links[0].value).toMatch(/\d\.\d\d$/);
  });

  it("shows the strongest links and the picker when no event is chosen; 404 for an unknown event", async () => {
    const { d } = await load(egraphLoader, "/245/egraph?search=演习", { kgId: "245" });
    expect(d.event).toBeNull();
    expect(d.picker.results.every((e: Data) => e.title.includes("演习"))).toBe(true);
    expect((await load(egraphLoader, "/245/egraph?event=999999", { kgId: "245" })).status).toBe(
      404,
    );
  });
});
