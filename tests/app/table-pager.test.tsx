/**
 * Decision 022 in the console: the table's pager links carry the platform's token of the page
 * shown (`seek`), so the next page is read on from it; every other control (sort, filters,
 * search, page size) drops it; following a link shows the page OFFSET paging shows.
 */
import { MantineProvider } from "@mantine/core/esm/core/MantineProvider/MantineProvider.mjs";
import { createInstance } from "i18next";
import { sql } from "kysely";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ResourceTable } from "~/components/table/resource-table";
import i18nConfig from "~/i18n";
import zh from "~/locales/zh";
import type { TableData } from "~/table/data";
import { tableLoader } from "~/table/index.server";
import { screens } from "~/table/registry";
import { useTestPlatform } from "../helpers/console";
import { startPlatform, type TestPlatform } from "../helpers/platform";
import { run as exec } from "../helpers/sql";
import { args, as, get, location, run } from "./table-helpers";

let p: TestPlatform;
let admin: Awaited<ReturnType<typeof as>>;
const i18n = createInstance();
const PATH = "/data/triaddata";

async function table(path: string) {
  const r = await run(() => tableLoader("triples", args(get(path, admin))));
  return { ...r, body: r.data as TableData };
}

/** The table's server HTML for a loader's data, at its URL. */
function render(d: TableData, url: string) {
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        MantineProvider,
        null,
        createElement(AuthenticityTokenProvider, {
          token: "t",
          children: createElement(RouterProvider, {
            router: createMemoryRouter(
              [
                {
                  path: "*",
                  element: createElement(ResourceTable, {
                    screen: screens.triples,
                    schema: d.schema!,
                    rows: d.rows,
                    count: d.count,
                    state: d.state,
                    pageSeek: d.pageSeek,
                    hidden: d.hidden,
                  }),
                },
              ],
              { initialEntries: [url] },
            ),
          }),
        }),
      ),
    ),
  );
}

const decode = (href: string) => href.replace(/&amp;/g, "&");

/** The pager's page links (the one pager, components/ui/pager.tsx): name → href. */
function pagerLinks(html: string): Map<string, string> {
  const pager = html.match(/<nav class="pager"[^]*?<\/nav>/)?.[0] ?? "";
  const links = new Map<string, string>();
  for (const m of pager.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)) {
    const href = m[1].match(/href="([^"]*)"/)?.[1];
    const name = m[1].match(/aria-label="([^"]*)"/)?.[1] ?? m[2];
    if (href) links.set(name, decode(href));
  }
  return links;
}

const param = (href: string, name: string) => new URL(href, "http://x").searchParams.get(name);
const ids = (d: TableData) => d.rows.map((r) => r.id);

beforeAll(async () => {
  // React's note that layout effects do not run on the server, for every table rendered.
  const error = console.error.bind(console);
  vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => {
    if (!String(a[0]).includes("useLayoutEffect does nothing on the server")) error(...a);
  });
  await i18n
    .use(initReactI18next)
    .init({ ...i18nConfig, lng: "zh", resources: { zh }, initImmediate: false });
  p = await startPlatform();
  useTestPlatform(p);
  admin = await as(p, "pager-admin", ["admin"]);
  const rows = Array.from(
    { length: 95 },
    (_, k) =>
      sql`(${`主体${String(k % 30).padStart(2, "0")}`}, ${k % 2 ? "属于" : "位于"}, ${`客体${k}`}, NULL, ${k % 7 ? (k % 10) / 10 : null})`,
  );
  await exec(
    p.ctx,
    sql`INSERT INTO data_triples (subject, predicate, object, graph_id, confidence) VALUES ${sql.join(rows)}`,
  );
});
afterAll(() => p?.close());

describe("pager links carry the page's seek token", () => {
  it("gives the token of the page shown, and links to nearby pages with it (not to the first or the last)", async () => {
    const url = `${PATH}?page=5&ordering=-confidence`;
    const { status, body } = await table(url);
    expect(status).toBe(200);
    expect(body.error).toBeNull();
    expect(body.pageSeek).toMatch(/^5\.\d+\.\d+\.[\w-]{16}$/);
    const links = pagerLinks(render(body, url));
    for (const label of ["上一页", "下一页", "3", "4", "6", "7"]) {
      const href = links.get(label);
      expect(href, label).toBeDefined();
      expect(param(href!, "seek"), label).toBe(body.pageSeek);
      expect(param(href!, "ordering"), label).toBe("-confidence");
    }
    expect(param(links.get("上一页")!, "page")).toBe("4");
    expect(param(links.get("下一页")!, "page")).toBe("6");
    expect(links.get("1")).toBe(`${PATH}?ordering=-confidence`);
    expect(links.get("10")).toBe(`${PATH}?page=10&ordering=-confidence`);
    // The current page says so to screen readers (a link to itself, with the token it came with).
    expect(render(body, url)).toMatch(/<a [^>]*aria-current="page"[^>]*>5<\/a>/);
  });

  it("shows by following the links the pages OFFSET paging shows, forwards and back", async () => {
    const q = "ordering=confidence&predicate=%E5%B1%9E%E4%BA%8E";
    const at = (page: number) => (page === 1 ? `${PATH}?${q}` : `${PATH}?page=${page}&${q}`);
    const plain = await Promise.all(
      [1, 2, 3, 4, 5].map(async (page) => ids((await table(at(page))).body)),
    );
    let url = `${PATH}?${q}`;
    for (let page = 2; page <= 5; page++) {
      const { body } = await table(url);
      url = pagerLinks(render(body, url)).get("下一页")!;
      expect(param(url, "page")).toBe(String(page));
      if (page < 5) expect(param(url, "seek")).toBe(body.pageSeek);
      expect(ids((await table(url)).body), url).toEqual(plain[page - 1]);
    }
    for (let page = 4; page >= 1; page--) {
      const { body } = await table(url);
      url = pagerLinks(render(body, url)).get("上一页")!;
      expect(ids((await table(url)).body), url).toEqual(plain[page - 1]);
    }
  });

  it("drops the token from every control that changes the view", async () => {
    const url = `${PATH}?page=4&ordering=subject`;
    const first = await table(url);
    const next = pagerLinks(render(first.body, url)).get("下一页")!;
    const { body } = await table(next);
    expect(body.state.seek).toBe(first.body.pageSeek);
    const html = render(body, next);
    const pager = new Set(pagerLinks(html).values());
    // A link that carries a token is a pager link, or a dialog's (which comes back to this
    // very page, token and all): sort headers, the filters' clear link, none other.
    for (const m of html.matchAll(/href="([^"]*)"/g)) {
      const href = decode(m[1]);
      if (param(href, "seek") === null || pager.has(href)) continue;
      expect(href, href).toMatch(/\/(new|import|\d+\/(edit|delete|password))\?page=5&seek=/);
      expect(param(href, "seek")).toBe(body.state.seek);
    }
    for (const m of html.matchAll(/<th[^]*?<\/th>/g)) expect(m[0]).not.toContain("seek=");
    // GET forms (search, filters, page size) carry no token in their hidden inputs.
    expect(html).not.toMatch(/<input type="hidden" name="seek"/);
    // Dialog links keep the page as it is (the same token: the same page comes back).
    expect(html).toContain(`/new?page=5&amp;seek=${encodeURIComponent(body.state.seek!)}`);
  });

  it("drops a token on page 1 (canonical URL), and shows the platform's refusal of one that does not fit", async () => {
    const r = await table(`${PATH}?seek=1.2.3.abcdefghijklmnop`);
    expect(r.status).toBe(302);
    expect(location(r)).toBe(PATH);
    const { body } = await table(`${PATH}?page=2&seek=2.1.2.abcdefghijklmnop`);
    expect(body.error).toBe(
      "获取列表信息失败，请联系系统管理员！参数 seek 与当前的排序、过滤、搜索或每页条数不符",
    );
    const junk = await table(`${PATH}?page=2&seek=x`);
    expect(junk.body.error).toBe(
      "获取列表信息失败，请联系系统管理员！参数 seek 无效：请用列表返回的 seek",
    );
  });
});
