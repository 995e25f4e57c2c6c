/**
 * The adjustable grid's settings (issue 24 §5, decision 029): the table's loader gives them on the
 * screens that offer the grid, its action keeps them per user and screen (intent=grid, through a
 * fetcher or a plain form), and refuses with 400 what does not parse or fit the table's columns.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableData } from "~/table/data";
import { checkGridSettings, DEFAULT_GRID, type GridSettings } from "~/table/grid-settings";
import { tableAction, tableLoader } from "~/table/index.server";
import type { ResourceKey } from "~/table/registry";
import { useTestPlatform } from "../helpers/console";
import { startPlatform, type TestPlatform } from "../helpers/platform";
import { args, as, get, location, post, run } from "./table-helpers";

let p: TestPlatform;
type Browser = Awaited<ReturnType<typeof as>>;
let admin: Browser;
let other: Browser;

const TRIPLES = "/data/triaddata";
const SETTINGS: GridSettings = {
  on: true,
  widths: { subject: 320, "rt-select": 56 },
  left: ["predicate"],
  right: ["rt-actions"],
  density: "xs",
};

const withCookie = (who: Browser, cookie: string | undefined) =>
  cookie ? { ...who, cookie: `${who.cookie}; ${cookie}` } : who;
/** The cookie a redirect or a fetcher's answer sets. */
const cookieOf = (r: { response?: Response; headers?: Headers }) =>
  (r.response?.headers ?? r.headers)?.get("Set-Cookie")?.split(";")[0];

async function load(who: Browser, key: ResourceKey = "triples", path = TRIPLES) {
  const r = await run(() => tableLoader(key, args(get(path, who))));
  return r.data as TableData;
}

function save(who: Browser, fields: Record<string, string>, key: ResourceKey = "triples") {
  const path = key === "triples" ? TRIPLES : "/backend/setting/users";
  return run(() => tableAction(key, args(post(path, who, { intent: "grid", ...fields }))));
}

beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
  admin = await as(p, "grid-admin", ["admin"]);
  other = await as(p, "grid-other", ["admin"]);
});
afterAll(() => p.close());

describe("table loader: the grid's settings", () => {
  it("gives the defaults on a screen with the grid, nothing on one without", async () => {
    expect((await load(admin)).grid).toEqual(DEFAULT_GRID);
    expect((await load(admin, "users", "/backend/setting/users")).grid).toBeUndefined();
  });
});

describe("table action: intent=grid", () => {
  it("keeps valid settings for this user and screen (a fetcher gets them back), and the loader gives them", async () => {
    const r = await save(admin, { grid: JSON.stringify(SETTINGS) });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ grid: SETTINGS });
    const cookie = cookieOf(r);
    expect(cookie).toMatch(/^__grid=/);
    expect((await load(withCookie(admin, cookie))).grid).toEqual(SETTINGS);
  });

  it("goes back to the table after a plain form's post (redirectTo)", async () => {
    const r = await save(admin, {
      grid: JSON.stringify({ ...SETTINGS, density: "xl" }),
      redirectTo: `${TRIPLES}?page=2`,
    });
    expect(r.status).toBe(302);
    expect(location(r)).toBe(`${TRIPLES}?page=2`);
    expect((await load(withCookie(admin, cookieOf(r)))).grid?.density).toBe("xl");
  });

  it("leaves another user's settings as they were (one browser, two people)", async () => {
    const mine = cookieOf(await save(admin, { grid: JSON.stringify(SETTINGS) }));
    const theirs: GridSettings = { ...DEFAULT_GRID, on: true, widths: { object: 200 } };
    // The other person saves in the same browser: the cookie holds both.
    const r = await save(withCookie(other, mine), { grid: JSON.stringify(theirs) });
    expect(r.status).toBe(200);
    const both = cookieOf(r);
    expect((await load(withCookie(admin, both))).grid).toEqual(SETTINGS);
    expect((await load(withCookie(other, both))).grid).toEqual(theirs);
    // Before the other person saved, they had the defaults (the first's settings are not theirs).
    expect((await load(withCookie(other, mine))).grid).toEqual(DEFAULT_GRID);
  });

  it("ignores a cookie it did not sign", async () => {
    const forged = `__grid=${Buffer.from(JSON.stringify({ [`${admin.id}:triples`]: SETTINGS })).toString("base64")}`;
    expect((await load(withCookie(admin, forged))).grid).toEqual(DEFAULT_GRID);
  });

  it.each([
    ["no settings", {}],
    ["not JSON", { grid: "{on:true" }],
    ["not an object", { grid: "[1,2]" }],
    ["a column the table does not have", { grid: JSON.stringify({ widths: { nope: 100 } }) }],
    ["a width too small", { grid: JSON.stringify({ widths: { subject: 10 } }) }],
    ["a width not whole", { grid: JSON.stringify({ widths: { subject: 100.5 } }) }],
    ["a width as text", { grid: JSON.stringify({ widths: { subject: "100" } }) }],
    ["an unknown density", { grid: JSON.stringify({ density: "huge" }) }],
    ["a column pinned twice", { grid: JSON.stringify({ left: ["subject"], right: ["subject"] }) }],
    ["pinning a column the table does not have", { grid: JSON.stringify({ left: ["x"] }) }],
    ["on as text", { grid: JSON.stringify({ on: "yes" }) }],
  ])("refuses %s with 400, keeping nothing", async (_, fields) => {
    const r = await save(admin, fields as Record<string, string>);
    expect(r.status).toBe(400);
    expect(cookieOf(r)).toBeUndefined();
  });

  it("refuses intent=grid on a screen without the grid (400)", async () => {
    const r = await save(admin, { grid: JSON.stringify(DEFAULT_GRID) }, "users");
    expect(r.status).toBe(400);
  });

  it("refuses a user without the table's permission", async () => {
    const nobody = await as(p, "grid-nobody", []);
    const r = await save(nobody, { grid: JSON.stringify(SETTINGS) });
    expect([302, 403]).toContain(r.status);
    expect(cookieOf(r) ?? "").not.toMatch(/__grid=/);
  });
});

describe("checkGridSettings", () => {
  it("fills what is left out with the defaults", () => {
    expect(checkGridSettings({}, ["a"])).toEqual(DEFAULT_GRID);
    expect(checkGridSettings({ widths: { a: 40 } }, ["a"])?.widths).toEqual({ a: 40 });
    expect(checkGridSettings({ widths: { a: 1201 } }, ["a"])).toBeNull();
    expect(checkGridSettings(null, ["a"])).toBeNull();
  });
});
