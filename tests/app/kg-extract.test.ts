import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/_public.$kgId.extract";
import { browser, get, post, run, useTestPlatform, type BrowserState } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { value } from "../helpers/sql";
import { DEMO } from "./kg-fixtures";

/** The text-analysis page: its form action against the platform's real extraction. */

let p: TestPlatform;
let user: BrowserState;
beforeAll(async () => {
  p = await startPlatform({ seed: "demo" });
  useTestPlatform(p);
  user = await browser(userWithToken(p.ctx, "kg-analyst", ["kg__graph__read"]));
});
afterAll(() => p.close());

type Data = any;
const params = { kgId: String(DEMO.military) };
/** A submit from an English browser (the console's default language). */
const submit = async (fields: Record<string, string>) => {
  const request = post("/245/extract", user, fields);
  request.headers.set("Accept-Language", "en-US,en;q=0.9");
  const r = await run(() => action({ request, params, context: {} }));
  return { ...r, d: r.data as Data };
};

const SAMPLE =
  "因为朝鲜试射火星-18洲际弹道导弹，美国海军随后向釜山部署密歇根号核潜艇。美国海军隶属于美国国防部。";

describe("text analysis (/:kgId/extract)", () => {
  it("finds the graph's entities by type, events with arguments, the relations the text states and causal pairs", async () => {
    const { status, d } = await submit({ intent: "text", text: SAMPLE });
    expect(status).toBe(200);
    expect(d.ok).toBe(true);
    const names = d.result.entities.map((e: Data) => e.name);
    expect(names).toEqual(expect.arrayContaining(["朝鲜", "美国海军", "釜山", "密歇根号核潜艇"]));
    for (const e of d.result.entities) expect(SAMPLE.slice(e.start, e.end)).toBe(e.text);
    const deploy = d.result.events.find((e: Data) => e.trigger === "部署");
    expect(deploy).toBeDefined();
    expect(deploy.arguments.length).toBeGreaterThan(0);
    expect(d.result.causal.length).toBeGreaterThan(0);
    expect(
      d.result.relations.some(
        (r: Data) => r.subject.name === "美国海军" && r.object.name === "美国国防部",
      ),
    ).toBe(true);
    expect(d.graph.spec.svg).toMatch(/^<svg/);
    expect(d.text).toBe(SAMPLE);
  });

  it("refuses an empty text with a clear message and keeps what was typed", async () => {
    const { status, d } = await submit({ intent: "text", text: "   " });
    expect(status).toBe(400);
    expect(d.ok).toBe(false);
    expect(d.error).toBe("Please enter a text to analyse");
    expect(d.text).toBe("   ");
  });

  it("refuses a 1 MB text before calling the platform, saying how long it is and the limit", async () => {
    const huge = "美国海军".repeat(262_144);
    const { status, d } = await submit({ intent: "text", text: huge });
    expect(status).toBe(400);
    expect(d.error).toContain("1,048,576");
    expect(d.error).toContain("100,000");
    expect(d.text).toHaveLength(huge.length);
  });

  it("speaks Chinese to a Chinese browser", async () => {
    const request = post("/245/extract", user, { intent: "text", text: "" });
    request.headers.set("Accept-Language", "zh-CN,zh;q=0.9");
    const r = await run(() => action({ request, params, context: {} }));
    expect((r.data as Data).error).toBe("请输入要分析的文本");
  });

  it("analyses a chosen article with its own text", async () => {
    const { d } = await submit({ intent: "article", article_id: String(DEMO.article) });
    expect(d.ok).toBe(true);
    expect(d.article.id).toBe(DEMO.article);
    expect(d.text).toContain("MQ-9B");
    expect(d.result.entities.length).toBeGreaterThan(0);
  });

  it("analyses the article of ?article= in the loader, and lists articles to pick", async () => {
    const r = await run(() =>
      loader({ request: get(`/245/extract?article=${DEMO.article}`, user), params, context: {} }),
    );
    const d = r.data as Data;
    expect(d.articles.length).toBeGreaterThan(10);
    expect(d.outcome.ok).toBe(true);
    expect(d.outcome.article.id).toBe(DEMO.article);
  });

  it("sends a reader reporting an extracted relation to the report form, about that extraction", async () => {
    const reporter = await browser(
      userWithToken(p.ctx, "kg-reporter", ["kg__graph__read", "kg__feedback__create"]),
    );
    const page = await run(() =>
      loader({ request: get("/245/extract", reporter), params, context: {} }),
    );
    expect((page.data as Data).canReport).toBe(true);
    const sentence = "美国海军隶属于美国国防部。";
    const { d } = await submit({ intent: "text", text: sentence });
    const r = d.result.relations.find((x: Data) => x.predicate === "隶属于");
    const fields = {
      intent: "report",
      sentence,
      subject: r.subject.uuid,
      predicate: r.predicate,
      object: r.object.uuid,
    };
    const sent = await run(() =>
      action({ request: post("/245/extract", reporter, fields), params, context: {} }),
    );
    expect(sent.status).toBe(302);
    const to = new URL(sent.response!.headers.get("Location")!, "http://console.test");
    expect(to.pathname).toBe("/feedback/new");
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      graph: "245",
      kind: "extraction",
      redirect: "/245/extract",
    });
    const recorded = await value<string>(
      p.ctx,
      sql`SELECT sentence FROM kg_extractions WHERE id = ${Number(to.searchParams.get("target"))}`,
    );
    expect(recorded).toBe(sentence);
    // A reader who may not report is offered nothing, and refused.
    expect(
      (
        (await run(() => loader({ request: get("/245/extract", user), params, context: {} })))
          .data as Data
      ).canReport,
    ).toBe(false);
    const refused = await run(() =>
      action({ request: post("/245/extract", user, fields), params, context: {} }),
    );
    expect(refused.status).toBe(403);
  });

  it("is a 404 for an article of another graph, a 400 for an unknown intent, a 403 without the page's token", async () => {
    const other = await value<number>(
      p.ctx,
      sql`SELECT id FROM kg_articles WHERE graph_id = ${DEMO.general} ORDER BY id LIMIT 1`,
    );
    expect((await submit({ intent: "article", article_id: String(other) })).status).toBe(404);
    expect((await submit({ intent: "nonsense" })).status).toBe(400);
    const forged = post("/245/extract", user, { intent: "text", text: SAMPLE, csrf: "forged" });
    expect((await run(() => action({ request: forged, params, context: {} }))).status).toBe(403);
  });
});
