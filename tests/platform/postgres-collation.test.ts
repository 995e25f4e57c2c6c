/**
 * Bounds the store compares text with hold on both engines whatever the PostgreSQL database's
 * collation. The throwaway clusters sort by code point (C.UTF-8) as SQLite does; a production
 * database may sort by a language (ICU en-US here), where "~" sorts before digits and letters,
 * so the events' day bound "2024-05-31~" would leave out the times of that day.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCall,
  createUserWithToken,
  startPlatform,
  type TestPlatform,
  type TestUser,
} from "../helpers/platform.js";
import { freshDatabase, stopOwnCluster, type TestDatabase } from "../helpers/postgres.js";
import { one, run } from "../helpers/sql.js";

afterAll(stopOwnCluster);

const TIMES = [
  "2024-05",
  "2024-05-30T23:59",
  "2024-05-31",
  "2024-05-31 08:00",
  "2024-05-31T10:00",
  "2024-05-31T23:59:59Z",
  "2024-06-01",
  "2024-06-01T00:00",
];

describe.each([
  ["SQLite", undefined],
  ["PostgreSQL sorting text by ICU en-US", "en-US"],
])("event time bounds on %s", (_name, icuLocale) => {
  let p: TestPlatform;
  let database: TestDatabase | undefined;
  let user: TestUser;

  beforeAll(async () => {
    database = icuLocale ? await freshDatabase({ icuLocale }) : undefined;
    p = await startPlatform({ databaseUrl: database?.url });
    expect(p.ctx.store.engine).toBe(icuLocale ? "postgres" : "sqlite");
    user = await createUserWithToken(p.ctx, "event-reader", []);
    await run(
      p.ctx,
      sql`INSERT INTO graphs (id, name, domain) VALUES (901, '时间测试', 'military')`,
    );
    for (const [i, time] of TIMES.entries())
      await run(
        p.ctx,
        sql`INSERT INTO kg_events (graph_id, title, time) VALUES (901, ${`事件${i}`}, ${time})`,
      );
  });
  afterAll(async () => {
    await p?.close();
    await database?.drop();
  });

  const times = async (query: string) => {
    const r = await apiCall(p.api, user, "GET", `/kg/graphs/901/events/?${query}&page_size=100`);
    expect(r.status).toBe(200);
    return (r.body.results as { time: string }[]).map((e) => e.time).sort();
  };

  it('compares text as the engine\'s collation says: "~" after letters on SQLite, before them in ICU en-US', async () => {
    const order = await one<{ tilde_first: number }>(
      p.ctx,
      sql`SELECT CASE WHEN '2024-05-31~' < '2024-05-31T10:00' THEN 1 ELSE 0 END AS tilde_first`,
    );
    expect(order?.tilde_first).toBe(icuLocale ? 1 : 0);
  });

  it("end takes in every time of its day, start every time from its day on", async () => {
    expect(await times("end=2024-05-31")).toEqual(TIMES.slice(0, 6));
    expect(await times("start=2024-05-31")).toEqual(TIMES.slice(2));
    expect(await times("start=2024-05-31&end=2024-05-31")).toEqual(TIMES.slice(2, 6));
  });
});
