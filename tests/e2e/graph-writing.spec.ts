import { seedPathGraph } from "../app/kg-fixtures";
import { db, e2eStore, expect, shot, test } from "./fixtures";
import { fixtureGraph } from "./kg-shared";

/**
 * Issue 26: a graph a job is writing in batches is not shown in part. Its pages answer 409 with
 * the console's refusal page, naming the job in the page's language (JavaScript on and off); once
 * the job's success lifts the mark, the same page shows the graph whole.
 */
test.describe("a graph being written", () => {
  test("its pages say which job writes it, in the page's language, and show it once the job is done", async ({
    adminPage: page,
  }, testInfo) => {
    const { graphId, uuid } = await seedPathGraph(e2eStore(), fixtureGraph(testInfo, 961));
    const store = db();
    const job = Number(
      store
        .prepare(
          // A live worker's job: its heartbeat is fresh for as long as the test runs.
          "INSERT INTO jobs (kind, graph_id, status, worker, heartbeat_at) VALUES ('graph.build', ?, 'running', 'e2e-writer', '9999-01-01T00:00:00.000Z') RETURNING id",
        )
        .pluck()
        .get(graphId),
    );
    store
      .prepare(
        "INSERT INTO kg_graph_writes (graph_id, job_id) VALUES (?, ?) ON CONFLICT (graph_id) DO UPDATE SET job_id = excluded.job_id",
      )
      .run(graphId, job);
    try {
      const entity = `/${graphId}/entity/${uuid("A")}`;
      const res = await page.goto(entity);
      expect(res?.status()).toBe(409);
      await expect(page.getByRole("main")).toContainText(
        `知识图谱正在由任务 #${job} 写入，完成后即可浏览`,
      );
      // The refusal's header knows the viewer is signed in, though the page's loader could not say.
      const header = page.locator("header.pub-header");
      await expect(header.getByRole("button", { name: "退出登录", exact: true })).toBeVisible();
      await expect(header.getByRole("link", { name: "登录", exact: true })).toHaveCount(0);
      await shot(page, testInfo, "graph-writing-zh");

      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const en = await page.request.post("/ui", {
        form: { lng: "en", csrf, redirectTo: "/dashboard" },
      });
      expect(en.ok()).toBe(true);
      expect((await page.goto(entity))?.status()).toBe(409);
      await expect(page.getByRole("main")).toContainText(
        `Job #${job} is writing this knowledge graph; it can be browsed once the job has finished`,
      );
      await expect(page.getByRole("main")).not.toContainText("写入");
    } finally {
      store.prepare("DELETE FROM kg_graph_writes WHERE graph_id = ?").run(graphId);
      store.prepare("UPDATE jobs SET status = 'succeeded' WHERE id = ?").run(job);
    }
    expect((await page.goto(`/${graphId}/entity/${uuid("A")}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("实体A");
  });
});
