import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../platform/db/migrations.js";
import { englishLabelsBackfill } from "../../platform/db/schema-english-labels.js";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { authHeaders } from "../helpers/platform.js";
import { startPlatform, createUserWithToken, type TestPlatform } from "../helpers/platform.js";
import { rows, run, value } from "../helpers/sql.js";
import { sql } from "kysely";
import { call, type Caller } from "./graph-admin-helpers.js";

let p: TestPlatform;
let admin: Caller;
let ontologyId: number;

beforeAll(async () => {
  p = await startPlatform();
  await ensureBuiltinOntologies(p.ctx);
  admin = await createUserWithToken(p.ctx, "onto-admin", ["admin"]);
  const created = await call(p, admin, "POST", "/graphadmin/ontologies/", {
    name: "测试本体",
    domain: "military",
    description: "规则测试",
  });
  ontologyId = created.body.id;
});
afterAll(() => p.close());

/** A class of some other ontology than the test's. */
const classOfAnotherOntology = () =>
  value<number>(
    p.ctx,
    sql`SELECT id FROM kg_classes WHERE ontology_id <> ${ontologyId} ORDER BY id LIMIT 1`,
  );

const addClass = (body: Record<string, unknown>, o = ontologyId) =>
  call(p, admin, "POST", `/graphadmin/ontologies/${o}/classes/`, body);

describe("ontologies", () => {
  it("lists the ontologies with their counts and the graphs using them", async () => {
    const r = await call(p, admin, "GET", "/graphadmin/ontologies/");
    expect(r.status).toBe(200);
    const military = r.body.results.find((o: { name: string }) => o.name === "军事领域本体");
    expect(military.classes).toBeGreaterThan(10);
    expect(military.relation_types).toBeGreaterThan(5);
    expect(r.body.results.find((o: { id: number }) => o.id === ontologyId)).toMatchObject({
      classes: 0,
      graphs: [],
    });
  });

  it("refuses a duplicate ontology name and an unknown domain, naming the field", async () => {
    const dup = await call(p, admin, "POST", "/graphadmin/ontologies/", {
      name: "测试本体",
      domain: "military",
    });
    expect(dup.status).toBe(400);
    expect(dup.body.detail).toBe('本体名称"测试本体"已存在');
    const bad = await call(p, admin, "POST", "/graphadmin/ontologies/", {
      name: "别的",
      domain: "medical",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.domain).toEqual(["领域必须是 military 或 general"]);
  });

  it("copies another ontology with its class tree, properties and types", async () => {
    const military = (await call(p, admin, "GET", "/graphadmin/ontologies/")).body.results.find(
      (o: { name: string }) => o.name === "军事领域本体",
    );
    const copy = await call(p, admin, "POST", "/graphadmin/ontologies/", {
      name: "军事本体副本",
      domain: "military",
      copy_from: military.id,
    });
    expect(copy.status).toBe(201);
    const ship = copy.body.classes.find((c: { name: string }) => c.name === "舰艇");
    expect(ship.parent).toBe("武器装备");
    // English labels travel with the copy.
    expect(ship.label_en).toBe("Naval vessel");
    expect(ship.properties.find((x: { name: string }) => x.name === "排水量").label_en).toBe(
      "Displacement",
    );
    expect(ship.properties.map((x: { name: string }) => x.name)).toContain("排水量");
    const equip = copy.body.relation_types.find((t: { name: string }) => t.name === "装备");
    expect(equip).toMatchObject({ domain_class: "组织机构", range_class: "武器装备" });
    expect(
      copy.body.event_types.find((e: { name: string }) => e.name === "演习").triggers,
    ).toContain("军演");
  });

  it("refuses deleting an ontology a graph uses, and deletes an unused one", async () => {
    const military = (await call(p, admin, "GET", "/graphadmin/ontologies/")).body.results.find(
      (o: { name: string }) => o.name === "军事领域本体",
    );
    await run(
      p.ctx,
      sql`INSERT INTO kg_graph_ontology (graph_id, ontology_id) VALUES (245, ${military.id})
          ON CONFLICT (graph_id) DO UPDATE SET ontology_id = excluded.ontology_id`,
    );
    const refused = await call(p, admin, "DELETE", `/graphadmin/ontologies/${military.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      '本体"军事领域本体"仍被 1 个图谱使用（"军事装备知识图谱"），无法删除',
    );
    const spare = await call(p, admin, "POST", "/graphadmin/ontologies/", {
      name: "待删本体",
      domain: "general",
      copy_from: military.id,
    });
    expect(
      (await call(p, admin, "DELETE", `/graphadmin/ontologies/${spare.body.id}/`)).status,
    ).toBe(204);
    expect((await call(p, admin, "GET", `/graphadmin/ontologies/${spare.body.id}/`)).status).toBe(
      404,
    );
  });
});

describe("the class tree", () => {
  let top: number;
  let mid: number;
  let leaf: number;

  beforeAll(async () => {
    top = (await addClass({ name: "装备", color: "#6085f2" })).body.id;
    mid = (await addClass({ name: "飞行器", parent_id: top })).body.id;
    leaf = (await addClass({ name: "无人机", parent_id: mid })).body.id;
  });

  it("returns classes in tree order with their depth and parent", async () => {
    const d = (await call(p, admin, "GET", `/graphadmin/ontologies/${ontologyId}/`)).body;
    const names = d.classes.map((c: { name: string; depth: number }) => `${c.depth}:${c.name}`);
    expect(names.slice(0, 3)).toEqual(["0:装备", "1:飞行器", "2:无人机"]);
    expect(d.classes[2].parent).toBe("飞行器");
  });

  it("refuses a duplicate class name", async () => {
    const r = await addClass({ name: "飞行器" });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('类名"飞行器"已存在');
    expect(r.body.errors.name).toEqual(['类名"飞行器"已存在']);
  });

  it("refuses a cycle: a class under its own subclass, or under itself", async () => {
    const cycle = await call(p, admin, "PATCH", `/graphadmin/classes/${top}/`, { parent_id: leaf });
    expect(cycle.status).toBe(400);
    expect(cycle.body.detail).toBe('不能把"无人机"设为类"装备"的父类：它是"装备"的子类，会形成环');
    const self = await call(p, admin, "PATCH", `/graphadmin/classes/${mid}/`, { parent_id: mid });
    expect(self.body.detail).toBe('类"飞行器"不能以自己为父类');
    const d = (await call(p, admin, "GET", `/graphadmin/ontologies/${ontologyId}/`)).body;
    expect(d.classes.find((c: { id: number }) => c.id === top).parent_id).toBeNull();
  });

  it("refuses a parent from another ontology and a bad colour", async () => {
    const other = await classOfAnotherOntology();
    const r = await addClass({ name: "外来", parent_id: other, color: "blue" });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({
      parent_id: ["父类不存在或不属于该本体"],
      color: ["颜色格式为 #RRGGBB"],
    });
  });

  it("refuses deleting a class with subclasses, naming them", async () => {
    const r = await call(p, admin, "DELETE", `/graphadmin/classes/${top}/`);
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('类"装备"还有 1 个子类（"飞行器"），无法删除');
  });

  it("refuses deleting a class still used by entities, saying how many", async () => {
    await run(
      p.ctx,
      sql`INSERT INTO graphs (id, name, domain) VALUES (900, '测试图谱', 'military') ON CONFLICT DO NOTHING`,
    );
    for (let i = 0; i < 152; i++)
      await run(
        p.ctx,
        sql`INSERT INTO kg_entities (uuid, graph_id, class_id, name) VALUES (${`uuid-drone-${i}`}, 900, ${leaf}, ${`无人机${i}`})`,
      );
    const r = await call(p, admin, "DELETE", `/graphadmin/classes/${leaf}/`);
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('类"无人机"仍被 152 个实体使用，无法删除');
    const d = (await call(p, admin, "GET", `/graphadmin/ontologies/${ontologyId}/`)).body;
    expect(d.classes.find((c: { id: number }) => c.id === leaf).entity_count).toBe(152);
  });

  it("deletes an unused leaf class", async () => {
    const spare = (await addClass({ name: "临时类", parent_id: top })).body.id;
    expect((await call(p, admin, "DELETE", `/graphadmin/classes/${spare}/`)).status).toBe(204);
  });
});

describe("relation types", () => {
  let org: number;
  let weapon: number;
  let person: number;
  let equip: number;

  beforeAll(async () => {
    org = (await addClass({ name: "组织" })).body.id;
    weapon = (await addClass({ name: "武器" })).body.id;
    person = (await addClass({ name: "人员" })).body.id;
    equip = (
      await call(p, admin, "POST", `/graphadmin/ontologies/${ontologyId}/relation-types/`, {
        name: "配备",
        domain_class_id: org,
        range_class_id: weapon,
      })
    ).body.id;
  });

  it("keep their domain and range classes", async () => {
    const d = (await call(p, admin, "GET", `/graphadmin/ontologies/${ontologyId}/`)).body;
    expect(d.relation_types.find((t: { id: number }) => t.id === equip)).toMatchObject({
      domain_class: "组织",
      range_class: "武器",
      relation_count: 0,
    });
  });

  it("refuse a duplicate name and a class of another ontology", async () => {
    const dup = await call(
      p,
      admin,
      "POST",
      `/graphadmin/ontologies/${ontologyId}/relation-types/`,
      { name: "配备" },
    );
    expect(dup.body.detail).toBe('关系类型"配备"已存在');
    const other = await classOfAnotherOntology();
    const foreign = await call(
      p,
      admin,
      "POST",
      `/graphadmin/ontologies/${ontologyId}/relation-types/`,
      { name: "新关系", range_class_id: other },
    );
    expect(foreign.body.errors.range_class_id).toEqual(["值域类不存在或不属于该本体"]);
  });

  it("refuse a new domain that existing relations do not fit, and a delete while in use", async () => {
    const a = await value<number>(
      p.ctx,
      sql`INSERT INTO kg_entities (uuid, graph_id, class_id, name) VALUES ('u-org', 900, ${org}, '某部') RETURNING id`,
    );
    const b = await value<number>(
      p.ctx,
      sql`INSERT INTO kg_entities (uuid, graph_id, class_id, name) VALUES ('u-weapon', 900, ${weapon}, '某炮') RETURNING id`,
    );
    for (let i = 0; i < 37; i++) {
      await run(
        p.ctx,
        sql`INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id) VALUES (900, ${a}, ${equip}, ${b})`,
      );
    }
    const narrowed = await call(p, admin, "PATCH", `/graphadmin/relation-types/${equip}/`, {
      domain_class_id: person,
    });
    expect(narrowed.status).toBe(409);
    expect(narrowed.body.detail).toBe(
      '关系类型"配备"已有 37 条关系不符合新的定义域"人员"，无法修改',
    );
    const removed = await call(p, admin, "DELETE", `/graphadmin/relation-types/${equip}/`);
    expect(removed.status).toBe(409);
    expect(removed.body.detail).toBe('关系类型"配备"仍被 37 条关系使用，无法删除');
    const classInUse = await call(p, admin, "DELETE", `/graphadmin/classes/${person}/`);
    expect(classInUse.status).toBe(204);
  });

  it("refuse moving a class when relations of its entities would leave a type's domain", async () => {
    const sub = (await addClass({ name: "分队", parent_id: org })).body.id;
    await run(p.ctx, sql`UPDATE kg_entities SET class_id = ${sub} WHERE uuid = 'u-org'`);
    const r = await call(p, admin, "PATCH", `/graphadmin/classes/${sub}/`, { parent_id: null });
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe(
      '移动类"分队"后，关系类型"配备"的 37 条关系将不符合其定义域"组织"，无法移动',
    );
  });

  it("refuse deleting a class used as a domain", async () => {
    await run(p.ctx, sql`DELETE FROM kg_relations WHERE relation_type_id = ${equip}`);
    await run(p.ctx, sql`DELETE FROM kg_entities WHERE uuid IN ('u-org', 'u-weapon')`);
    const r = await call(p, admin, "DELETE", `/graphadmin/classes/${weapon}/`);
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('类"武器"仍被关系类型"配备"用作定义域或值域，无法删除');
  });
});

describe("properties and event types", () => {
  it("keep properties unique per class and refuse deleting one entities hold", async () => {
    const cls = (await addClass({ name: "舰船" })).body.id;
    const prop = await call(p, admin, "POST", `/graphadmin/classes/${cls}/properties/`, {
      name: "排水量",
      datatype: "number",
    });
    expect(prop.status).toBe(201);
    const dup = await call(p, admin, "POST", `/graphadmin/classes/${cls}/properties/`, {
      name: "排水量",
    });
    expect(dup.body.detail).toBe('类"舰船"已有属性"排水量"');
    const badType = await call(p, admin, "POST", `/graphadmin/classes/${cls}/properties/`, {
      name: "舷号",
      datatype: "text",
    });
    expect(badType.body.errors.datatype[0]).toMatch(/^数据类型必须是/);
    await run(
      p.ctx,
      sql`INSERT INTO kg_entities (uuid, graph_id, class_id, name, properties) VALUES ('u-ship', 900, ${cls}, '某舰', '{"排水量": 5000}')`,
    );
    const used = await call(p, admin, "DELETE", `/graphadmin/properties/${prop.body.id}/`);
    expect(used.status).toBe(409);
    expect(used.body.detail).toBe('属性"排水量"仍被 1 个实体使用，无法删除');
  });

  it("read triggers from a text list and refuse deleting a type events use", async () => {
    const r = await call(p, admin, "POST", `/graphadmin/ontologies/${ontologyId}/event-types/`, {
      name: "演训",
      triggers: "演习，演练、 军演",
      subject_role: "参演方",
      color: "#c23531",
    });
    expect(r.status).toBe(201);
    expect(JSON.parse(r.body.triggers)).toEqual(["演习", "演练", "军演"]);
    expect(JSON.parse(r.body.roles)).toEqual({ subject: "参演方", object: "客体" });
    await run(
      p.ctx,
      sql`INSERT INTO kg_events (graph_id, event_type_id, title) VALUES (900, ${r.body.id}, '某演习')`,
    );
    const used = await call(p, admin, "DELETE", `/graphadmin/event-types/${r.body.id}/`);
    expect(used.body.detail).toBe('事件类型"演训"仍被 1 个事件使用，无法删除');
  });

  it("writes every change to the audit log", async () => {
    const n = await value<number>(
      p.ctx,
      sql`SELECT count(*) AS n FROM audit_log WHERE resource LIKE 'graphadmin/%'`,
    );
    expect(n).toBeGreaterThan(10);
  });
});

describe("English labels", () => {
  /** The default of the table's label_en column as SQL (PostgreSQL's cast left out). */
  const columns = async (table: string) =>
    p.ctx.store.engine === "postgres"
      ? (
          await rows<{ d: string }>(
            p.ctx,
            sql`SELECT column_default AS d FROM information_schema.columns
                 WHERE table_name = ${table} AND column_name = 'label_en'`,
          )
        ).map((c) => c.d.replace(/::text$/, ""))
      : (
          await rows<{ name: string; dflt_value: string }>(
            p.ctx,
            sql`SELECT name, dflt_value FROM pragma_table_info(${table})`,
          )
        )
          .filter((c) => c.name === "label_en")
          .map((c) => c.dflt_value);

  it("are a column of every kind of term, empty by default, and the built-in military ontology has them", async () => {
    expect(migrations.map((m) => m.name)).toContain("013-english-labels");
    for (const table of [
      "kg_classes",
      "kg_class_properties",
      "kg_relation_types",
      "kg_event_types",
    ])
      expect(await columns(table)).toEqual(["''"]);
    const military = (await ensureBuiltinOntologies(p.ctx)).military;
    expect(
      await value(
        p.ctx,
        sql`SELECT label_en FROM kg_classes WHERE ontology_id = ${military} AND name = '舰艇'`,
      ),
    ).toBe("Naval vessel");
    expect(
      await value(
        p.ctx,
        sql`SELECT count(*) AS n FROM kg_classes WHERE ontology_id = ${military} AND label_en = ''`,
      ),
    ).toBe(0);
    expect(
      await value(
        p.ctx,
        sql`SELECT count(*) AS n FROM kg_relation_types WHERE ontology_id = ${military} AND label_en = ''`,
      ),
    ).toBe(0);
    expect(
      await value(
        p.ctx,
        sql`SELECT count(*) AS n FROM kg_class_properties p JOIN kg_classes c ON c.id = p.class_id WHERE c.ontology_id = ${military} AND p.label_en = ''`,
      ),
    ).toBe(0);
  });

  it("a store seeded before them gets the built-in ones where blank; an operator's label stays", async () => {
    const military = (await ensureBuiltinOntologies(p.ctx)).military;
    const label = (name: string) =>
      value(
        p.ctx,
        sql`SELECT label_en FROM kg_classes WHERE ontology_id = ${military} AND name = ${name}`,
      );
    await run(
      p.ctx,
      sql`UPDATE kg_classes SET label_en = CASE name WHEN '舰艇' THEN '' ELSE 'Warplane' END WHERE ontology_id = ${military} AND name IN ('舰艇', '飞机')`,
    );
    // The backfill's statements (one a line), as the migration runs them.
    for (const statement of englishLabelsBackfill.split("\n").filter((l) => l.trim()))
      await run(p.ctx, sql.raw(statement));
    expect(await label("舰艇")).toBe("Naval vessel");
    expect(await label("飞机")).toBe("Warplane");
    await run(
      p.ctx,
      sql`UPDATE kg_classes SET label_en = 'Aircraft' WHERE ontology_id = ${military} AND name = '飞机'`,
    );
  });

  it("are read and written by the editor's API, trimmed, optional, at most 50 characters", async () => {
    const created = await addClass({ name: "护卫舰", label_en: "  Frigate " });
    expect(created.status).toBe(201);
    expect(created.body.label_en).toBe("Frigate");
    const none = await addClass({ name: "驱逐舰" });
    expect(none.body.label_en).toBe("");
    // An update without the field keeps it; with it, changes it.
    await call(p, admin, "PATCH", `/graphadmin/classes/${created.body.id}/`, { color: "#123456" });
    const renamed = await call(p, admin, "PATCH", `/graphadmin/classes/${created.body.id}/`, {
      label_en: "Light frigate",
    });
    expect(renamed.body.label_en).toBe("Light frigate");
    const relation = await call(
      p,
      admin,
      "POST",
      `/graphadmin/ontologies/${ontologyId}/relation-types/`,
      { name: "护航", label_en: "escorts" },
    );
    expect(relation.body.label_en).toBe("escorts");
    const property = await call(
      p,
      admin,
      "POST",
      `/graphadmin/classes/${created.body.id}/properties/`,
      {
        name: "舷号",
        label_en: "Hull number",
      },
    );
    expect(property.body.label_en).toBe("Hull number");
    const event = await call(
      p,
      admin,
      "POST",
      `/graphadmin/ontologies/${ontologyId}/event-types/`,
      {
        name: "护航行动",
        label_en: "Escort mission",
      },
    );
    expect(event.body.label_en).toBe("Escort mission");
    const d = (await call(p, admin, "GET", `/graphadmin/ontologies/${ontologyId}/`)).body;
    const frigate = d.classes.find((c: { name: string }) => c.name === "护卫舰");
    expect(frigate).toMatchObject({
      label_en: "Light frigate",
      properties: [{ name: "舷号", label_en: "Hull number" }],
    });
    expect(d.relation_types.find((r: { name: string }) => r.name === "护航").label_en).toBe(
      "escorts",
    );
    expect(d.event_types.find((e: { name: string }) => e.name === "护航行动").label_en).toBe(
      "Escort mission",
    );
  });

  it("refuses a label that is too long or not text, naming the field (in the caller's language)", async () => {
    const long = await addClass({ name: "长名", label_en: "x".repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.errors.label_en).toEqual(["英文名称不能超过50个字符"]);
    const notText = await call(
      p,
      admin,
      "POST",
      `/graphadmin/ontologies/${ontologyId}/relation-types/`,
      {
        name: "长名",
        label_en: ["Escort"],
      },
    );
    expect(notText.status).toBe(400);
    expect(notText.body.errors.label_en).toEqual(["英文名称必须是文本"]);
    const res = await fetch(`${p.api}/graphadmin/ontologies/${ontologyId}/classes/`, {
      method: "POST",
      headers: { ...authHeaders(admin), "Accept-Language": "en" },
      body: JSON.stringify({ name: "长名", label_en: "x".repeat(51) }),
    });
    expect((await res.json()).errors.label_en).toEqual([
      "English label must be at most 50 characters",
    ]);
    expect(await value(p.ctx, sql`SELECT count(*) AS n FROM kg_classes WHERE name = '长名'`)).toBe(
      0,
    );
  });
});

describe("ontology permissions", () => {
  it("lets a reader read and refuses their writes (403)", async () => {
    const reader = await createUserWithToken(p.ctx, "onto-reader", ["kg__ontology__read"]);
    expect((await call(p, reader, "GET", `/graphadmin/ontologies/${ontologyId}/`)).status).toBe(
      200,
    );
    expect(
      (
        await call(p, reader, "POST", `/graphadmin/ontologies/${ontologyId}/classes/`, {
          name: "x",
        })
      ).status,
    ).toBe(403);
    expect((await call(p, reader, "DELETE", `/graphadmin/ontologies/${ontologyId}/`)).status).toBe(
      403,
    );
    const nobody = await createUserWithToken(p.ctx, "onto-nobody", []);
    expect((await call(p, nobody, "GET", "/graphadmin/ontologies/")).status).toBe(403);
  });

  it("answers 404 for unknown ids", async () => {
    expect((await call(p, admin, "GET", "/graphadmin/ontologies/99999/")).body.detail).toBe(
      "本体不存在",
    );
    expect(
      (await call(p, admin, "PATCH", "/graphadmin/classes/99999/", { name: "x" })).body.detail,
    ).toBe("类不存在");
    expect((await call(p, admin, "DELETE", "/graphadmin/relation-types/abc/")).status).toBe(404);
  });
});
