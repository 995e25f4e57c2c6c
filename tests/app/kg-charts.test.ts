import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barOption, trendOption } from "~/charts/series-options";
import { bendAroundBoxes, boxGraphOption, graphOption, type BoxNode } from "~/charts/graph-options";
import { renderGraphSvg } from "~/charts/graph-svg.server";
import { chartSpec, renderChartSvg } from "~/charts/render.server";
import { chartScheme } from "~/preferences.server";
import { AnnotatedText } from "~/components/kg/annotated-text";
import { safeUrl } from "~/components/kg/article-view";
import { parseSentence, sourceHref } from "~/kg/links";
import { withParams } from "~/utils/url";
import { pageWindow } from "~/components/ui/pager";
import { loader as relationLoader } from "~/routes/_public.relation.$id";
import { browser, get, run, useTestPlatform } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { SCRIPT_NAME, seedHubGraph } from "./kg-fixtures";
import { bucketDays } from "~/kg/hot.server";
import { dayParam, listParams } from "~/kg/params.server";

/** Charts drawn on the server, escaping of stored text, and the graph pages' small helpers. */

const SCRIPT = '<script>alert("x")</script>';

describe("charts rendered to SVG on the server", () => {
  it("draws a trend and a bar chart with their labels", () => {
    const trend = renderChartSvg(
      trendOption(["2024-12-01", "2024-12-02"], [{ name: "报道", values: [1, 3] }]),
      600,
      240,
    );
    expect(trend).toMatch(/^<svg width="100%" height="100%"[^>]*viewBox="0 0 600 240"/);
    expect(trend).toContain("12-02");
    const bars = renderChartSvg(
      barOption([
        { name: "军队", value: 16 },
        { name: "国家", value: 10 },
      ]),
      500,
      300,
    );
    expect(bars).toContain("军队");
    expect(bars).toContain(">16<");
  });

  it("draws a chart again when its data, size or form changes (pictures are kept by what they show)", () => {
    const option = (value: number) => barOption([{ name: "军队", value }]);
    const first = renderChartSvg(option(16), 500, 300);
    expect(renderChartSvg(option(16), 500, 300)).toBe(first);
    const changed = renderChartSvg(option(17), 500, 300);
    expect(changed).toContain(">17<");
    expect(changed).not.toContain(">16<");
    expect(renderChartSvg(option(16), 400, 300)).toContain('viewBox="0 0 400 300"');
    expect(renderChartSvg(option(16), 500, 300, { fluid: false })).toMatch(
      /^<svg width="500" height="300"/,
    );
    expect(renderChartSvg(option(16), 500, 300)).toMatch(/^<svg width="100%" height="100%"/);
  });

  it("writes attributes a parser reads whole: no double quote inside a quoted value (font names)", () => {
    const charts = [
      renderChartSvg(trendOption(["2024-12-01"], [{ name: "报道", values: [1] }]), 600, 240),
      renderChartSvg(barOption([{ name: "军队", value: 16 }]), 500, 300),
      renderChartSvg(
        graphOption(
          {
            categories: [{ name: "地点" }],
            nodes: [
              { id: "a", name: "甲", category: "地点", x: 0, y: 0 },
              { id: "b", name: "乙", category: "地点", x: 10, y: 10 },
            ],
            links: [{ id: "1", source: "a", target: "b", label: "位于" }],
          },
          { width: 600, height: 400 },
        ),
        600,
        400,
      ),
    ];
    for (const svg of charts) {
      // Tags outside CDATA (the graph's own style sheet); each is a name, then name="value" pairs.
      const markup = svg.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "");
      for (const tag of markup.match(/<[^>]+>/g) ?? []) {
        // Anything left over is a broken attribute.
        const rest = tag
          .replace(/^<\/?[\w:-]+/, "")
          .replace(/\s+[\w:-]+="[^"]*"/g, "")
          .replace(/\s*\/?>$/, "");
        expect(rest, tag).toBe("");
      }
    }
  });

  it("escapes markup in names: a <script> node, legend and edge label stay text", () => {
    const svg = renderChartSvg(
      graphOption(
        {
          categories: [{ name: "<b>类型</b>" }],
          nodes: [
            { id: "a", name: SCRIPT, category: "<b>类型</b>", x: 0, y: 0, important: true },
            { id: "b", name: "b&c", category: "<b>类型</b>", x: 10, y: 10 },
          ],
          links: [{ id: "1", source: "a", target: "b", label: "<img src=x onerror=alert(1)>" }],
        },
        { width: 600, height: 400 },
      ),
      600,
      400,
    );
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<b>");
    expect(svg).not.toContain("<img");
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(svg).toContain("b&amp;c");
  });

  it("keeps a graph's proportions: positions are stretched to the drawing area, nodes stay round", () => {
    const option = graphOption(
      {
        categories: [],
        nodes: [
          { id: "a", name: "a", category: "", x: 0, y: 0 },
          { id: "b", name: "b", category: "", x: 100, y: 1 },
          { id: "c", name: "c", category: "", x: 50, y: 2 },
        ],
        links: [],
      },
      { width: 1200, height: 640 },
    ) as { series: { data: { x: number; y: number }[]; width: string; height: string }[] };
    const s = option.series[0];
    const xs = s.data.map((n) => n.x);
    const ys = s.data.map((n) => n.y);
    const aspect = (Math.max(...xs) - Math.min(...xs)) / (Math.max(...ys) - Math.min(...ys));
    const box = (parseFloat(s.width) * 1200) / (parseFloat(s.height) * 640);
    expect(aspect).toBeCloseTo(box, 1);
  });

  it("maps a layered layout 1:1 to pixels, so the server's box sizes hold", () => {
    const { option, width, height } = boxGraphOption(
      {
        categories: [],
        nodes: [
          {
            id: "s",
            name: "开始",
            x: 100,
            y: 40,
            width: 80,
            height: 40,
            shape: "roundRect",
            color: "#2f9e44",
            category: "",
          },
          {
            id: "e",
            name: "结束",
            x: 100,
            y: 140,
            width: 80,
            height: 40,
            shape: "roundRect",
            color: "#c92a2a",
            category: "",
          },
        ],
        links: [{ id: "1", source: "s", target: "e" }],
      },
      { width: 200, height: 180 },
    );
    const s = (option as { series: Record<string, unknown>[] }).series[0];
    expect(width).toBe(320);
    expect(height).toBe(180);
    expect(s.height).toBe(100);
    expect(s.top).toBe(40);
    expect((s.data as { symbolSize: number[] }[])[0].symbolSize).toEqual([80, 40]);
  });

  it("bends a link that skips a column around the box between, its label clear of every box", () => {
    const box = (id: string, x: number, y: number): BoxNode => ({
      id,
      name: id,
      x,
      y,
      width: 160,
      height: 40,
      shape: "rect",
      color: "#333",
      category: "c",
    });
    // a → c passes straight through b (the "因果 0.67" label on the centre node).
    const nodes = [box("a", 100, 100), box("b", 400, 100), box("c", 700, 100)];
    const links = [
      { id: "1", source: "a", target: "b", label: "因果 0.70" },
      { id: "2", source: "b", target: "c", label: "因果 0.90" },
      { id: "3", source: "a", target: "c", label: "因果 0.67" },
    ];
    const bent = bendAroundBoxes(nodes, links);
    expect(bent[0].curveness).toBeUndefined();
    expect(bent[1].curveness).toBeUndefined();
    const c = bent[2].curveness!;
    expect(c).not.toBe(0);
    // The curve's middle (where echarts draws the label) moves c·length/2 off the line,
    // clear of b's box (half its height 20) and of the label's own half height.
    const middleY = 100 - (700 - 100) * c * 0.5;
    expect(Math.abs(middleY - 100)).toBeGreaterThan(20 + 9);
    // And the option carries it to echarts.
    const option = boxGraphOption(
      { nodes, links: bent, categories: [] },
      { width: 800, height: 200 },
      { labelsInGap: true },
    ).option as { series: { links: { lineStyle: { curveness?: number } }[] }[] };
    expect(option.series[0].links[2].lineStyle.curveness).toBe(c);
    expect(option.series[0].links[0].lineStyle.curveness).toBeUndefined();
    // Both ends carry a symbol (the start's invisible), so echarts pulls both in to the
    // boxes' edges and a label at the line's middle lands in the gap between the boxes.
    const series = (option as unknown as { series: Record<string, unknown>[] }).series[0];
    expect(series.edgeSymbol).toEqual(["circle", "arrow"]);
    expect((series.edgeSymbolSize as number[])[0]).toBe(0);
  });

  it("writes big graphs fast, at the positions echarts would draw them, with text escaped", () => {
    const ring = (n: number) => ({
      categories: [{ name: "<i>类</i>" }],
      nodes: Array.from({ length: n }, (_, i) => ({
        id: `n${i}`,
        name: i === 0 ? SCRIPT : `节点${i}`,
        category: "<i>类</i>",
        x: Math.cos(i) * (10 + i),
        y: Math.sin(i) * (10 + i),
        important: i === 0,
      })),
      links: Array.from({ length: n - 1 }, (_, i) => ({
        id: String(i),
        source: "n0",
        target: `n${i + 1}`,
      })),
    });
    const size = { width: 1200, height: 640 };
    // Same picture: circle centres of echarts' drawing and of the fast writer agree.
    const small = graphOption(ring(20), size);
    const centres = (svg: string, re: RegExp) =>
      [...svg.matchAll(re)].map((m) => [Number(m[1]), Number(m[2])]);
    const byEcharts = centres(
      renderChartSvg(small, size.width, size.height),
      /d="M1 0A1 1 0 1 1 1 -0\.1A1 1 0 0 1 1 0" transform="matrix\([\d.]+,0,0,[\d.]+,([\d.]+),([\d.]+)\)"/g,
    );
    const byWriter = centres(
      renderGraphSvg(small, size.width, size.height),
      /<circle cx="([\d.]+)" cy="([\d.]+)"/g,
    );
    expect(byWriter).toHaveLength(20);
    for (const [x, y] of byWriter)
      expect(byEcharts.some(([ex, ey]) => Math.abs(ex - x) < 1 && Math.abs(ey - y) < 1)).toBe(true);

    const started = performance.now();
    const big = renderChartSvg(graphOption(ring(2000), size), size.width, size.height);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(big.match(/<circle /g)).toHaveLength(2000);
    expect(big.match(/<line /g)).toHaveLength(1999);
    expect(big).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(big).toContain("&lt;i&gt;类&lt;/i&gt;");
    expect(big).not.toContain("<script");
    expect(big).not.toContain("<i>");
  });

  it("gives no SVG to a hydrated page's data request, which the browser draws", async () => {
    const option = trendOption(["2024-12-01"], [{ name: "x", values: [1] }]);
    const doc = await chartSpec(
      await chartScheme(
        new Request("http://console.test/", { headers: { "Sec-Fetch-Dest": "document" } }),
      ),
      option,
    );
    const fetched = await chartSpec(
      await chartScheme(
        new Request("http://console.test/", { headers: { "Sec-Fetch-Dest": "empty" } }),
      ),
      option,
    );
    expect(doc.svg).toMatch(/^<svg/);
    // The scheme its picture is drawn in: the browser goes live at once when it shows the other.
    expect(doc.scheme).toBe("light");
    expect(fetched.svg).toBeNull();
    expect(fetched.scheme).toBeUndefined();
    // "auto" with the browser's hint of a dark system: drawn dark, and said so.
    const dark = await chartSpec(
      await chartScheme(
        new Request("http://console.test/", {
          headers: { "Sec-Fetch-Dest": "document", "Sec-CH-Prefers-Color-Scheme": "dark" },
        }),
      ),
      option,
    );
    expect(dark.scheme).toBe("dark");
    expect(dark.svg).not.toBe(doc.svg);
    expect(fetched.option).toBe(option);
  });
});

describe("stored text shown as text", () => {
  it("renders markup in an article as text, with its mentions and the highlighted sentence", () => {
    const text = `标题${SCRIPT}。美国海军部署。`;
    const html = renderToString(
      createElement(AnnotatedText, {
        text,
        mentions: [
          {
            start: text.indexOf("美国海军"),
            end: text.indexOf("美国海军") + 4,
            uuid: null,
            name: "美国海军",
            type: "军队",
          },
        ],
        highlight: [text.indexOf("美国海军"), text.length],
      }),
    );
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toMatch(/<mark class="sent-hl" id="s-\d+"/);
    expect(html).toContain('data-type="军队"');
  });

  it("offers only web links of stored articles", () => {
    expect(safeUrl("https://example.com/a")).toBe("https://example.com/a");
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("data:text/html,x")).toBeNull();
  });
});

describe("graph page helpers", () => {
  it("links a fact to its source sentence, highlighted and scrolled to", () => {
    expect(sourceHref(245, { article_id: 66, sent_start: 0, sent_end: 40 })).toBe(
      "/245/article/66?sent=0-40#s-0",
    );
    expect(sourceHref(245, { article_id: 66, sent_start: null, sent_end: null })).toBe(
      "/245/article/66",
    );
    expect(sourceHref(245, { article_id: null, sent_start: 1, sent_end: 2 })).toBeNull();
    expect(parseSentence("12-40")).toEqual([12, 40]);
    expect(parseSentence("40-12")).toBeNull();
    expect(parseSentence("<x>")).toBeNull();
  });

  it("keeps other filters when changing one, and drops empty ones", () => {
    expect(withParams("/245/articles", "?search=a&page=3", { page: 1 })).toBe(
      "/245/articles?search=a&page=1",
    );
    expect(withParams("/x", "?a=1", { a: undefined, b: "" })).toBe("/x");
  });

  it("offers the first, last and nearby pages", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, "gap", 3, 4, 5, 6, 7, "gap", 10]);
  });

  it("reads paging and dates from the URL, falling back on anything odd", () => {
    expect(listParams(new URL("http://x/?page=2&page_size=50"))).toEqual({ page: 2, pageSize: 50 });
    expect(listParams(new URL("http://x/?page=0&page_size=13"))).toEqual({ page: 1, pageSize: 10 });
    const bad: string[] = [];
    expect(dayParam(new URL("http://x/?start=2024-02-29"), "start", bad)).toBe("2024-02-29");
    expect(dayParam(new URL("http://x/?start=2023-02-29"), "start", bad)).toBeUndefined();
    expect(bad).toEqual(["start"]);
  });

  it("sums long windows by week, ending at the last day", () => {
    const days = Array.from({ length: 10 }, (_, i) => `2024-01-${String(i + 1).padStart(2, "0")}`);
    const out = bucketDays(days, [[1, 1, 1, 1, 1, 1, 1, 1, 1, 2]], 7);
    expect(out.days).toEqual(["2024-01-01", "2024-01-04"]);
    expect(out.series).toEqual([[3, 8]]);
    expect(bucketDays(days, [[1]], 1).days).toBe(days);
  });
});

describe("the relation page with stored markup", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    useTestPlatform(p);
  });
  afterAll(() => p.close());

  it("draws an entity named <script> as text in the server's SVG", async () => {
    const { hub } = await seedHubGraph(p.ctx, 902, 5);
    const state = await browser(userWithToken(p.ctx, "kg-escape", ["kg__graph__read"]));
    const r = await run(() =>
      relationLoader({
        request: get(`/relation/${hub}?id=902`, state),
        params: { id: hub },
        context: {},
      }),
    );
    const d = r.data as { chart: { spec: { svg: string } }; nodeRows: { name: string }[] };
    expect(d.nodeRows.map((n) => n.name)).toContain(SCRIPT_NAME);
    expect(d.chart.spec.svg).toContain("&lt;script&gt;window.__kgXss = 1&lt;/script&gt;");
    expect(d.chart.spec.svg).not.toContain("<script");
  });
});
