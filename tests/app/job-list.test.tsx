import { createInstance } from "i18next";
import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { JobList } from "~/components/graph-admin/job-list";
import type { Job } from "~/graph-admin/types";
import i18nConfig from "~/i18n";
import en from "~/locales/en";
import zh from "~/locales/zh";

/** Issue 19 (#26): a job another process took over says so in the list, not only in its log. */

const i18n = createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ ...i18nConfig, lng: "zh", resources: { zh, en }, initImmediate: false });
});

const job = (id: number, attempts: number): Job => ({
  id,
  kind: "graph.build",
  kind_label: "图谱构建",
  graph_id: 245,
  graph_name: "军事知识图谱",
  status: "running",
  progress: 40,
  message: "运行中",
  params: {},
  result: undefined,
  error: null,
  created_by: 1,
  created_by_name: "admin",
  created_at: "2026-11-27T09:00:00.000Z",
  started_at: "2026-11-27T09:00:01.000Z",
  finished_at: null,
  heartbeat_at: "2026-11-27T09:00:05.000Z",
  cancel_requested: false,
  attempts,
});

const render = async (lng: string, jobs: Job[]) => {
  await i18n.changeLanguage(lng);
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        MantineProvider,
        null,
        createElement(RouterProvider, {
          router: createMemoryRouter([{ path: "/", element: createElement(JobList, { jobs }) }], {
            hydrationData: { loaderData: { root: { now: Date.parse("2026-11-27T09:01:00Z") } } },
          }),
        }),
      ),
    ),
  );
};

describe("the job list", () => {
  it("says beside the status when another process took a job over, in the page's language", async () => {
    const zhHtml = await render("zh", [job(1, 0), job(2, 2)]);
    expect(zhHtml).toContain("已由其他进程接管 2 次");
    expect(zhHtml.match(/接管/g)).toHaveLength(1);
    const enHtml = await render("en", [job(2, 1)]);
    expect(enHtml).toContain("Taken over by another process (1×)");
  });
});
