import { createInstance } from "i18next";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { chartTable, TABLE_ROWS, type GraphTable, type SeriesTable } from "~/charts/chart-table";
import { graphOption } from "~/charts/graph-options";
import { barOption, trendOption } from "~/charts/series-options";
import { renderChartSvg } from "~/charts/render.server";
import { classMetricsOption } from "~/insight/chart-options";
import { EChart, svgDataUrl } from "~/components/charts/chart";
import i18nConfig from "~/i18n";
import zh from "~/locales/zh";

/** Charts' text alternative: their data as a table, and the figure around the picture. */

const i18n = createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ ...i18nConfig, lng: "zh", resources: { zh }, initImmediate: false });
});
const render = (el: ReactElement) => renderToString(createElement(I18nextProvider, { i18n }, el));

const hub = (n: number) =>
  graphOption(
    {
      categories: [{ name: "国家" }, { name: "军队" }],
      nodes: Array.from({ length: n }, (_, i) => ({
        id: `n${i}`,
        name: i === 0 ? "美国" : `部队${i}`,
        category: i === 0 ? "国家" : "军队",
        x: i,
        y: i % 7,
      })),
      links: Array.from({ length: n - 1 }, (_, i) => ({
        id: `l${i}`,
        source: `n${i + 1}`,
        target: "n0",
        label: "隶属",
      })),
    },
    { width: 600, height: 400 },
  );

describe("a chart's data as a table", () => {
  it("gives a trend a row per period and a column per line", () => {
    const t = chartTable(
      trendOption(
        ["2024-12-01", "2024-12-02"],
        [
          { name: "报道", values: [1, 3] },
          { name: "转载", values: [0, 2] },
        ],
      ),
    ) as SeriesTable;
    expect(t.kind).toBe("series");
    expect(t.over).toBe("period");
    expect(t.series).toEqual(["报道", "转载"]);
    expect(t.rows).toEqual([
      { label: "12-01", values: [1, 0] },
      { label: "12-02", values: [3, 2] },
    ]);
  });

  it("reads horizontal bars top-down (largest first), named by the value axis", () => {
    const t = chartTable(
      barOption(
        [
          { name: "军队", value: 16 },
          { name: "国家", value: 10 },
        ],
        { valueName: "实体数" },
      ),
    ) as SeriesTable;
    expect(t.over).toBe("category");
    expect(t.series).toEqual(["实体数"]);
    expect(t.rows).toEqual([
      { label: "军队", values: [16] },
      { label: "国家", values: [10] },
    ]);
  });

  it("gives column charts of several series one column each (rates rounded)", () => {
    const t = chartTable(
      classMetricsOption([{ label: "PER", precision: 0.85714, recall: 0.5, f1: 0.6316 }] as never, {
        precision: "精确率",
        recall: "召回率",
        f1: "F1",
      }),
    ) as SeriesTable;
    expect(t.series).toEqual(["精确率", "召回率", "F1"]);
    expect(t.rows).toEqual([{ label: "PER", values: [0.857, 0.5, 0.632] }]);
  });

  it("lists a graph's nodes with their types and its links by name, capped", () => {
    const small = chartTable(hub(3)) as GraphTable;
    expect(small.nodes).toEqual([
      { name: "美国", type: "国家" },
      { name: "部队1", type: "军队" },
      { name: "部队2", type: "军队" },
    ]);
    expect(small.links[0]).toEqual({ source: "部队1", target: "美国", label: "隶属" });
    expect(small.moreNodes).toBe(0);
    const big = chartTable(hub(TABLE_ROWS + 30)) as GraphTable;
    expect(big.nodes).toHaveLength(TABLE_ROWS);
    expect(big.moreNodes).toBe(30);
    expect(big.moreLinks).toBe(29);
  });
});

describe("a chart on the page", () => {
  const spec = (option: Record<string, unknown>) => ({
    option,
    svg: renderChartSvg(option, 600, 300),
    width: 600,
    height: 300,
  });

  it("is a figure named in the page's language, its picture hidden from assistive technology", () => {
    const option = barOption([
      { name: "军队", value: 16 },
      { name: "国家", value: 10 },
    ]);
    const html = render(createElement(EChart, { spec: spec(option), label: "实体类型分布" }));
    const labelledBy = html.match(/<figure[^>]*aria-labelledby="([^"]+)"/)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toMatch(
      new RegExp(`<figcaption id="${labelledBy}"[^>]*>实体类型分布</figcaption>`),
    );
    expect(html).toMatch(/<div class="chart"[^>]*aria-hidden="true"/);
    expect(html).not.toContain('role="img"');
    // The server's picture is an image, not inline SVG: no stray axis words in text browsers.
    expect(html).not.toContain("<svg");
    expect(html).toMatch(/<img class="chart-svg"[^>]*src="data:image\/svg\+xml;[^"]*" alt=""/);
  });

  it("holds the data table in a collapsed details, captioned, with headers", () => {
    const option = barOption([
      { name: "军队", value: 16 },
      { name: "国家", value: 10 },
    ]);
    const html = render(createElement(EChart, { spec: spec(option), label: "实体类型分布" }));
    expect(html).toMatch(/<details class="chart-data"[^>]*>/);
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html).toContain("查看数据表");
    expect(html).toContain("<caption>实体类型分布</caption>");
    expect(html).toMatch(/<th scope="col">类别<\/th><th scope="col" class="num">数值<\/th>/);
    expect(html).toMatch(/<th scope="row">军队<\/th><td class="num">16<\/td>/);
  });

  it("lists a big graph's first nodes and counts the rest; a wide diagram scrolls in a named, focusable region", () => {
    const option = hub(TABLE_ROWS + 5);
    const nodeHrefs = [`/245/entity/n0`];
    const html = render(
      createElement(EChart, { spec: spec(option), label: "事件图谱", fixed: true, nodeHrefs }),
    );
    // A node that is a link in the picture is a link in the table (the keyboard's way in).
    expect(html).toContain('<td><a href="/245/entity/n0">美国</a></td>');
    expect(html).toContain("<td>部队1</td>");
    expect(html).toContain("<caption>事件图谱：节点</caption>");
    expect(html).toContain("<caption>事件图谱：关系</caption>");
    expect(html).toContain("还有 5 个节点未列出");
    expect(html).toContain("还有 4 条关系未列出");
    expect(html).toMatch(
      /<section class="chart-scroll scroll-region" tabindex="0" aria-label="事件图谱">/,
    );
  });

  it("writes the SVG as a data URL that decodes to the same picture", () => {
    const svg = renderChartSvg(barOption([{ name: 'a "b" #1 <c>', value: 5 }]), 400, 200);
    const url = svgDataUrl(svg);
    const body = url.slice(url.indexOf(",") + 1);
    expect(body).not.toMatch(/[\s"<>#%](?![0-9A-F]{2})/);
    expect(decodeURIComponent(body)).toBe(svg);
  });
});
