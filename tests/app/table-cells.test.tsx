import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { CellValue } from "~/components/table/cells";
import type { SelectOption, TableField } from "~/table/types";

/** A cell never widens its column past the schema's width (issue 13, tables that fit). */
const field = (type: TableField["type"], width?: number): TableField => ({
  label: "x",
  type,
  width,
  sortable: false,
  filter: false,
});
const cell = (value: unknown, f: TableField, options?: SelectOption[]) =>
  renderToString(createElement(CellValue, { value, field: f, options }));

/** A cell on a page: relative times count from the root loader's "now" (spec §9). */
const NOW = Date.parse("2024-05-01T09:00:00.000Z");
const onPage = (value: unknown, f: TableField) =>
  renderToString(
    createElement(RouterProvider, {
      router: createMemoryRouter(
        [{ id: "root", path: "/", element: createElement(CellValue, { value, field: f }) }],
        { hydrationData: { loaderData: { root: { now: NOW } } } },
      ),
    }),
  );

describe("table cells", () => {
  it("claims its own width, at most its field's less the padding, the whole text in the title when cut", () => {
    const long = "很长的一段文字，".repeat(10);
    const html = cell(long, field("str", 200));
    expect(html).toContain('class="rt-cell" style="--c:180px"');
    expect(html).toContain(`title="${long}"`);
    // A short value claims its own width and has no title to repeat it.
    const short = cell("短值", field("str"));
    expect(short).toContain('style="--c:28px"');
    expect(short).not.toContain("title=");
    // A field without a width gets 150 px.
    expect(cell("x".repeat(100), field("str"))).toContain("--c:130px");
  });

  it("formats a timestamp and shows nothing for an empty value", () => {
    // how long ago, the absolute time on hover
    const html = onPage("2024-05-01T08:00:00.000Z", field("datetime", 170));
    expect(html).toMatch(/datetime="2024-05-01T08:00:00.000Z"/i);
    expect(html).toMatch(/title="2024-05-0\d \d\d:\d\d:00"/);
    expect(cell(null, field("str", 100))).toBe("");
    expect(cell([], field("multi-select", 100))).toBe("");
  });

  it("shows a long list as its first three tags and +N, the rest in the title and read out", () => {
    const options = ["读用户", "写用户", "读用户组", "写用户组", "读配置"].map((label, i) => ({
      key: i,
      label,
    }));
    const html = cell([0, 1, 2, 3, 4], field("multi-select", 300), options);
    expect(html).toContain('class="rt-tags" style="--c:208px"');
    expect(html.match(/class="rt-tag"/g)).toHaveLength(3);
    expect(html).toContain('class="rt-tag more" title="写用户组, 读配置"');
    expect(html).toMatch(/\+2<span class="visually-hidden">: 写用户组, 读配置<\/span>/);
    // Text browsers see the tags apart.
    expect(html).toContain('<span class="text-sep" aria-hidden="true">, </span>');
    const few = cell([0, 1], field("multi-select", 300), options);
    expect(few).not.toContain("rt-tag more");
  });
});
