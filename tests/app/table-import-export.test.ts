import iconv from "iconv-lite";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportActionData, ImportData } from "~/table/data";
import {
  downloadLoader,
  exportAction,
  exportLoader,
  formAction,
  importAction,
  importLoader,
} from "~/table/index.server";
import { useTestPlatform } from "../helpers/console";
import { startPlatform, type TestPlatform } from "../helpers/platform";
import { args, as, flashOf, get, location, post, run, upload } from "./table-helpers";
import { one, run as exec, value } from "../helpers/sql";

let p: TestPlatform;
let admin: Awaited<ReturnType<typeof as>>;
/** The body as sent, BOM included (Response.text() drops it). */
const bodyText = async (r: Response) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await r.arrayBuffer());
const triples = () => value<number>(p.ctx, sql`SELECT count(*) AS n FROM data_triples`);

beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
  admin = await as(p, "io-admin", ["admin"]);
  const insert = (subject: string, predicate: string, object: string, confidence: number) =>
    exec(
      p.ctx,
      sql`INSERT INTO data_triples (subject, predicate, object, confidence) VALUES (${subject}, ${predicate}, ${object}, ${confidence})`,
    );
  for (let i = 1; i <= 12; i++) await insert(`s${i}`, i % 3 === 0 ? "是" : "有", `o${i}`, 0.5);
  await insert("=cmd|' /C calc'!A0", "有", "+1", 0.5);
});
afterAll(() => p.close());

const GOOD = "subject,predicate,object,confidence\n新主体1,关系,客体,0.9\n新主体2,关系,客体,0.8\n";
const BAD_ROW =
  "subject,predicate,object,confidence\n好的,关系,客体,0.9\n,关系,客体,0.5\n坏的,关系,客体,9\n";

async function importFile(
  intent: "check" | "commit",
  name: string,
  content: string | Buffer,
  who = admin,
) {
  return run(() =>
    importAction(
      "triples",
      args(upload("/data/triaddata/import", who, { intent }, { name, content })),
    ),
  );
}

describe("import (csv, at most 2 MB, dry run first, all or nothing)", () => {
  it("offers the template of the resource", async () => {
    const page = await run(() =>
      importLoader("triples", args(get("/data/triaddata/import", admin))),
    );
    expect((page.data as ImportData).template).toBe("/data/triaddata/export?template=1");
    const t = await run(() =>
      exportLoader("triples", args(get("/data/triaddata/export?template=1", admin))),
    );
    expect(t.response!.headers.get("Content-Disposition")).toContain("data-triples.csv");
    expect((await bodyText(t.response!)).replace(/^\uFEFF/, "").trim()).toBe(
      "id,subject,predicate,object,graph,source,confidence",
    );
  });

  it("checks a file without writing: what would be added, and no errors", async () => {
    const r = await importFile("check", "good.csv", GOOD);
    const d = r.data as ImportActionData;
    expect(d.stage).toBe("checked");
    expect(d.result).toEqual({ created: 2, updated: 0, errors: [] });
    expect(d.content).toBe(Buffer.from(GOOD).toString("base64"));
    expect(await triples()).toBe(13);
  });

  it("commits the checked file carried back by the form, flashing 上传成功！", async () => {
    const checked = (await importFile("check", "good.csv", GOOD)).data as ImportActionData;
    const r = await run(() =>
      importAction(
        "triples",
        args(
          post("/data/triaddata/import?page=2", admin, {
            intent: "commit",
            content: checked.content!,
            filename: "good.csv",
          }),
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(location(r)).toBe("/data/triaddata?page=2");
    expect((await flashOf(r.response))?.message).toBe("上传成功！（新增 2 条，更新 0 条）");
    expect(await triples()).toBe(15);
  });

  it("lists every bad row (row, field, message) and writes nothing, on the check and on a commit", async () => {
    const before = await triples();
    const checked = (await importFile("check", "bad.csv", BAD_ROW)).data as ImportActionData;
    expect(checked.content).toBeUndefined();
    expect(checked.result!.errors).toEqual([
      { row: 3, field: "subject", message: "请输入主体" },
      { row: 4, field: "confidence", message: "置信度不能大于1" },
    ]);
    const committed = await importFile("commit", "bad.csv", BAD_ROW);
    expect(committed.status).toBe(400);
    const d = committed.data as ImportActionData;
    expect(d.stage).toBe("failed");
    expect(d.message).toMatch(/^上传失败！导入失败：共 2 处错误/);
    expect(d.result!.errors).toHaveLength(2);
    expect(await triples()).toBe(before);
  });

  it("turns the error list into a CSV to download and fix", async () => {
    const errors = [{ row: 3, field: "subject", message: "=请输入主体" }];
    const r = await run(() =>
      exportAction(
        "triples",
        args(
          post("/data/triaddata/export", admin, {
            intent: "errors",
            errors: JSON.stringify(errors),
          }),
        ),
      ),
    );
    expect(r.response!.headers.get("Content-Disposition")).toContain("import-errors.csv");
    const text = await bodyText(r.response!);
    expect(text.startsWith("\uFEFF行号,字段,错误信息\n")).toBe(true);
    expect(text).toContain("3,subject,'=请输入主体");
  });

  it("refuses a file that is not .csv, or over 2 MB, with 上传失败！ and the tip", async () => {
    const notCsv = await importFile("check", "data.xlsx", GOOD);
    expect(notCsv.status).toBe(400);
    expect((notCsv.data as ImportActionData).message).toBe(
      "上传失败！只能上传csv文件，且不超过2mb",
    );
    const big = await importFile("check", "big.csv", Buffer.alloc(2 * 1024 * 1024 + 1, "a"));
    expect((big.data as ImportActionData).message).toBe("上传失败！只能上传csv文件，且不超过2mb");
  });

  it("reads a GBK file saved by Excel", async () => {
    const r = await importFile(
      "check",
      "gbk.csv",
      iconv.encode("subject,predicate,object\n中文主体,关系,客体\n", "gbk"),
    );
    expect((r.data as ImportActionData).result).toEqual({ created: 1, updated: 0, errors: [] });
  });

  it("refuses the import to a user without the create codename (403, nothing written)", async () => {
    const reader = await as(p, "import-reader", ["data__triple__read"]);
    const page = await run(() =>
      importLoader("triples", args(get("/data/triaddata/import", reader))),
    );
    expect(page.status).toBe(403);
    const before = await triples();
    const r = await importFile("commit", "good.csv", GOOD, reader);
    expect(r.status).toBe(403);
    expect((r.data as ImportActionData).message).toBe("上传失败！您没有执行该操作的权限");
    expect(await triples()).toBe(before);
  });
});

describe("export (streamed CSV, export.csv)", () => {
  async function exportText(query: string, who = admin) {
    const r = await run(() =>
      exportLoader("triples", args(get(`/data/triaddata/export${query}`, who))),
    );
    return { r, text: r.response ? await bodyText(r.response) : "" };
  }

  it("streams every row matching the table's search and filters, as an attachment named export.csv", async () => {
    const { r, text } = await exportText(`?predicate=${encodeURIComponent("是")}&page=2`);
    expect(r.response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(r.response!.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="export.csv"/,
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split("\n");
    expect(lines[0]).toBe("id,subject,predicate,object,graph,source,confidence,created_at");
    expect(lines).toHaveLength(1 + 4);
  });

  it("exports only the selected rows", async () => {
    const { text } = await exportText("?intent=selected&id=1&id=2");
    expect(text.trim().split("\n")).toHaveLength(3);
  });

  it("exports all N matching when 'select all' is ticked, whatever is checked", async () => {
    const { text } = await exportText(`?intent=selected&all=1&id=1&search=s1`);
    expect(text.trim().split("\n").length - 1).toBe(4);
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const { text } = await exportText("?search=cmd");
    expect(text).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(text).toContain(",'+1,");
  });

  it("sends the user back with 请先选择记录 for a selected export of nothing", async () => {
    const { r } = await exportText("?intent=selected");
    expect(r.status).toBe(302);
    expect((await flashOf(r.response))?.message).toBe("请先选择记录");
  });

  it("answers the browser's fetch with a JSON reason when the export fails", async () => {
    const request = get("/data/triaddata/export?object=x", admin, { "X-Requested-With": "fetch" });
    const r = await run(() => exportLoader("triples", args(request)));
    expect(r.status).toBe(400);
    expect(r.data).toEqual({ message: "记录导出失败！不支持按该字段过滤：object" });
    const plain = await run(() =>
      exportLoader("triples", args(get("/data/triaddata/export?object=x", admin))),
    );
    expect((await flashOf(plain.response))?.message).toBe(
      "记录导出失败！不支持按该字段过滤：object",
    );
  });
});

describe("file data: real upload and download", () => {
  it("uploads a file with its metadata and downloads the same bytes", async () => {
    const content = Buffer.from("文件内容 hello\n");
    const form = new FormData();
    form.append("name", "");
    form.append("description", "说明");
    form.append("file", new File([content], "说明书.txt", { type: "text/plain" }));
    const r = await run(() =>
      formAction("files", "create", args(post("/data/filemanage/new", admin, form))),
    );
    expect(r.data).toEqual(undefined);
    expect(r.status).toBe(302);
    const row = (await one<{ id: number; name: string; size: number; filename: string }>(
      p.ctx,
      sql`SELECT id, name, size, filename FROM data_files ORDER BY id DESC`,
    ))!;
    expect(row).toMatchObject({ name: "说明书.txt", size: content.length, filename: "说明书.txt" });
    const d = await run(() =>
      downloadLoader(
        "files",
        args(get(`/data/filemanage/${row.id}/download`, admin), { id: String(row.id) }),
      ),
    );
    expect(d.response!.headers.get("Content-Disposition")).toContain(
      encodeURIComponent("说明书.txt"),
    );
    expect(Buffer.from(await d.response!.arrayBuffer()).equals(content)).toBe(true);
  });

  it("asks for the file when none was chosen", async () => {
    const form = new FormData();
    form.append("name", "x");
    const r = await run(() =>
      formAction("files", "create", args(post("/data/filemanage/new", admin, form))),
    );
    expect(r.status).toBe(400);
    expect((r.data as { errors: Record<string, string> }).errors.file).toBe("请选择要上传的文件");
  });
});
