import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "../../platform/auth/context.js";
import { parseCsv } from "../../platform/resources/csv.js";
import { importRows } from "../../platform/resources/import.js";
import { RecordBatch } from "../../platform/resources/store.js";
import type { ResourceDef } from "../../platform/resources/types.js";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { rows as all, run, value } from "../helpers/sql.js";

/**
 * The fast paths of a CSV import: quote-free files split without csv-parse, and plain rows
 * written many per INSERT. Each must give exactly what the slow path gives.
 */
describe("CSV import fast paths", () => {
  let p: TestPlatform;
  let admin: { token: string; csrf: string };

  beforeAll(async () => {
    p = await startPlatform();
    admin = await createUserWithToken(p.ctx, "batch-admin", ["admin"]);
  });
  afterAll(() => p.close());

  describe("parseCsv", () => {
    // A quoted cell sends the same text through csv-parse; its records must match the split ones.
    const viaCsvParse = (text: string) => {
      const br = /\r\n|\r|\n/.exec(text)?.[0] ?? "\n";
      return parseCsv(`${text}${text.endsWith(br) ? "" : br}"end"`).slice(0, -1);
    };

    it("splits a quote-free file like csv-parse: blank rows keep their numbers, BOM, final break", () => {
      const expected = [
        { cells: ["a", "b", "c"], line: 1 },
        { cells: ["1", "2", "3"], line: 2 },
        { cells: ["4", "", "6"], line: 4 },
        { cells: ["7", "8"], line: 5 },
        { cells: ["", "", ""], line: 6 },
        { cells: ["  "], line: 7 },
        { cells: ["甲", "乙", "丙"], line: 8 },
      ];
      for (const br of ["\n", "\r\n", "\r"]) {
        const text =
          "\uFEFF" + ["a,b,c", "1,2,3", "", "4,,6", "7,8", ",,", "  ", "甲,乙,丙", ""].join(br);
        expect(parseCsv(text)).toEqual(expected);
        expect(viaCsvParse(text)).toEqual(expected);
      }
      // Mixed line breaks (files pasted together) are split at each of them.
      expect(parseCsv("a,b\r\n1,2\n3,4\r5,6").map((r) => r.cells)).toEqual([
        ["a", "b"],
        ["1", "2"],
        ["3", "4"],
        ["5", "6"],
      ]);
    });

    it("keeps quoted cells (commas, line breaks, doubled quotes) for csv-parse", () => {
      expect(parseCsv('a,b\n"x, y","line\nbreak ""q"""\n')).toEqual([
        { cells: ["a", "b"], line: 1 },
        { cells: ["x, y", 'line\nbreak "q"'], line: 2 },
      ]);
    });
  });

  describe("batched inserts", () => {
    it("imports hundreds of triples in file order with consecutive ids, searchable at once", async () => {
      const n = 256 + 128 + 17; // a full batch, then the rest in halving ones (128, 16, 1)
      const lines = ["subject,predicate,object,confidence"];
      for (let i = 0; i < n; i++) lines.push(`批量${i},属于,对象${i},0.${i % 10}`);
      const form = new FormData();
      form.append("file", new Blob([lines.join("\n")]), "batch.csv");
      const res = await fetch(`${p.api}/data/triples/upload/`, {
        method: "POST",
        headers: authHeaders(admin, false),
        body: form,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ created: n, updated: 0, errors: [] });
      const rows = await all<{ id: number; subject: string; object: string; confidence: number }>(
        p.ctx,
        sql`SELECT id, subject, object, confidence FROM data_triples WHERE subject LIKE '批量%' ORDER BY id`,
      );
      expect(rows).toHaveLength(n);
      rows.forEach((r, i) => {
        expect(r).toMatchObject({
          id: rows[0].id + i,
          subject: `批量${i}`,
          object: `对象${i}`,
          confidence: (i % 10) / 10,
        });
      });
      const audit = await value<string>(
        p.ctx,
        sql`SELECT after_json FROM audit_log WHERE resource = 'data/triples' ORDER BY id DESC LIMIT 1`,
      );
      expect(JSON.parse(audit)).toEqual({
        file: "batch.csv",
        created: n,
        created_ids: [[rows[0].id, rows[0].id + n - 1]],
      });
      // Indexed for search soon after the answer, with no search needed to trigger it.
      // (SQLite: its trigram index is written after the answer; PostgreSQL's indexes keep up by themselves.)
      if (p.ctx.store.engine === "sqlite") {
        const indexed = () =>
          value(
            p.ctx,
            sql`SELECT indexed_through FROM resource_search_state WHERE table_name = 'data_triples'`,
          );
        await expect.poll(indexed, { timeout: 5000 }).toBe(rows[rows.length - 1].id);
      }
      const found = await fetch(`${p.api}/data/triples/?search=${encodeURIComponent("对象200")}`, {
        headers: authHeaders(admin),
      });
      expect(
        ((await found.json()) as { results: { subject: string }[] }).results.map((r) => r.subject),
      ).toEqual(["批量200"]);
    });

    it("names the row the store refuses inside a batch, and writes none of the batch", async () => {
      // A constraint no schema rule foresees: the multi-row INSERT fails as a whole, then
      // its rows are written one by one so the refused one is named.
      const id =
        p.ctx.store.engine === "postgres"
          ? sql`id SERIAL PRIMARY KEY`
          : sql`id INTEGER PRIMARY KEY AUTOINCREMENT`;
      await run(p.ctx, sql`CREATE TABLE batch_probe (${id}, n INTEGER CHECK (n <> 13))`);
      const def: ResourceDef = {
        app: "test",
        name: "probe",
        table: "batch_probe",
        label: "探针",
        permissions: { read: "x", create: "x" },
        fields: [
          { name: "id", label: "ID", type: "number", readOnly: true },
          { name: "n", label: "数", type: "number", valueType: "int" },
        ],
      };
      const user: AuthUser = {
        id: 1,
        username: "admin",
        isSuperuser: true,
        codenames: new Set(),
        token: "",
        csrf: "",
      };
      const refused: [number, Record<string, string[]>][] = [];
      await p.ctx.store.write(async (tx) => {
        const batch = new RecordBatch({ ctx: p.ctx, user, db: tx }, def, (row, errors) =>
          refused.push([row, errors]),
        );
        for (let i = 0; i < 150; i++) await batch.add({ n: i === 100 ? 13 : 100 + i }, i + 2);
        await batch.flush();
        expect(batch.ids).toHaveLength(149);
      });
      expect(refused).toEqual([[102, { non_field_errors: ["数据不符合约束"] }]]);
      const count = (where = sql``) =>
        value<number>(p.ctx, sql`SELECT count(*) AS n FROM batch_probe ${where}`).then(Number);
      expect(await count()).toBe(149);
      expect(await count(sql`WHERE n = 13`)).toBe(0);

      // Through importRows: the refused row is reported in file order and nothing stays written.
      await run(p.ctx, sql`DELETE FROM batch_probe`);
      // Row 7 is in a full batch; row 68 in the last, short one, written after row 72 was checked.
      const csv = [
        "n",
        ...Array.from({ length: 70 }, (_, i) => String(i === 5 || i === 66 ? 13 : 100 + i)),
        "x",
      ].join("\n");
      const result = await importRows({ ctx: p.ctx, user }, def, parseCsv(csv), false);
      expect(result.errors).toEqual([
        { row: 7, field: "non_field_errors", message: "数据不符合约束" },
        { row: 68, field: "non_field_errors", message: "数据不符合约束" },
        { row: 72, field: "n", message: "数必须是数字" },
      ]);
      expect(await count()).toBe(0);
    });
  });
});
