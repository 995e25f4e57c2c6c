import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../platform/i18n/en.json";
import es from "../../platform/i18n/es.json";
import { localize, localizeBody, requestLng } from "../../platform/i18n/index.js";
import { syncPermissionCatalog } from "../../platform/auth/store.js";
import { migrations } from "../../platform/db/migrations.js";
import { sourceMessages } from "../../scripts/platform-messages.js";
import { createUserWithToken, startPlatform, type TestPlatform } from "../helpers/platform.js";
import { run, value } from "../helpers/sql.js";

const HAN = /\p{Script=Han}/u;
const placeholders = (s: string) => (s.match(/\{\d+\}/g) ?? []).sort();

describe("the platform's catalogs", () => {
  const sources = [...new Set(sourceMessages().map((m) => m.key))];

  it.each([
    ["en", en],
    ["es", es],
  ] as const)("%s translates every Chinese message of the platform's source", (_lng, catalog) => {
    expect(sources.length).toBeGreaterThan(400);
    const missing = sources.filter((k) => !(k in catalog));
    expect(missing).toEqual([]);
    const wrongParts = Object.entries(catalog).filter(
      ([k, v]) => placeholders(k).join() !== placeholders(v).join(),
    );
    expect(wrongParts).toEqual([]);
    const untranslated = Object.entries(catalog).filter(([, v]) => HAN.test(v));
    expect(untranslated).toEqual([]);
  });

  it("keeps no entry the source no longer has", () => {
    const known = new Set(sources);
    expect(Object.keys(en).filter((k) => !known.has(k))).toEqual([]);
    expect(Object.keys(es).filter((k) => !known.has(k))).toEqual([]);
  });
});

describe("requestLng", () => {
  it.each([
    [undefined, "zh"],
    ["", "zh"],
    ["en", "en"],
    ["es-ES,es;q=0.9", "es"],
    ["fr-FR, en;q=0.8, zh;q=0.9", "zh"],
    ["fr, de", "zh"],
    ["en;q=0, es", "es"],
    ["ZH-cn", "zh"],
  ])("%s → %s", (header, lng) => {
    expect(requestLng(header)).toBe(lng);
  });
});

describe("localize", () => {
  it("answers the exact entry, and zh or text without Chinese as it is", () => {
    expect(localize("en", "用户名")).toBe(en["用户名"]);
    expect(localize("es", "用户名")).toBe(es["用户名"]);
    expect(localize("zh", "用户名")).toBe("用户名");
    expect(localize("en", "admin")).toBe("admin");
  });

  it("fills a template with its parts, each translated in turn", () => {
    const out = localize("en", "配置键不能超过100个字符");
    expect(out).toBe(en["{0}不能超过{1}个字符"].replace("{0}", en["配置键"]).replace("{1}", "100"));
    expect(out).not.toMatch(HAN);
  });

  it("translates a list's items and a list cut short", () => {
    expect(localize("en", "主体、客体")).toBe(`${en["主体"]}, ${en["客体"]}`);
    expect(localize("en", '"人物"、"地点" 等 7 个')).toBe(
      en["{0} 等 {1} 个"].replace("{0}", '"人物", "地点"').replace("{1}", "7"),
    );
  });

  it("leaves data alone: a name that is no catalog entry stays as stored", () => {
    expect(localize("en", "军事装备知识图谱")).toBe("军事装备知识图谱");
    // a template's part that is data stays data
    expect(localize("en", '图谱名称"军事装备知识图谱"已存在')).toBe(
      en['图谱名称"{0}"已存在'].replace("{0}", "军事装备知识图谱"),
    );
  });

  it("translates labels only where the body holds labels and messages", () => {
    const body = {
      detail: "用户名或密码错误",
      errors: { username: ["请输入用户名"] },
      table_fields: { username: { label: "用户名", width: 120 } },
      select_options: { status: [{ key: "ready", label: "就绪" }] },
      results: [{ name: "用户名", title: "用户名", label: "用户名" }],
      link_types: [{ name: "因果" }],
    };
    expect(localizeBody("en", body)).toEqual({
      detail: en["用户名或密码错误"],
      errors: { username: [en["请输入用户名"]] },
      table_fields: { username: { label: en["用户名"], width: 120 } },
      select_options: { status: [{ key: "ready", label: en["就绪"] }] },
      // a record's name and title are data, even when they read like a label
      results: [{ name: "用户名", title: "用户名", label: en["用户名"] }],
      link_types: [{ name: en["因果"] }],
    });
    expect(localizeBody("zh", body)).toBe(body);
  });

  it("translates a job's description of its sources, not a list of sources (data)", () => {
    const body = {
      result: { sources: "文件 军事.nt、b.csv；数据来源 新华社；全部三元组数据" },
      sources: [{ id: 1, name: "全部三元组数据" }],
    };
    expect(localizeBody("en", body)).toEqual({
      result: { sources: "Files 军事.nt, b.csv; Sources 新华社; All triple data" },
      sources: [{ id: 1, name: "全部三元组数据" }],
    });
  });
});

describe("answers in the request's language over HTTP", () => {
  let p: TestPlatform;
  let admin: { token: string; csrf: string };
  const get = async (path: string, lng?: string) => {
    const res = await fetch(`${p.api}${path}`, {
      headers: {
        Authorization: `Token ${admin.token}`,
        ...(lng ? { "Accept-Language": lng } : {}),
      },
    });
    return { status: res.status, vary: res.headers.get("vary"), body: (await res.json()) as any };
  };

  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    admin = await createUserWithToken(p.ctx, "i18n-admin", ["admin"]);
  });
  afterAll(() => p.close());

  it("a table's schema: labels, options and rule messages in en and es, zh unchanged", async () => {
    const zh = await get("/common/users/schema/");
    expect(zh.body.table_fields.username.label).toBe("用户名");
    for (const [lng, catalog] of [
      ["en-US,en;q=0.9", en],
      ["es", es],
    ] as const) {
      const res = await get("/common/users/schema/", lng);
      expect(res.vary).toMatch(/Accept-Language/i);
      expect(res.body.table_fields.username.label).toBe(catalog["用户名"]);
      const labels = Object.values(res.body.table_fields as Record<string, { label: string }>);
      expect(labels.filter((f) => HAN.test(f.label))).toEqual([]);
      const messages = JSON.stringify(res.body.rules ?? {});
      expect(messages).not.toMatch(HAN);
      // group names are records: they stay as stored
      const groups = (res.body.select_options.groups as { label: string }[]).map((o) => o.label);
      expect(groups).toContain("管理员");
    }
  });

  it("errors and their field messages", async () => {
    const res = await fetch(`${p.api}/common/users/`, {
      method: "POST",
      headers: {
        Authorization: `Token ${admin.token}`,
        "X-CSRFToken": admin.csrf,
        "Content-Type": "application/json",
        "Accept-Language": "en",
      },
      body: JSON.stringify({ username: "", password: "x" }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).not.toMatch(HAN);
    const missing = await get("/kg/graphs/999999/event-graph/", "es");
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(es["知识图谱不存在"]);
  });

  it("data stays as stored in every language", async () => {
    const res = await get("/kg/graphs/", "en");
    const names = JSON.stringify(res.body);
    expect(names).toContain("军事装备知识图谱");
  });

  it("permission names: Chinese in the store, the request's language in answers", async () => {
    const stored = await value(p.ctx, sql`SELECT name FROM permissions WHERE codename = 'admin'`);
    expect(stored).toBe("全部权限");
    const res = await get("/common/permissions/", "en");
    const full = (res.body.results as { codename: string; name: string }[]).find(
      (r) => r.codename === "admin",
    );
    expect(full?.name).toBe(en["全部权限"]);
    const group = await get("/common/groups/schema/", "es");
    const labels = (group.body.select_options.permissions as { label: string }[]).map(
      (o) => o.label,
    );
    expect(labels.filter((l) => HAN.test(l))).toEqual([]);
  });

  it("a store seeded with the old English names gets the catalogue's names", async () => {
    await run(p.ctx, sql`UPDATE permissions SET name = 'Full access' WHERE codename = 'admin'`);
    await syncPermissionCatalog(p.ctx.store.db);
    expect(await value(p.ctx, sql`SELECT name FROM permissions WHERE codename = 'admin'`)).toBe(
      "全部权限",
    );
  });

  it("the product title's old default gives way to each language's name; an operator's stays", async () => {
    const migration = migrations.find((m) => m.name === "012-product-title")!;
    // The migration's script as its engine runs it (several statements).
    const migrate = async () => {
      const sqlite = p.ctx.store.sqlite;
      if (sqlite) sqlite.handle.exec(migration.sqlite);
      else await sql.raw(migration.postgres).execute(p.ctx.store.db);
    };
    const set = (v: string) =>
      run(p.ctx, sql`UPDATE configs SET value = ${v} WHERE key = 'YF_PRODUCT_TITLE'`);
    const title = () => value(p.ctx, sql`SELECT value FROM configs WHERE key = 'YF_PRODUCT_TITLE'`);
    await set("知识图谱平台");
    await migrate();
    expect(await title()).toBe("");
    await set("某医院知识图谱");
    await migrate();
    expect(await title()).toBe("某医院知识图谱");
  });
});
