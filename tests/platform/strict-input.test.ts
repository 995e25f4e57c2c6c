import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources as registry } from "../../platform/resources/registry.js";
import {
  apiCall,
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { value } from "../helpers/sql.js";

type Token = { token: string; csrf: string };

/** Strict input on the generic resources (security review, issue 9 parts 2 and 3). */
describe("strict input on the generic resources", () => {
  let p: TestPlatform;
  let admin: Token;
  let graph: number;
  const bodies: string[] = [];

  async function call(t: Token, method: string, path: string, body?: unknown) {
    const r = await apiCall(p.api, t, method, path, body);
    bodies.push(r.text);
    return r;
  }

  async function upload(t: Token, path: string, csv: string) {
    const form = new FormData();
    form.append("file", new Blob([csv]), "data.csv");
    const res = await fetch(`${p.api}${path}`, {
      method: "POST",
      headers: authHeaders(t, false),
      body: form,
    });
    const text = await res.text();
    bodies.push(text);
    return { status: res.status, body: JSON.parse(text) };
  }

  const rows = async (table: string) =>
    Number(await value(p.ctx, sql`SELECT count(*) AS n FROM ${sql.table(table)}`));

  beforeAll(async () => {
    p = await startPlatform();
    admin = await createUserWithToken(p.ctx, "strict-admin", ["admin"]);
    graph = await value<number>(
      p.ctx,
      sql`INSERT INTO graphs (name, domain) VALUES ('严格', 'general') RETURNING id`,
    );
    for (const name of ["新华网", "人民网", "央视网"]) {
      expect(
        (
          await call(admin, "POST", "/data/sources/", {
            name,
            type: "web",
            url: "https://example.com",
          })
        ).status,
      ).toBe(201);
    }
    for (let i = 1; i <= 5; i++) {
      const r = await call(admin, "POST", "/data/triples/", {
        subject: `主体${i}`,
        predicate: "位于",
        object: "北京",
        graph,
      });
      expect(r.status).toBe(201);
    }
    for (const username of ["zhangsan", "lisi"]) {
      expect(
        (await call(admin, "POST", "/common/users/", { username, password: "12345678" })).status,
      ).toBe(201);
    }
  });
  afterAll(async () => {
    for (const text of bodies) {
      // No store error reaches a client, from either engine.
      expect(text).not.toMatch(/sqlite|postgres|violates|out of range for type|syntax error/i);
      expect(text).not.toMatch(/\n\s+at /);
    }
    await p.close();
  });

  const resources = [
    { path: "/data/sources/", table: "data_sources", text: "name" },
    { path: "/data/triples/", table: "data_triples", text: "subject" },
    { path: "/common/users/", table: "users", text: "username" },
  ];

  /** A malformed query and the parameter its 400 must name. */
  const malformed = (text: string): [string, string][] => [
    ["search[a]=x", "search[a]"],
    ["search[]=x", "search[]"],
    ["search[a]=nomatch", "search[a]"],
    ["search=a&search=b", "search"],
    ["page=abc", "page"],
    ["page=99999999999999999999", "page"],
    ["page_size=0", "page_size"],
    ["ordering[x]=1", "ordering[x]"],
    [`${text}__regex=x`, `${text}__regex`],
    ["foo=1", "foo"],
    ["id__in=1,x", "id__in"],
    ["id__in=", "id__in"],
    ["search=abc%00", "search"],
    ["search=%E0%A4%A", "search"],
    ["all=yes", "all"],
  ];

  describe.each(resources)("$path", ({ path, table, text }) => {
    it.each(malformed(text))(
      "refuses %s on list, export and bulk delete, naming %s, and deletes nothing",
      async (query, param) => {
        const before = await rows(table);
        const list = await call(admin, "GET", `${path}?${query}`);
        const exported = await call(admin, "GET", `${path}export/?${query}`);
        const deleted = await call(admin, "DELETE", `${path}?all=1&${query}`);
        for (const r of query.startsWith("all=") ? [deleted] : [list, exported, deleted]) {
          expect(r.status).toBe(400);
          expect(r.body.detail).toContain(param);
        }
        expect(await rows(table)).toBe(before);
      },
    );

    it("refuses paging on a bulk delete, which would delete every match rather than one page", async () => {
      const before = await rows(table);
      const r = await call(admin, "DELETE", `${path}?all=1&page=2`);
      expect(r.status).toBe(400);
      expect(r.body.detail).toContain("page");
      expect(await rows(table)).toBe(before);
    });

    it("still answers well-formed queries", async () => {
      const r = await call(admin, "GET", `${path}?page=1&page_size=2&ordering=-id`);
      expect(r.status).toBe(200);
      expect(r.body.results).toHaveLength(2);
      const exported = await fetch(`${p.api}${path}export/?ordering=id`, {
        headers: authHeaders(admin),
      });
      expect(exported.status).toBe(200);
    });
  });

  it("a bulk delete of all matching an understood filter deletes exactly the matches", async () => {
    const r = await call(
      admin,
      "DELETE",
      `/data/sources/?all=1&name=${encodeURIComponent("央视网")}`,
    );
    expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: { deleted: 1 } });
    expect(await rows("data_sources")).toBe(2);
  });

  describe("JSON bodies", () => {
    let tripleId: number;
    beforeAll(async () => {
      tripleId = (await call(admin, "GET", "/data/triples/?page_size=1")).body.results[0].id;
    });

    const triple = (extra: Record<string, unknown>) => ({
      subject: "甲",
      predicate: "乙",
      object: "丙",
      graph,
      ...extra,
    });

    it.each([[[]], [{}], [true], [false], ["abc"], ["0x1"], [[0.5]]])(
      "refuses confidence %j on create and update, before its range rule and default",
      async (confidence) => {
        const before = await rows("data_triples");
        const created = await call(admin, "POST", "/data/triples/", triple({ confidence }));
        expect(created.status).toBe(400);
        expect(created.body.errors).toEqual({ confidence: ["置信度必须是数字"] });
        expect(await rows("data_triples")).toBe(before);
        const updated = await call(admin, "PATCH", `/data/triples/${tripleId}/`, { confidence });
        expect(updated.status).toBe(400);
        expect(updated.body.errors).toEqual({ confidence: ["置信度必须是数字"] });
      },
    );

    it.each([[12], [true], [["甲"]], [{ a: 1 }]])(
      "refuses subject %j on create and update",
      async (subject) => {
        const created = await call(admin, "POST", "/data/triples/", triple({ subject }));
        expect(created.status).toBe(400);
        expect(created.body.errors).toEqual({ subject: ["主体必须是文本"] });
        const updated = await call(admin, "PATCH", `/data/triples/${tripleId}/`, { subject });
        expect(updated.status).toBe(400);
      },
    );

    it("accepts valid values: numbers, numeric strings, null for the default", async () => {
      const created = await call(admin, "POST", "/data/triples/", triple({ confidence: 0.5 }));
      expect(created.status).toBe(201);
      expect(created.body.confidence).toBe(0.5);
      const fromText = await call(admin, "PATCH", `/data/triples/${created.body.id}/`, {
        confidence: "0.25",
      });
      expect(fromText.body.confidence).toBe(0.25);
      const defaulted = await call(admin, "POST", "/data/triples/", triple({ subject: "丁" }));
      expect(defaulted.body.confidence).toBe(1);
      const outOfRange = await call(admin, "POST", "/data/triples/", triple({ confidence: 2 }));
      expect(outOfRange.body.errors).toEqual({ confidence: ["置信度不能大于1"] });
    });
  });

  describe("integers beyond the 15 digits ids and counts are given in", () => {
    it.each([[1e15], [1e20], [1e300], ["99999999999999999999"], [-1e16]])(
      "refuses %j for an integer field on create and update, writing nothing",
      async (start) => {
        const label = { text: "辽宁舰", label: "舰艇", start, graph };
        const before = await rows("data_labels");
        const created = await call(admin, "POST", "/data/labels/", label);
        expect(created.status).toBe(400);
        expect(created.body.errors).toEqual({ start: ["起始位置必须是不超过 15 位的整数"] });
        expect(await rows("data_labels")).toBe(before);
        const kept = await call(admin, "POST", "/data/labels/", { ...label, start: 0 });
        expect(kept.status).toBe(201);
        const updated = await call(admin, "PATCH", `/data/labels/${kept.body.id}/`, { start });
        expect(updated.status).toBe(400);
        expect(updated.body.errors).toEqual({ start: ["起始位置必须是不超过 15 位的整数"] });
      },
    );

    it("refuses such an id in a graph's JSON body", async () => {
      const r = await call(admin, "POST", "/graphadmin/graphs/", {
        name: "大数",
        domain: "general",
        ontology_id: 1e20,
        file_ids: [],
      });
      expect(r.status).toBe(400);
      expect(r.body.errors.ontology_id).toEqual(["本体无效"]);
    });
  });

  describe("usernames are one name whatever their width or case", () => {
    it("refuses a full-width or capitalised form of a taken name on create", async () => {
      for (const username of ["ｚｈａｎｇｓａｎ", "ZhangSan", "ＺＨＡＮＧＳＡＮ"]) {
        const r = await call(admin, "POST", "/common/users/", { username, password: "12345678" });
        expect(r.status).toBe(400);
        expect(r.body.errors).toEqual({ username: ["用户名已存在"] });
      }
    });

    it("stores the canonical form, and refuses renaming onto a taken name", async () => {
      const created = await call(admin, "POST", "/common/users/", {
        username: "Ｗａｎｇ",
        password: "12345678",
      });
      expect(created.status).toBe(201);
      expect(created.body.username).toBe("wang");
      const renamed = await call(admin, "PATCH", `/common/users/${created.body.id}/`, {
        username: "ＬＩＳＩ",
      });
      expect(renamed.status).toBe(400);
      expect(renamed.body.errors).toEqual({ username: ["用户名已存在"] });
      const filtered = await call(admin, "GET", "/common/users/?username=WANG");
      expect(filtered.body.results.map((u: { id: number }) => u.id)).toEqual([created.body.id]);
    });

    it("refuses a taken name in any form on CSV import, and within one file", async () => {
      const before = await rows("users");
      const taken = await upload(
        admin,
        "/common/users/upload/",
        "username,password\nＬｉＳｉ,12345678\n",
      );
      expect(taken.body.errors).toEqual([{ row: 2, field: "username", message: "用户名已存在" }]);
      const twice = await upload(
        admin,
        "/common/users/upload/",
        "username,password\nzhaoliu,12345678\nＺＨＡＯＬＩＵ,12345678\n",
      );
      expect(twice.body.errors).toEqual([{ row: 3, field: "username", message: "用户名已存在" }]);
      expect(await rows("users")).toBe(before);
    });

    it("logs in whichever form was typed", async () => {
      const login = async (username: string) => {
        const res = await fetch(`${p.api}/common/users/login/`, {
          method: "POST",
          headers: {
            Cookie: "csrftoken=anon-csrf-1",
            "X-CSRFToken": "anon-csrf-1",
            "Content-Type": "application/json",
          },
          body: JSON.stringify({ username, password: "admin-pass-1" }),
        });
        return res.status;
      };
      expect(await login("ａｄｍｉｎ")).toBe(200);
      expect(await login("Admin")).toBe(200);
    });

    it("finds a name with letters beyond ASCII however it is typed, by filter and by search", async () => {
      const created = await call(admin, "POST", "/common/users/", {
        username: "Émile",
        password: "12345678",
      });
      expect(created.body.username).toBe("émile");
      const ids = async (query: string) =>
        (await call(admin, "GET", `/common/users/?${query}`)).body.results.map(
          (u: { id: number }) => u.id,
        );
      for (const typed of ["émile", "Émile", "ÉMILE", "ÉMI", "Émi"]) {
        expect(await ids(`search=${encodeURIComponent(typed)}`), typed).toEqual([created.body.id]);
      }
      expect(await ids(`username=${encodeURIComponent("ÉMILE")}`)).toEqual([created.body.id]);
    });
  });

  describe("other platform lists", () => {
    it.each([
      ["/kg/graphs/GRAPH/articles/?page=99999999999999999999", "page"],
      ["/kg/graphs/GRAPH/entities/?page_size=abc", "page_size"],
      ["/kg/graphs/GRAPH/events/?search[a]=x", "search[a]"],
      ["/kg/graphs/GRAPH/entities/?search=abc%00", "search"],
      ["/kg/graphs/GRAPH/articles/?search=a&search=b", "search"],
      ["/jobs/?page=abc", "page"],
      ["/graphadmin/graphs/GRAPH/entities/?page=99999999999999999999", "page"],
      ["/common/clienterrors/?page=0", "page"],
      ["/common/clienterrors/?page_size=x", "page_size"],
    ])("refuses %s naming %s", async (path, param) => {
      const r = await call(admin, "GET", path.replace("GRAPH", String(graph)));
      expect(r.status).toBe(400);
      expect(r.body.detail).toContain(param);
    });

    // A parameter no handler looked at was not understood: refused, never ignored.
    it.each([
      ["/kg/graphs/?foo=1", "foo"],
      ["/kg/graphs/GRAPH/articles/?search=a&sort=title", "sort"],
      ["/kg/graphs/GRAPH/entities/?class=x", "class"],
      ["/kg/graphs/GRAPH/events/?page=1&colour=red", "colour"],
      ["/jobs/?state=done", "state"],
      ["/common/users/info/?as=1", "as"],
      ["/common/clienterrors/?page=1&user=2", "user"],
    ])("refuses the unknown parameter of %s naming %s", async (path, param) => {
      const r = await call(admin, "GET", path.replace("GRAPH", String(graph)));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: "unknown_parameter", param });
      expect(r.body.detail).toContain(param);
    });

    it.each([
      "/kg/graphs/",
      "/kg/graphs/GRAPH/articles/?search=a&page=1&page_size=5",
      "/kg/graphs/GRAPH/entities/?page=1",
      "/jobs/?page=1&page_size=10",
      "/common/clienterrors/?page=1&page_size=10",
    ])("still answers %s with the parameters it takes", async (path) => {
      const r = await call(admin, "GET", path.replace("GRAPH", String(graph)));
      expect(r.status).toBe(200);
    });
  });

  describe("ids in paths", () => {
    // Ids are given in at most 15 digits: a longer one, even beyond PostgreSQL's bigint or a
    // JavaScript number's exact range, names no record (404), and never reaches the store.
    const unheardOf = ["1000000000000000", "9223372036854775808", "99999999999999999999"];
    it.each([
      ...registry.flatMap((d) =>
        [
          ["GET", d.permissions.read],
          ["PATCH", d.permissions.update],
          ["DELETE", d.permissions.delete],
        ]
          .filter(([, codename]) => codename)
          .map(([method]) => [method!, `/${d.app}/${d.name}/ID/`]),
      ),
      ["GET", "/data/files/ID/download/"],
      ["POST", "/common/users/ID/reset_password/"],
      ["GET", "/jobs/ID/"],
      ["POST", "/jobs/ID/cancel/"],
      ["GET", "/kg/graphs/ID/"],
      ["GET", "/kg/graphs/ID/events/"],
      ["GET", "/kg/graphs/GRAPH/events/ID/"],
      ["GET", "/kg/graphs/GRAPH/articles/ID/"],
      ["GET", "/kg/articles/ID/"],
      ["GET", "/kg/events/ID/"],
      ["GET", "/kg/relations/ID/"],
      ["GET", "/kg/models/ID/runs/"],
      ["GET", "/graphadmin/graphs/ID/"],
      ["GET", "/graphadmin/ontologies/ID/"],
      ["GET", "/graphadmin/ontologies/ID/owl/"],
    ])("%s %s answers 404", async (method, path) => {
      for (const id of unheardOf) {
        const url = path.replace("ID", id).replace("GRAPH", String(graph));
        const r = await call(admin, method, url, method === "GET" ? undefined : {});
        expect(r.status, `${method} ${url}: ${r.text}`).toBe(404);
      }
    });
  });
});
