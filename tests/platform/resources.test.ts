import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { value } from "../helpers/sql.js";

type Token = { token: string; csrf: string };

describe("generic resources: registry, list, CRUD, permissions, audit", () => {
  let p: TestPlatform;
  let admin: Token;
  let reader: Token;
  let writer: Token;
  let nobody: Token;
  let graphId: number;
  let sourceId: number;

  async function call(t: Token | null, method: string, path: string, body?: unknown) {
    const res = await fetch(`${p.api}${path}`, {
      method,
      headers: t ? authHeaders(t) : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  const triplesCount = () => value<number>(p.ctx, sql`SELECT count(*) AS n FROM data_triples`);

  const triple = (i: number, extra: Record<string, unknown> = {}) => ({
    subject: `实体${String(i).padStart(2, "0")}`,
    predicate: i % 3 === 0 ? "位于" : i % 3 === 1 ? "隶属于" : "装备",
    object: `对象${i}`,
    graph: graphId,
    source: sourceId,
    confidence: (i % 10) / 10,
    ...extra,
  });

  beforeAll(async () => {
    p = await startPlatform();
    admin = await createUserWithToken(p.ctx, "res-admin", ["admin"]);
    reader = await createUserWithToken(p.ctx, "res-reader", ["data__triple__read"]);
    writer = await createUserWithToken(p.ctx, "res-writer", [
      "data__triple__read",
      "data__triple__create",
      "data__triple__update",
    ]);
    nobody = await createUserWithToken(p.ctx, "res-nobody", []);
    graphId = await value<number>(
      p.ctx,
      sql`INSERT INTO graphs (name, domain) VALUES ('测试图谱', 'general') RETURNING id`,
    );
    const src = await call(admin, "POST", "/data/sources/", {
      name: "新华网",
      type: "web",
      url: "https://xinhuanet.com",
    });
    expect(src.status).toBe(201);
    sourceId = src.body.id;
    for (let i = 1; i <= 25; i++) {
      const r = await call(admin, "POST", "/data/triples/", triple(i));
      expect(r.status).toBe(201);
    }
  });
  afterAll(() => p.close());

  describe("schema", () => {
    it("describes table fields, form fields, options, rules and the caller's permissions", async () => {
      const { status, body } = await call(admin, "GET", "/data/triples/schema/");
      expect(status).toBe(200);
      expect(body.table_fields.subject).toEqual({
        label: "主体",
        width: 160,
        sortable: true,
        filter: true,
        type: "str",
      });
      expect(body.table_fields.object.sortable).toBe(false);
      expect(body.form_fields.confidence).toEqual({ label: "置信度", type: "number", default: 1 });
      expect(body.form_fields.id).toBeUndefined();
      expect(body.form_fields.created_at).toBeUndefined();
      expect(body.select_options.graph).toContainEqual({ key: graphId, label: "测试图谱" });
      expect(body.select_options.source).toContainEqual({ key: sourceId, label: "新华网" });
      expect(body.rules.subject).toContainEqual({ required: true, message: "请输入主体" });
      expect(body.rules.confidence).toContainEqual({ max: 1, message: "置信度不能大于1" });
      expect(body).toHaveProperty("create_rules");
      expect(body).toHaveProperty("update_rules");
      expect(body.permissions).toEqual({ create: true, read: true, update: true, delete: true });
      expect(body.template).toBe("/static/template/data-triples.csv");
    });

    it("gives each user the permissions their codenames grant", async () => {
      expect((await call(reader, "GET", "/data/triples/schema/")).body.permissions).toEqual({
        create: false,
        read: true,
        update: false,
        delete: false,
      });
      expect((await call(writer, "GET", "/data/triples/schema/")).body.permissions).toEqual({
        create: true,
        read: true,
        update: true,
        delete: false,
      });
    });

    it("puts create-only and immutable fields in the form with their flags", async () => {
      const users = (await call(admin, "GET", "/common/users/schema/")).body;
      expect(users.form_fields.password).toMatchObject({
        label: "密码",
        type: "password",
        create_only: true,
      });
      expect(users.table_fields.password).toBeUndefined();
      expect(users.create_rules.password[0]).toEqual({ required: true, message: "请输入密码" });
      const configs = (await call(admin, "GET", "/common/configs/schema/")).body;
      expect(configs.form_fields.key.readonly_on_update).toBe(true);
    });

    it("serves every registered resource", async () => {
      for (const path of [
        "common/users",
        "common/groups",
        "common/configs",
        "common/auditlog",
        "data/files",
        "data/labels",
        "data/triples",
        "data/sources",
      ]) {
        const r = await call(admin, "GET", `/${path}/schema/`);
        expect(r.status, path).toBe(200);
        expect(Object.keys(r.body.table_fields).length, path).toBeGreaterThan(2);
      }
    });
  });

  describe("permissions", () => {
    it("answers 401 without a token and 403 without the read codename", async () => {
      expect((await call(null, "GET", "/data/triples/")).status).toBe(401);
      for (const path of [
        "/data/triples/",
        "/data/triples/schema/",
        "/data/triples/export/",
        "/data/triples/1/",
      ]) {
        const r = await call(nobody, "GET", path);
        expect(r.status, path).toBe(403);
        expect(r.body.code).toBe("permission_denied");
      }
    });

    it("refuses create, update and delete without their codenames, writing nothing", async () => {
      const before = await triplesCount();
      expect((await call(reader, "POST", "/data/triples/", triple(99))).status).toBe(403);
      expect((await call(reader, "PATCH", "/data/triples/1/", { subject: "x" })).status).toBe(403);
      expect((await call(writer, "DELETE", "/data/triples/1/")).status).toBe(403);
      expect((await call(writer, "DELETE", "/data/triples/?id__in=1,2")).status).toBe(403);
      expect(await triplesCount()).toBe(before);
      expect((await call(admin, "GET", "/data/triples/1/")).body.subject).toBe("实体01");
    });

    it("answers 405 for writes to a read-only resource", async () => {
      const r = await call(admin, "POST", "/common/auditlog/", { action: "create" });
      expect(r.status).toBe(405);
      expect(r.body.code).toBe("method_not_allowed");
    });
  });

  describe("list", () => {
    it("pages with page and page_size (limit as alias), capped at 100", async () => {
      const first = await call(reader, "GET", "/data/triples/?page=1&page_size=10");
      expect(first.body.count).toBe(25);
      expect(first.body.results).toHaveLength(10);
      expect(first.body.results[0]).toMatchObject({
        id: 1,
        subject: "实体01",
        graph: graphId,
        source: sourceId,
      });
      const third = await call(reader, "GET", "/data/triples/?page=3&page_size=10");
      expect(third.body.results.map((r: { id: number }) => r.id)).toEqual([21, 22, 23, 24, 25]);
      expect((await call(reader, "GET", "/data/triples/?limit=7")).body.results).toHaveLength(7);
      expect((await call(reader, "GET", "/data/triples/")).body.results).toHaveLength(10);
      expect(
        (await call(reader, "GET", "/data/triples/?page_size=1000")).body.results,
      ).toHaveLength(25);
      const bad = await call(reader, "GET", "/data/triples/?page=0");
      expect(bad.status).toBe(400);
    });

    it("searches the searchable fields, with the trigram index and with short terms", async () => {
      const long = await call(
        reader,
        "GET",
        `/data/triples/?search=${encodeURIComponent("实体1")}`,
      );
      expect(long.body.count).toBe(10); // 实体10..实体19
      const short = await call(
        reader,
        "GET",
        `/data/triples/?search=${encodeURIComponent("装备")}`,
      );
      expect(short.body.count).toBe(8);
      const object = await call(
        reader,
        "GET",
        `/data/triples/?search=${encodeURIComponent("对象25")}`,
      );
      expect(object.body.results.map((r: { id: number }) => r.id)).toEqual([25]);
      const term = encodeURIComponent("实体1");
      const desc = await call(
        reader,
        "GET",
        `/data/triples/?search=${term}&ordering=-id&page_size=3`,
      );
      expect(desc.body.results.map((r: { id: number }) => r.id)).toEqual([19, 18, 17]);
      const page2 = await call(reader, "GET", `/data/triples/?search=${term}&page=2&page_size=4`);
      expect(page2.body.results.map((r: { id: number }) => r.id)).toEqual([14, 15, 16, 17]);
      const bySubject = await call(
        reader,
        "GET",
        `/data/triples/?search=${term}&ordering=-subject&page_size=2`,
      );
      expect(bySubject.body.results.map((r: { subject: string }) => r.subject)).toEqual([
        "实体19",
        "实体18",
      ]);
      const filtered = await call(
        reader,
        "GET",
        `/data/triples/?search=${term}&predicate=${encodeURIComponent("位于")}`,
      );
      expect(filtered.body.results.map((r: { id: number }) => r.id)).toEqual([12, 15, 18]);
      expect(filtered.body.count).toBe(3);
      const none = await call(reader, "GET", `/data/triples/?search=${encodeURIComponent('"%_')}`);
      expect(none.body.count).toBe(0);
    });

    it("finds one- and two-character terms anywhere in a value, and ignores Latin case", async () => {
      const ends = await call(reader, "GET", `/data/triples/?search=${encodeURIComponent("于")}`);
      expect(ends.body.count).toBe(17); // 位于 and 隶属于
      const r = await call(
        writer,
        "POST",
        "/data/triples/",
        triple(90, { subject: "F-35A Lightning", object: "B" }),
      );
      for (const term of ["f-35a", "LIGHT", "li", "b", "g"]) {
        const found = await call(
          reader,
          "GET",
          `/data/triples/?search=${encodeURIComponent(term)}`,
        );
        expect(
          found.body.results.map((x: { id: number }) => x.id),
          term,
        ).toContain(r.body.id);
      }
      await call(admin, "DELETE", `/data/triples/${r.body.id}/`);
    });

    it("keeps the search index in step with updates and deletes", async () => {
      const r = await call(writer, "POST", "/data/triples/", triple(91, { subject: "辽宁舰" }));
      const find = async (term: string) =>
        (
          await call(reader, "GET", `/data/triples/?search=${encodeURIComponent(term)}`)
        ).body.results.map((x: { id: number }) => x.id);
      expect(await find("辽宁")).toEqual([r.body.id]);
      await call(writer, "PATCH", `/data/triples/${r.body.id}/`, { subject: "山东舰" });
      expect(await find("辽宁")).toEqual([]);
      expect(await find("山东舰")).toEqual([r.body.id]);
      await call(admin, "DELETE", `/data/triples/${r.body.id}/`);
      expect(await find("山东")).toEqual([]);
    });

    it("finds short terms in text written after the same short term was searched (cached index terms)", async () => {
      const find = async (term: string) =>
        (
          await call(reader, "GET", `/data/triples/?search=${encodeURIComponent(term)}`)
        ).body.results.map((x: { id: number }) => x.id);
      // 鲲 begins no indexed trigram yet; the search remembers the (empty) list of terms.
      expect(await find("鲲")).toEqual([]);
      expect(await find("鲲鹏")).toEqual([]);
      // A new row (indexed by the next search) and an indexed row whose text changes
      // (re-indexed by the update trigger) each add terms that begin with 鲲.
      const created = await call(writer, "POST", "/data/triples/", triple(92, { subject: "鲲龙" }));
      expect(await find("鲲")).toEqual([created.body.id]);
      const changed = await call(
        writer,
        "POST",
        "/data/triples/",
        triple(93, { subject: "运输机" }),
      );
      expect(await find("运输")).toEqual([changed.body.id]);
      expect(await find("鲲")).toEqual([created.body.id]);
      await call(writer, "PATCH", `/data/triples/${changed.body.id}/`, { object: "鲲鹏" });
      expect(await find("鲲")).toEqual([created.body.id, changed.body.id]);
      expect(await find("鲲鹏")).toEqual([changed.body.id]);
      // A deleted row's terms may stay in the remembered list: they match nothing.
      await call(admin, "DELETE", `/data/triples/?id__in=${created.body.id},${changed.body.id}`);
      expect(await find("鲲")).toEqual([]);
    });

    it("indexes rows that other writers inserted at the next search", async () => {
      const raw = (subject: string, predicate: string, object: string) =>
        value<number>(
          p.ctx,
          sql`INSERT INTO data_triples (subject, predicate, object) VALUES (${subject}, ${predicate}, ${object}) RETURNING id`,
        );
      const a = await raw("福建舰", "属于", "海军");
      const b = await raw("长征五号", "属于", "火箭");
      // changed before it was ever indexed: the index must hold only the new value, once
      await call(writer, "PATCH", `/data/triples/${b}/`, { subject: "长征七号" });
      const find = async (term: string) =>
        (
          await call(reader, "GET", `/data/triples/?search=${encodeURIComponent(term)}`)
        ).body.results.map((x: { id: number }) => x.id);
      expect(await find("福建")).toEqual([a]);
      expect(await find("长征七号")).toEqual([b]);
      expect(await find("长征五号")).toEqual([]);
      expect(await find("长征")).toEqual([b]);
      await call(admin, "DELETE", `/data/triples/?id__in=${a},${b}`);
      expect(await find("长征")).toEqual([]);
    });

    it("orders by a sortable field, descending with a leading minus", async () => {
      const asc = await call(reader, "GET", "/data/triples/?ordering=confidence&page_size=3");
      expect(asc.body.results.map((r: { confidence: number }) => r.confidence)).toEqual([
        0, 0, 0.1,
      ]);
      const desc = await call(reader, "GET", "/data/triples/?ordering=-subject&page_size=2");
      expect(desc.body.results.map((r: { subject: string }) => r.subject)).toEqual([
        "实体25",
        "实体24",
      ]);
    });

    it("refuses ordering by an unknown or unsortable field with 400 invalid_ordering", async () => {
      for (const o of ["nope", "-object", "source"]) {
        const r = await call(reader, "GET", `/data/triples/?ordering=${o}`);
        expect(r.status, o).toBe(400);
        expect(r.body.code).toBe("invalid_ordering");
      }
    });

    it("filters with field=value and field__in=a,b", async () => {
      const one = await call(
        reader,
        "GET",
        `/data/triples/?predicate=${encodeURIComponent("位于")}`,
      );
      expect(one.body.count).toBe(8);
      const two = await call(
        reader,
        "GET",
        `/data/triples/?predicate__in=${encodeURIComponent("位于,装备")}`,
      );
      expect(two.body.count).toBe(16);
      const byGraph = await call(reader, "GET", `/data/triples/?graph=${graphId}&confidence=0.5`);
      expect(byGraph.body.results.map((r: { id: number }) => r.id)).toEqual([5, 15, 25]);
      const ids = await call(reader, "GET", "/data/triples/?id__in=3,4,999");
      expect(ids.body.results.map((r: { id: number }) => r.id)).toEqual([3, 4]);
    });

    it("refuses filters on unknown or unfilterable fields with 400 invalid_filter", async () => {
      for (const q of ["nope=1", "object=x", "object__in=a,b", "confidence=abc", "id__in=a"]) {
        const r = await call(reader, "GET", `/data/triples/?${q}`);
        expect(r.status, q).toBe(400);
        expect(r.body.code).toBe("invalid_filter");
      }
    });

    it("treats a non-integer id as another route, not as a record", async () => {
      const r = await call(admin, "GET", "/data/triples/abc/");
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe("接口不存在");
    });
  });

  describe("create, read, update, delete", () => {
    it("creates, reads, updates and deletes one record; a missing one is a 404", async () => {
      const created = await call(
        writer,
        "POST",
        "/data/triples/",
        triple(50, { subject: "歼-20" }),
      );
      expect(created.status).toBe(201);
      const id = created.body.id;
      expect(created.body).toMatchObject({ subject: "歼-20", confidence: 0 });
      expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect((await call(reader, "GET", `/data/triples/${id}/`)).body.subject).toBe("歼-20");
      const patched = await call(writer, "PATCH", `/data/triples/${id}/`, {
        confidence: "0.75",
        id: 12345,
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id, subject: "歼-20", confidence: 0.75 });
      expect((await call(admin, "DELETE", `/data/triples/${id}/`)).status).toBe(204);
      expect((await call(admin, "GET", `/data/triples/${id}/`)).status).toBe(404);
      expect((await call(admin, "PATCH", `/data/triples/${id}/`, { subject: "x" })).status).toBe(
        404,
      );
      expect((await call(admin, "DELETE", `/data/triples/${id}/`)).status).toBe(404);
    });

    it("answers a rule breach with 400, a message per field, and writes nothing", async () => {
      const before = await triplesCount();
      const r = await call(writer, "POST", "/data/triples/", {
        subject: "",
        predicate: "x".repeat(201),
        object: "o",
        confidence: 2,
        graph: 999999,
      });
      expect(r.status).toBe(400);
      expect(r.body.errors.subject).toEqual(["请输入主体"]);
      expect(r.body.errors.predicate).toEqual(["关系不能超过200个字符"]);
      expect(r.body.errors.confidence).toEqual(["置信度不能大于1"]);
      expect(r.body.errors.graph[0]).toMatch(/选项无效/);
      expect(r.body.detail).toBe("请输入主体");
      expect(await triplesCount()).toBe(before);
      const nan = await call(writer, "PATCH", "/data/triples/1/", { confidence: "abc" });
      expect(nan.status).toBe(400);
      expect(nan.body.errors.confidence).toEqual(["置信度必须是数字"]);
    });

    it("stores SQL and script text as plain text", async () => {
      const evil = "'); DROP TABLE data_triples; -- <script>alert(1)</script>";
      const r = await call(
        writer,
        "POST",
        "/data/triples/",
        triple(60, { subject: evil, object: "1 OR 1=1" }),
      );
      expect(r.status).toBe(201);
      expect((await call(reader, "GET", `/data/triples/${r.body.id}/`)).body.subject).toBe(evil);
      expect(await triplesCount()).toBeGreaterThan(25);
      await call(admin, "DELETE", `/data/triples/${r.body.id}/`);
    });

    it("checks rules across fields (an annotation's end after its start) and per type (source address)", async () => {
      const label = await call(admin, "POST", "/data/labels/", {
        text: "歼-20是战斗机",
        label: "装备",
        start: 4,
        end: 2,
      });
      expect(label.body.errors).toEqual({ end: ["结束位置不能小于起始位置"] });
      const ok = await call(admin, "POST", "/data/labels/", {
        text: "歼-20是战斗机",
        label: "装备",
        start: 0,
        end: 4,
        graph: graphId,
      });
      expect(ok.status).toBe(201);
      expect(ok.body.status).toBe("pending");
      const tooFar = await call(admin, "PATCH", `/data/labels/${ok.body.id}/`, { end: 50 });
      expect(tooFar.body.errors).toEqual({ end: ["结束位置超出文本长度"] });
      const src = await call(admin, "POST", "/data/sources/", {
        name: "某接口",
        type: "api",
        url: "ftp://x",
      });
      expect(src.body.errors.url).toHaveLength(1);
      const dup = await call(admin, "POST", "/data/sources/", { name: "新华网", type: "file" });
      expect(dup.body.errors).toEqual({ name: ["来源名称已存在"] });
      const time = await call(admin, "POST", "/data/sources/", {
        name: "定时库",
        type: "database",
        fetch_time: "25:00:00",
      });
      expect(time.body.errors).toEqual({ fetch_time: ["时间格式为 HH:mm:ss"] });
    });

    it("bulk-deletes the records of id__in in one call and refuses a DELETE without it", async () => {
      const ids: number[] = [];
      for (let i = 70; i < 73; i++)
        ids.push((await call(admin, "POST", "/data/triples/", triple(i))).body.id);
      expect((await call(admin, "DELETE", "/data/triples/")).status).toBe(400);
      const r = await call(admin, "DELETE", `/data/triples/?id__in=${ids.join(",")}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ deleted: 3 });
      expect((await call(admin, "GET", `/data/triples/?id__in=${ids.join(",")}`)).body.count).toBe(
        0,
      );
    });
  });

  describe("audit log", () => {
    it("records who created, updated and deleted which record, with before and after", async () => {
      const auditor = await createUserWithToken(p.ctx, "res-auditor", ["common__auditlog__read"]);
      const created = await call(writer, "POST", "/data/triples/", triple(80));
      const id = created.body.id;
      await call(writer, "PATCH", `/data/triples/${id}/`, { object: "新对象" });
      await call(admin, "DELETE", `/data/triples/${id}/`);
      const log = await call(
        auditor,
        "GET",
        `/common/auditlog/?resource=data/triples&record_id=${id}`,
      );
      expect(log.status).toBe(200);
      const rows = log.body.results as {
        action: string;
        username: string;
        before_json: string | null;
        after_json: string | null;
      }[];
      expect(rows.map((r) => r.action)).toEqual(["delete", "update", "create"]);
      expect(rows[2].username).toBe("res-writer");
      expect(rows[2].before_json).toBeNull();
      expect(JSON.parse(rows[1].before_json!).object).toBe("对象80");
      expect(JSON.parse(rows[1].after_json!).object).toBe("新对象");
      expect(rows[0].username).toBe("res-admin");
      expect(rows[0].after_json).toBeNull();
      expect((await call(writer, "GET", "/common/auditlog/")).status).toBe(403);
    });
  });
});
