import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as adminLayoutLoader } from "~/routes/_admin";
import { filterNav } from "~/navigation";
import { loader as dashboardLoader } from "~/routes/_admin.dashboard";
import { browser, get, run, useTestPlatform } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
});
afterAll(() => p.close());

const args = (request: Request) => ({ request, params: {}, context: {} });

describe("the admin layout (issue 13 §4)", () => {
  it("refuses a page the roles do not open inside its shell: 403 with the viewer's menu", async () => {
    const u = userWithToken(p.ctx, "shell-visitor", ["kg__graph__read"]);
    const state = await browser(u);
    const r = await run(() => adminLayoutLoader(args(get("/backend/setting/users", state))));
    expect(r.status).toBe(403);
    const d = r.data as { denied: boolean; roles: string[] };
    expect(d.denied).toBe(true);
    expect(filterNav(d.roles).map((i) => i.title)).toContain("nav.dashboard");
  });

  it("opens a page the roles open, without the refusal", async () => {
    const u = userWithToken(p.ctx, "shell-reader", ["auth__user__read"]);
    const state = await browser(u);
    const r = await run(() => adminLayoutLoader(args(get("/backend/setting/users", state))));
    expect(r.status).toBe(200);
    expect((r.data as { denied: boolean }).denied).toBe(false);
  });
});

describe("the dashboard (issue 13 §4)", () => {
  it("gives a visitor the graphs to browse and their account, and no codenames", async () => {
    const u = userWithToken(p.ctx, "dash-visitor", ["kg__graph__read"]);
    const state = await browser(u);
    const r = await run(() => dashboardLoader(args(get("/dashboard", state))));
    expect(r.status).toBe(200);
    const d = r.data as {
      account: { username: string; groups: string[] };
      shortcuts: unknown[];
      graphs: { id: number; name: string }[];
      passwordPath: string;
    };
    expect(d.account.username).toBe("dash-visitor");
    expect(d.shortcuts).toEqual([]);
    expect(d.graphs.length).toBeGreaterThan(0);
    expect(d.passwordPath).toBe("/backend/profile/password");
    expect(JSON.stringify(d)).not.toMatch(/kg__graph__read/);
  });
});
