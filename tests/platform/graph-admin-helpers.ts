import { sql } from "kysely";
import { authHeaders, type TestPlatform } from "../helpers/platform.js";
import { rows, run } from "../helpers/sql.js";

export interface Caller {
  token: string;
  csrf: string;
}

/** A JSON call to the platform; the parsed body with the status. */
export async function call(
  p: TestPlatform,
  who: Caller,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${p.api}${path}`, {
    method,
    headers: authHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Uploads a CSV as data/files and returns its id. */
export async function uploadCsv(
  p: TestPlatform,
  who: Caller,
  name: string,
  content: string,
): Promise<number> {
  const form = new FormData();
  form.append("name", name);
  form.append("file", new File([content], name, { type: "text/csv" }));
  const res = await fetch(`${p.api}/data/files/`, {
    method: "POST",
    headers: authHeaders(who, false),
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

export { settled } from "../helpers/platform.js";

export const csv = (lines: string[]) => `${lines.join("\n")}\n`;

/** A small military triple file: classes, relations, a property and an alias. */
export const MILITARY_CSV = csv([
  "subject,predicate,object,confidence",
  "东部战区海军,类型,军队,",
  "辽宁舰,类型,舰艇,",
  "歼-15,类型,飞机,",
  "沈阳飞机工业集团,类型,军工企业,",
  "大连,类型,城市,",
  "东部战区海军,装备,辽宁舰,0.95",
  "东部战区海军,装备,歼-15,0.9",
  "沈阳飞机工业集团,研制,歼-15,0.98",
  "辽宁舰,部署于,大连,0.8",
  "辽宁舰,排水量,60900吨,",
  "辽宁舰,别名,16号舰,",
]);

/**
 * A write that fails in the middle of an apply (`on`), or no more: an insert of a relation of
 * confidence 0.123 aborts with "disk full" (a temporary trigger on SQLite's connection, a
 * trigger on PostgreSQL).
 */
export async function failMidway(p: TestPlatform, on: boolean) {
  if (p.ctx.store.engine === "postgres") {
    if (on) {
      await run(
        p.ctx,
        sql`CREATE FUNCTION fail_midway() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'disk full'; END $$`,
      );
      await run(
        p.ctx,
        sql`CREATE TRIGGER fail_midway BEFORE INSERT ON kg_relations FOR EACH ROW
            WHEN (NEW.confidence = 0.123) EXECUTE FUNCTION fail_midway()`,
      );
    } else {
      await run(p.ctx, sql`DROP TRIGGER fail_midway ON kg_relations`);
      await run(p.ctx, sql`DROP FUNCTION fail_midway()`);
    }
  } else if (on) {
    await run(
      p.ctx,
      sql`CREATE TEMP TRIGGER fail_midway BEFORE INSERT ON kg_relations WHEN NEW.confidence = 0.123 BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    );
  } else await run(p.ctx, sql`DROP TRIGGER temp.fail_midway`);
}

/** A graph's facts by name: entities (class, aliases, properties) and relations. */
export const graphFacts = async (p: TestPlatform, graphId: number) => ({
  entities: await rows(
    p.ctx,
    sql`SELECT e.name, c.name AS class, e.aliases, e.properties, e.description FROM kg_entities e
         LEFT JOIN kg_classes c ON c.id = e.class_id WHERE e.graph_id = ${graphId} ORDER BY e.name`,
  ),
  relations: await rows(
    p.ctx,
    sql`SELECT s.name AS s, t.name AS p, o.name AS o, r.confidence FROM kg_relations r
         JOIN kg_entities s ON s.id = r.subject_id JOIN kg_entities o ON o.id = r.object_id
         JOIN kg_relation_types t ON t.id = r.relation_type_id WHERE r.graph_id = ${graphId} ORDER BY 1, 2, 3`,
  ),
});

/**
 * Cancelling asked in the middle of a write (`on`), or no more: the insert of a relation of
 * confidence 0.123 flags the job writing its graph as to be cancelled, in the same transaction
 * (a temporary trigger on SQLite's connection, a trigger on PostgreSQL).
 */
export async function cancelMidway(p: TestPlatform, on: boolean) {
  const flag = sql`UPDATE jobs SET cancel_requested = 1
      WHERE id = (SELECT job_id FROM kg_graph_writes WHERE graph_id = NEW.graph_id)`;
  if (p.ctx.store.engine === "postgres") {
    if (on) {
      await run(
        p.ctx,
        sql`CREATE FUNCTION cancel_midway() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN ${flag}; RETURN NEW; END $$`,
      );
      await run(
        p.ctx,
        sql`CREATE TRIGGER cancel_midway AFTER INSERT ON kg_relations FOR EACH ROW
            WHEN (NEW.confidence = 0.123) EXECUTE FUNCTION cancel_midway()`,
      );
    } else {
      await run(p.ctx, sql`DROP TRIGGER cancel_midway ON kg_relations`);
      await run(p.ctx, sql`DROP FUNCTION cancel_midway()`);
    }
  } else if (on) {
    await run(
      p.ctx,
      sql`CREATE TEMP TRIGGER cancel_midway AFTER INSERT ON kg_relations WHEN NEW.confidence = 0.123 BEGIN ${flag}; END`,
    );
  } else await run(p.ctx, sql`DROP TRIGGER temp.cancel_midway`);
}
