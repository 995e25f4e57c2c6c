import { sql } from "kysely";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCall,
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { rows as all, value } from "../helpers/sql.js";

type Token = { token: string; csrf: string };
const BOM = "\uFEFF";

describe("generic resources: CSV export, template and import", () => {
  let p: TestPlatform;
  let admin: Token;
  let creator: Token;
  let graphId: number;

  const count = (table: string) =>
    value<number>(p.ctx, sql`SELECT count(*) AS n FROM ${sql.table(table)}`);

  const call = (t: Token, method: string, path: string, body?: unknown) =>
    apiCall(p.api, t, method, path, body);

  async function exportCsv(t: Token, path: string) {
    const res = await fetch(`${p.api}${path}`, { headers: authHeaders(t, false) });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes, text: bytes.toString("utf8") };
  }

  async function upload(t: Token, path: string, content: string | Buffer, filename = "data.csv") {
    const form = new FormData();
    form.append(
      "file",
      new Blob([typeof content === "string" ? content : new Uint8Array(content)]),
      filename,
    );
    const res = await fetch(`${p.api}${path}`, {
      method: "POST",
      headers: authHeaders(t, false),
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  beforeAll(async () => {
    p = await startPlatform();
    admin = await createUserWithToken(p.ctx, "csv-admin", ["admin"]);
    creator = await createUserWithToken(p.ctx, "csv-creator", [
      "data__triple__read",
      "data__triple__create",
      "data__source__create",
    ]);
    graphId = await value<number>(
      p.ctx,
      sql`INSERT INTO graphs (name, domain) VALUES ('导入图谱', 'general') RETURNING id`,
    );
  });
  afterAll(() => p.close());

  describe("export", () => {
    beforeAll(async () => {
      const rows = [
        { subject: "=1+2", predicate: "公式", object: "+CMD|' /C calc'!A0" },
        { subject: "@SUM(A1)", predicate: "公式", object: "-2+3" },
        { subject: "\tTAB", predicate: "普通", object: '逗号,和"引号"\n换行' },
        { subject: "东风-41", predicate: "普通", object: "导弹" },
      ];
      for (const r of rows)
        expect((await call(admin, "POST", "/data/triples/", { ...r, graph: graphId })).status).toBe(
          201,
        );
    });

    it("streams UTF-8 CSV with a BOM, a header of field names and every matching row", async () => {
      const r = await exportCsv(admin, "/data/triples/export/");
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(r.headers.get("content-disposition")).toContain("export.csv");
      expect([...r.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = r.text.slice(1).split("\n");
      expect(lines[0]).toBe("id,subject,predicate,object,graph,source,confidence,created_at");
      expect(r.text).toContain(`,东风-41,普通,导弹,${graphId},,1,`);
      expect(r.text).toContain('"逗号,和""引号""\n换行"');
    });

    it("neutralises cells that start with = + - @ or a tab", async () => {
      const r = await exportCsv(
        admin,
        "/data/triples/export/?predicate=" + encodeURIComponent("公式"),
      );
      expect(r.text).toContain("'=1+2");
      expect(r.text).toContain("'+CMD|' /C calc'!A0");
      expect(r.text).toContain("'@SUM(A1)");
      expect(r.text).toContain("'-2+3");
      expect(r.text).not.toMatch(/,=1\+2/);
      const tab = await exportCsv(admin, "/data/triples/export/?search=TAB");
      expect(tab.text).toContain("'\tTAB");
      // a number is never mistaken for a formula
      expect(r.text).toMatch(/,1,\d{4}-/);
    });

    it("exports only the selected rows with id__in, and honours filters and ordering", async () => {
      const ids = (
        await all<{ id: number }>(p.ctx, sql`SELECT id FROM data_triples ORDER BY id LIMIT 2`)
      ).map((r) => r.id);
      const r = await exportCsv(
        admin,
        `/data/triples/export/?id__in=${ids.join(",")}&ordering=-id`,
      );
      const lines = r.text.slice(1).trim().split("\n");
      expect(lines).toHaveLength(3);
      expect(lines[1].startsWith(`${ids[1]},`)).toBe(true);
      expect(lines[2].startsWith(`${ids[0]},`)).toBe(true);
      expect((await exportCsv(admin, "/data/triples/export/?ordering=object")).status).toBe(400);
      expect((await exportCsv(admin, "/data/triples/export/?bogus=1")).status).toBe(400);
    });

    it("is refused without the read codename", async () => {
      const other = await createUserWithToken(p.ctx, "csv-none", ["data__label__read"]);
      expect((await exportCsv(other, "/data/triples/export/")).status).toBe(403);
    });

    it("imports back unchanged: an exported file updates the same records", async () => {
      const before = (await call(admin, "GET", "/data/triples/?page_size=100")).body.results;
      const exported = await exportCsv(admin, "/data/triples/export/");
      const r = await upload(admin, "/data/triples/upload/", exported.bytes);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ created: 0, updated: before.length, errors: [] });
      const after = (await call(admin, "GET", "/data/triples/?page_size=100")).body.results;
      expect(after).toEqual(before);
    });
  });

  describe("template", () => {
    it("serves the import header from the schema, with a BOM", async () => {
      const res = await fetch(`${p.origin}/static/template/data-triples.csv`);
      expect(res.status).toBe(200);
      // fetch's text() drops a BOM, so read the bytes
      const body = Buffer.from(await res.arrayBuffer()).toString("utf8");
      expect(body).toBe(`${BOM}id,subject,predicate,object,graph,source,confidence\n`);
      const usersRes = await fetch(`${p.origin}/static/template/common-users.csv`);
      const users = Buffer.from(await usersRes.arrayBuffer()).toString("utf8");
      expect(users).toBe(`${BOM}id,username,email,groups,password,is_active,avatar\n`);
      expect((await fetch(`${p.origin}/static/template/data-nothing.csv`)).status).toBe(404);
      expect((await fetch(`${p.origin}/static/template/common-auditlog.csv`)).status).toBe(404);
    });
  });

  describe("import", () => {
    it("creates rows without an id and updates rows whose id exists", async () => {
      const existing = (await call(admin, "POST", "/data/sources/", { name: "旧名", type: "file" }))
        .body.id;
      const csv = `name,type,url,enabled\n人民网,web,http://people.com.cn,1\n中国知网,接口,https://cnki.net,禁用\n`;
      const r = await upload(admin, "/data/sources/upload/", csv);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ dry_run: false, created: 2, updated: 0, errors: [] });
      const cnki = (
        await call(admin, "GET", `/data/sources/?name=${encodeURIComponent("中国知网")}`)
      ).body.results[0];
      expect(cnki).toMatchObject({ type: "api", enabled: 0, url: "https://cnki.net" });
      const upd = await upload(
        admin,
        "/data/sources/upload/",
        `id,name,type\n${existing},新名,database\n`,
      );
      expect(upd.body).toMatchObject({ created: 0, updated: 1 });
      expect((await call(admin, "GET", `/data/sources/${existing}/`)).body).toMatchObject({
        name: "新名",
        type: "database",
      });
    });

    it("writes nothing when one row is bad, and lists each bad row with its field and message", async () => {
      const before = await count("data_triples");
      const audits = await count("audit_log");
      const csv = [
        "subject,predicate,object,confidence,graph",
        `甲,属于,乙,0.5,${graphId}`,
        `丙,,丁,0.5,${graphId}`,
        `戊,属于,己,1.5,不存在的图谱`,
        `庚,属于,辛,0.9,导入图谱`,
      ].join("\n");
      const r = await upload(admin, "/data/triples/upload/", csv);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("invalid_rows");
      expect(r.body.detail).toMatch(/没有写入任何数据/);
      expect(r.body.errors).toEqual([
        { row: 3, field: "predicate", message: "请输入关系" },
        { row: 4, field: "graph", message: "知识图谱选项无效：不存在的图谱" },
        { row: 4, field: "confidence", message: "置信度不能大于1" },
      ]);
      expect(await count("data_triples")).toBe(before);
      expect(await count("audit_log")).toBe(audits);
    });

    it("creates a row whose id names no record, even an id beyond any integer the store holds", async () => {
      const far = ["99999999999999999999", "9223372036854775808"];
      const sources = `id,name,type\n${far[0]},远方,file\n${far[1]},更远,file\n`;
      // Users' passwords are hashed before the import's transaction, each row looked up first.
      const users = `id,username,password\n${far[0]},faraway,Far-pass-1\n${far[1]},further,Far-pass-2\n`;
      for (const [path, csv] of [
        ["/data/sources/upload/?dry_run=1", sources],
        ["/common/users/upload/?dry_run=1", users],
      ]) {
        expect(await upload(admin, path, csv)).toEqual({
          status: 200,
          body: { dry_run: true, created: 2, updated: 0, errors: [] },
        });
      }
    });

    it("offers a dry run: what would be created and updated, and the errors, without writing", async () => {
      const before = await count("data_triples");
      const id = await value(p.ctx, sql`SELECT id FROM data_triples ORDER BY id LIMIT 1`);
      const csv = `id,subject,predicate,object\n${id},改名,属于,乙\n,新,属于,乙\n,坏,属于,\n`;
      const r = await upload(admin, "/data/triples/upload/?dry_run=1", csv);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        dry_run: true,
        created: 1,
        updated: 1,
        errors: [{ row: 4, field: "object", message: "请输入客体" }],
      });
      expect(await count("data_triples")).toBe(before);
      expect((await call(admin, "GET", `/data/triples/${id}/`)).body.subject).not.toBe("改名");
    });

    it("finds duplicates between rows of the same file", async () => {
      const r = await upload(
        admin,
        "/data/sources/upload/?dry_run=1",
        "name,type\n重复来源,file\n重复来源,file\n",
      );
      expect(r.body.errors).toEqual([{ row: 3, field: "name", message: "来源名称已存在" }]);
    });

    it("decodes a GBK file saved by Excel", async () => {
      const text =
        "主体,关系,客体,置信度,知识图谱\n北京,首都,中华人民共和国,0.99,导入图谱\n上海,位于,中国东部,0.8,导入图谱\n";
      const gbk = iconv.encode(text, "gbk");
      expect(gbk.equals(Buffer.from(text, "utf8"))).toBe(false);
      const r = await upload(admin, "/data/triples/upload/", gbk);
      expect(r.status).toBe(200);
      expect(r.body.created).toBe(2);
      const found = (
        await call(admin, "GET", `/data/triples/?subject=${encodeURIComponent("北京")}`)
      ).body.results[0];
      expect(found).toMatchObject({
        predicate: "首都",
        object: "中华人民共和国",
        confidence: 0.99,
        graph: graphId,
      });
      // imported rows are in the search index too
      const searched = await call(
        admin,
        "GET",
        `/data/triples/?search=${encodeURIComponent("东部")}`,
      );
      expect(searched.body.results.map((x: { subject: string }) => x.subject)).toEqual(["上海"]);
    });

    it("accepts UTF-8 with a BOM and labels as column names", async () => {
      const r = await upload(
        admin,
        "/data/triples/upload/?dry_run=true",
        `${BOM}主体,关系,客体\n甲,乙,丙\n`,
      );
      expect(r.body).toMatchObject({ created: 1, errors: [] });
    });

    it("refuses a file that is not .csv, or larger than 2 MB, with the tip", async () => {
      const txt = await upload(admin, "/data/triples/upload/", "subject\nx\n", "data.txt");
      expect(txt.status).toBe(400);
      expect(txt.body.detail).toBe("只能上传csv文件，且不超过2mb");
      const big = "subject,predicate,object\n" + "甲,乙,丙丙丙丙丙丙丙丙丙丙\n".repeat(80_000);
      expect(Buffer.byteLength(big)).toBeGreaterThan(2 * 1024 * 1024);
      const before = await count("data_triples");
      const r = await upload(admin, "/data/triples/upload/", big);
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe("只能上传csv文件，且不超过2mb");
      expect(await count("data_triples")).toBe(before);
    });

    it("refuses a malformed CSV, an unknown column and an empty file with a clear message", async () => {
      const malformed = await upload(
        admin,
        "/data/triples/upload/",
        'subject,predicate,object\n"甲,乙,丙\n',
      );
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe("invalid_csv");
      expect(malformed.body.detail).toMatch(/^CSV 格式错误/);
      const ragged = await upload(
        admin,
        "/data/triples/upload/",
        "subject,predicate,object\n\n甲,乙\n",
      );
      expect(ragged.body.code).toBe("invalid_rows");
      expect(ragged.body.errors).toEqual([
        { row: 3, field: "", message: "该行有 2 列，表头有 3 列" },
      ]);
      const unknown = await upload(admin, "/data/triples/upload/", "subject,color\n甲,红\n");
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([{ row: 1, field: "color", message: "未知的列：color" }]);
      const empty = await upload(admin, "/data/triples/upload/", "subject,predicate,object\n");
      expect(empty.body.detail).toBe("CSV 文件没有数据行");
      const notMultipart = await call(admin, "POST", "/data/triples/upload/", { file: "x" });
      expect(notMultipart.status).toBe(400);
    });

    it("needs the create codename, and the update codename for rows that change records", async () => {
      const reader = await createUserWithToken(p.ctx, "csv-reader", ["data__triple__read"]);
      expect(
        (await upload(reader, "/data/triples/upload/", "subject,predicate,object\n甲,乙,丙\n"))
          .status,
      ).toBe(403);
      const id = await value(p.ctx, sql`SELECT id FROM data_triples ORDER BY id LIMIT 1`);
      const r = await upload(
        creator,
        "/data/triples/upload/",
        `id,subject,predicate,object\n${id},甲,乙,丙\n`,
      );
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ row: 2, field: "id", message: "没有修改已有记录的权限" }]);
    });

    it("audits an import: before and after of each updated record, one row naming the created ids", async () => {
      const first = await upload(
        admin,
        "/data/labels/upload/",
        "text,label,start,end,status\n歼-10,装备,0,4,pending\n",
      );
      expect(first.body.created).toBe(1);
      const existing = await value<number>(p.ctx, sql`SELECT max(id) AS id FROM data_labels`);
      const before = await value<number>(p.ctx, sql`SELECT max(id) AS id FROM audit_log`);
      const csv = `id,text,label,start,end,status\n${existing},歼-10,战斗机,0,4,已完成\n,歼-20,装备,0,4,已完成\n,运-20,装备,0,4,pending\n`;
      const r = await upload(admin, "/data/labels/upload/", csv, "标注.csv");
      expect(r.body).toMatchObject({ created: 2, updated: 1, errors: [] });
      const rows = await all<{
        action: string;
        resource: string;
        username: string;
        record_id: string | null;
        before_json: string | null;
        after_json: string;
      }>(
        p.ctx,
        sql`SELECT action, resource, username, record_id, before_json, after_json FROM audit_log WHERE id > ${before} ORDER BY id`,
      );
      expect(rows.map((x) => [x.action, x.resource, x.username, x.record_id])).toEqual([
        ["import", "data/labels", "csv-admin", String(existing)],
        ["import", "data/labels", "csv-admin", null],
      ]);
      expect(JSON.parse(rows[0].before_json!)).toMatchObject({ label: "装备", status: "pending" });
      expect(JSON.parse(rows[0].after_json)).toMatchObject({ label: "战斗机", status: "done" });
      expect(JSON.parse(rows[1].after_json)).toEqual({
        file: "标注.csv",
        created: 2,
        created_ids: [[existing + 1, existing + 2]],
      });
      const created = await call(admin, "GET", `/data/labels/${existing + 1}/`);
      expect(created.body).toMatchObject({ text: "歼-20", status: "done" });
    });

    it("refuses an upload to a resource that is not importable", async () => {
      const r = await upload(admin, "/data/files/upload/", "name\nx\n");
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("not_importable");
    });
  });
});
