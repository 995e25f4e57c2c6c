import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { trendOption } from "~/charts/series-options";
import { HotRankingPage } from "~/components/kg/hot-ranking-page";
import i18nConfig from "~/i18n";
import { HOT_TREND_LINES } from "~/kg/limits";
import en from "~/locales/en";
import es from "~/locales/es";
import zh from "~/locales/zh";

/** Issue 24: the trend's heading and its chart's name count the lines the chart draws. */

const i18n = createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ ...i18nConfig, lng: "zh", resources: { zh, en, es }, initImmediate: false });
});

async function render(lng: string, rows: number) {
  await i18n.changeLanguage(lng);
  const results = Array.from({ length: rows }, (_, i) => ({ name: `事件${i}`, trend: [i, 1] }));
  const option = trendOption(
    ["2026-11-01", "2026-11-02"],
    results.slice(0, HOT_TREND_LINES).map((r) => ({ name: r.name, values: r.trend })),
  );
  const page = createElement(HotRankingPage, {
    title: "热点事件",
    testId: "hot",
    graphName: "军事知识图谱",
    days: 7,
    ranking: { start: "2026-11-01", end: "2026-11-02", results },
    trend: { option, svg: null, width: 1100, height: 300 },
    weekly: false,
    children: null,
  });
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(RouterProvider, {
        router: createMemoryRouter([{ path: "/", element: page }]),
      }),
    ),
  );
}

/** The trend section's heading and the chart's caption (its name for assistive technology). */
function trendNames(html: string) {
  const section = html.slice(html.indexOf('data-testid="hot-trend"'));
  return {
    heading: /<h2>([^<]*)<\/h2>/.exec(section)?.[1],
    caption: /<figcaption[^>]*>([^<]*)<\/figcaption>/.exec(section)?.[1],
  };
}

describe("a hot ranking's trend", () => {
  const cases = [
    ["zh", 1, "第一名趋势"],
    ["zh", 3, "前3名趋势"],
    ["zh", 12, "前5名趋势"],
    ["en", 1, "Trend of first place"],
    ["en", 3, "Trend of the top 3"],
    ["en", 12, "Trend of the top 5"],
    ["es", 1, "Tendencia del primer puesto"],
    ["es", 3, "Tendencia de los 3 primeros"],
    ["es", 12, "Tendencia de los 5 primeros"],
  ] as const;

  it.each(cases)(
    "in %s with %i ranked rows is named by the lines it draws: %s",
    async (lng, rows, name) => {
      expect(trendNames(await render(lng, rows))).toEqual({ heading: name, caption: name });
    },
  );
});
