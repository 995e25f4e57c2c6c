import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { NamespacesScript, recordNamespaces } from "~/components/i18n-namespaces";
import { bundlesFor, partsFor } from "~/components/charts/echarts-parts";
import { graphOption } from "~/charts/graph-options";
import { barOption, trendOption } from "~/charts/series-options";
import i18nConfig from "~/i18n";
import { loadNamespaces } from "~/locales/namespaces";
import { resources } from "~/locales/all.server";
import esKg from "../../public/locales/es/kg.json";

/** Issue 11: a page's language comes one namespace at a time, its charts one type at a time. */

async function serverRender(Page: () => React.ReactElement) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nConfig, lng: "es", resources });
  recordNamespaces(i18n);
  const html = renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement("body", null, createElement(Page), createElement(NamespacesScript)),
    ),
  );
  const listed = /window\.__i18nNamespaces=(\[[^\]]*\])/.exec(html)?.[1];
  return { html, namespaces: JSON.parse(listed ?? "null") as string[] };
}

describe("the namespaces a page's render used", () => {
  it("are listed for the browser: its hooks' and its prefixed keys', common always", async () => {
    function Page() {
      const { t } = useTranslation("kg");
      return createElement(
        "p",
        null,
        t("errors.flowNotFound"),
        " ",
        t("insight:feedback.newTitle"),
      );
    }
    const { html, namespaces } = await serverRender(Page);
    expect(html).toContain("Flujo no encontrado");
    expect(html).toContain("Informar de un hecho erróneo");
    expect(namespaces.sort()).toEqual(["common", "insight", "kg"]);
  });

  it("are common alone for a page that uses no other", async () => {
    function Login() {
      const { t } = useTranslation();
      return createElement("h1", null, t("login.title"));
    }
    expect((await serverRender(Login)).namespaces).toEqual(["common"]);
  });

  it("come one chunk each, in the page's language", async () => {
    const loaded = await loadNamespaces("es", ["kg"]);
    expect(Object.keys(loaded)).toEqual(["kg"]);
    expect(loaded.kg).toEqual(esKg);
  });
});

describe("the echarts parts a chart loads", () => {
  const graph = graphOption(
    {
      categories: [{ name: "A" }, { name: "B" }],
      nodes: [
        { id: "a", name: "a", category: "A", x: 0, y: 0 },
        { id: "b", name: "b", category: "B", x: 1, y: 1 },
      ],
      links: [{ id: "l", source: "a", target: "b", label: "r" }],
    },
    { width: 600, height: 400 },
  );

  it("are the series' chart types and the components the option names", () => {
    expect(partsFor(graph).sort()).toEqual(["graph", "legendScroll", "tooltip"]);
    expect(partsFor(barOption([{ name: "a", value: 1 }])).sort()).toEqual([
      "bar",
      "grid",
      "tooltip",
    ]);
    expect(partsFor(trendOption(["2024"], [{ name: "n", values: [1] }])).sort()).toEqual([
      "grid",
      "line",
      "tooltip",
    ]);
  });

  it("take a plain legend unless it scrolls", () => {
    expect(partsFor({ series: [{ type: "bar" }], legend: { top: 0 } })).toContain("legend");
    expect(partsFor({ series: { type: "pie" } })).toEqual([]);
  });

  it("come in the first bundle that holds them all: bars without lines, graphs without axes", () => {
    expect(bundlesFor(partsFor(barOption([{ name: "a", value: 1 }])))).toEqual([0]);
    expect(bundlesFor(partsFor({ series: [{ type: "bar" }], legend: {}, grid: {} }))).toEqual([1]);
    expect(bundlesFor(partsFor(graph))).toEqual([2]);
  });
});
