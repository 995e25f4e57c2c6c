import type { AuthUser } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import type { Db } from "../../db/store.js";
import { HttpError } from "../../http/errors.js";
import { readOwl, type OwlOntology } from "../../interchange/owl-read.js";
import { RdfReadError } from "../../interchange/rdf-parse.js";
import { classes, properties, relationTypes } from "./ontology/kinds.js";
import { ontologyHead } from "./store/graphs.js";
import {
  breakCount,
  breakSamples,
  classIdByName,
  ontologyTermRows,
  type BrokenTerm,
} from "./store/ontology-import.js";
import type { OntologyDiff, OwlBreak, OwlChange, OwlChangeKind } from "@contract/graph-admin";

/**
 * Importing an OWL (Turtle) file into an ontology: the dry run answers the difference with
 * the ontology as it is (classes, relation types and class properties added, changed,
 * removed) and which existing facts each removal would break; the apply makes the same
 * changes through the ontology editor's own functions (so the same integrity rules refuse
 * them) in one transaction. Event types are not part of OWL and stay as they are. A term's
 * English label (`@en`) and description change only where the file has one.
 */

interface Current {
  classes: Map<
    string,
    { id: number; parent: string | null; description: string; label_en: string }
  >;
  relationTypes: Map<
    string,
    {
      id: number;
      domain: string | null;
      range: string | null;
      description: string;
      label_en: string;
    }
  >;
  properties: Map<
    string,
    { id: number; className: string; name: string; datatype: string; label_en: string }
  >;
}

const propertyKey = (className: string, name: string) => `${className}\u0001${name}`;
const none = (v: string | null) => v ?? "（无）";

async function current(db: Db, ontologyId: number): Promise<Current> {
  const { classRows, relationRows, propertyRows } = await ontologyTermRows(db, ontologyId);
  const nameById = new Map(classRows.map((c) => [c.id, c.name]));
  const cname = (id: number | null) => (id === null ? null : (nameById.get(id) ?? null));
  return {
    classes: new Map(
      classRows.map((c) => [
        c.name,
        {
          id: c.id,
          parent: cname(c.parent_id),
          description: c.description,
          label_en: c.label_en,
        },
      ]),
    ),
    relationTypes: new Map(
      relationRows.map((r) => [
        r.name,
        {
          id: r.id,
          domain: cname(r.domain_class_id),
          range: cname(r.range_class_id),
          description: r.description,
          label_en: r.label_en,
        },
      ]),
    ),
    properties: new Map(
      propertyRows.map((p) => [
        propertyKey(cname(p.class_id)!, p.name),
        {
          id: p.id,
          className: cname(p.class_id)!,
          name: p.name,
          datatype: p.datatype,
          label_en: p.label_en,
        },
      ]),
    ),
  };
}

/** How the change's detail reads a field's change (each its own message, for the catalogs). */
const FIELD_CHANGES = {
  parent: (was: string, now: string) => `父类：${was} → ${now}`,
  domain: (was: string, now: string) => `定义域：${was} → ${now}`,
  range: (was: string, now: string) => `值域：${was} → ${now}`,
  english: (was: string, now: string) => `英文名称：${was} → ${now}`,
};
/** A field the file changes, as the change's detail reads it (`父类：A → B`). */
const fieldChange = (field: keyof typeof FIELD_CHANGES, was: string | null, now: string | null) =>
  was !== now ? [FIELD_CHANGES[field](none(was), none(now))] : [];
/** The file's description, when it has one, differs (the detail only names it). */
const descriptionChange = (was: { description: string }, now: { description: string | null }) =>
  now.description !== null && now.description !== was.description ? ["描述"] : [];

/** The file's English label, when it has one, differs (`英文名称：（无） → Warship`). */
const englishChange = (was: { label_en: string }, now: { labelEn: string | null }) =>
  now.labelEn !== null ? fieldChange("english", was.label_en || null, now.labelEn || null) : [];
/** An added term's English label, when the file gives one, as its detail's last part. */
const withEnglish = (detail: string, t: { labelEn: string | null }) =>
  [detail, ...(t.labelEn ? [`英文名称：${t.labelEn}`] : [])].filter(Boolean).join("；");
/** Whether the file changes the term's English label (what the apply writes). */
const englishOf = (was: { label_en: string }, now: { labelEn: string | null }) =>
  now.labelEn !== null && now.labelEn !== was.label_en ? { label_en: now.labelEn } : {};

/**
 * The file's terms of one kind against the ontology's (`current`, by key): those added (with
 * `added` as detail) or changed (what, joined), and apart, the ontology's terms the file lacks.
 * A term's key and name are its name unless `key` and `name` say otherwise.
 */
function compareKind<W, T extends { name: string }>(
  kind: OwlChangeKind,
  current: Map<string, W>,
  next: T[],
  how: {
    key?: (t: T) => string;
    name?: (t: T) => string;
    added: (t: T) => string;
    changed: (was: W, t: T) => string[];
    removed?: (was: W) => { name: string; detail: string };
  },
) {
  const keyOf = how.key ?? ((t: T) => t.name);
  const present: OwlChange[] = [];
  for (const t of next) {
    const was = current.get(keyOf(t));
    const name = how.name?.(t) ?? t.name;
    if (!was) {
      present.push({ kind, change: "added", name, detail: how.added(t) });
      continue;
    }
    const parts = how.changed(was, t);
    if (parts.length) present.push({ kind, change: "changed", name, detail: parts.join("；") });
  }
  const inFile = new Set(next.map(keyOf));
  const removed: OwlChange[] = [];
  for (const [key, was] of current) {
    if (!inFile.has(key))
      removed.push({
        kind,
        change: "removed",
        ...(how.removed?.(was) ?? { name: key, detail: "" }),
      });
  }
  return { present, removed };
}

/** What the file adds and changes, kind by kind (classes, relation types, properties), then what it removes. */
function changesOf(now: Current, next: OwlOntology): OwlChange[] {
  const kinds = [
    compareKind("class", now.classes, next.classes, {
      added: (c) => withEnglish(c.parent ? `父类：${c.parent}` : "", c),
      changed: (was, c) => [
        ...fieldChange("parent", was.parent, c.parent),
        ...englishChange(was, c),
        ...descriptionChange(was, c),
      ],
    }),
    compareKind("relation_type", now.relationTypes, next.relationTypes, {
      added: (r) => withEnglish(`${none(r.domain)} → ${none(r.range)}`, r),
      changed: (was, r) => [
        ...fieldChange("domain", was.domain, r.domain),
        ...fieldChange("range", was.range, r.range),
        ...englishChange(was, r),
        ...descriptionChange(was, r),
      ],
    }),
    compareKind("property", now.properties, next.properties, {
      key: (p) => propertyKey(p.className, p.name),
      name: (p) => `${p.className}.${p.name}`,
      added: (p) => withEnglish(p.datatype, p),
      changed: (was, p) => [
        ...(was.datatype !== p.datatype ? [`${was.datatype} → ${p.datatype}`] : []),
        ...englishChange(was, p),
      ],
      removed: (p) => ({ name: `${p.className}.${p.name}`, detail: p.datatype }),
    }),
  ];
  return [...kinds.flatMap((k) => k.present), ...kinds.flatMap((k) => k.removed)];
}

/** The term a removal takes away, as the store counts what uses it. */
function brokenTerm(now: Current, c: OwlChange): BrokenTerm {
  if (c.kind === "class") return { kind: "class", id: now.classes.get(c.name)!.id };
  if (c.kind === "relation_type")
    return { kind: "relation_type", id: now.relationTypes.get(c.name)!.id, name: c.name };
  const p = [...now.properties.values()].find((x) => `${x.className}.${x.name}` === c.name)!;
  return { kind: "property", classId: now.classes.get(p.className)!.id, name: p.name };
}

/** The facts (of every graph on the ontology) each removal would leave without its term. */
async function breaksOf(db: Db, now: Current, changes: OwlChange[]): Promise<OwlBreak[]> {
  const out: OwlBreak[] = [];
  for (const c of changes) {
    if (c.change !== "removed") continue;
    const term = brokenTerm(now, c);
    const count = await breakCount(db, term);
    if (count === 0) continue;
    out.push({ kind: c.kind, name: c.name, count, samples: await breakSamples(db, term) });
  }
  return out;
}

async function parse(text: string): Promise<OwlOntology> {
  try {
    return await readOwl(text);
  } catch (e) {
    if (e instanceof RdfReadError) throw new HttpError(400, `OWL 文件${e.message}`, "invalid_rdf");
    throw e;
  }
}

async function diffOf(db: Db, ontologyId: number, next: OwlOntology): Promise<OntologyDiff> {
  const head = await ontologyHead(db, ontologyId);
  if (!head) throw new HttpError(404, "本体不存在", "not_found");
  const now = await current(db, ontologyId);
  const changes = changesOf(now, next);
  const count = (c: OwlChange["change"]) => changes.filter((x) => x.change === c).length;
  return {
    ontology: head,
    summary: { added: count("added"), changed: count("changed"), removed: count("removed") },
    changes,
    breaks: await breaksOf(db, now, changes),
    unchanged: changes.length === 0,
  };
}

/** The dry run: what importing the file would change, and what it would break. */
export async function diffOntologyImport(
  ctx: PlatformContext,
  ontologyId: number,
  text: string,
): Promise<OntologyDiff> {
  return diffOf(ctx.store.db, ontologyId, await parse(text));
}

/** Classes in an order where every parent comes before its children. */
function parentsFirst(classes: OwlOntology["classes"]) {
  const byName = new Map(classes.map((c) => [c.name, c]));
  const out: OwlOntology["classes"] = [];
  const done = new Set<string>();
  const visit = (c: OwlOntology["classes"][number], path: Set<string>) => {
    if (done.has(c.name) || path.has(c.name)) return;
    path.add(c.name);
    const parent = c.parent ? byName.get(c.parent) : undefined;
    if (parent) visit(parent, path);
    done.add(c.name);
    out.push(c);
  };
  for (const c of classes) visit(c, new Set());
  return out;
}

/**
 * Applies the file through the ontology editor's functions, all in one transaction: a
 * removal that would break facts (or any other refusal of the editor) leaves everything as it was.
 */
export async function applyOntologyImport(
  ctx: PlatformContext,
  user: AuthUser,
  ontologyId: number,
  text: string,
): Promise<OntologyDiff> {
  const next = await parse(text);
  return ctx.store.write(async (tx) => {
    const diff = await diffOf(tx, ontologyId, next);
    const classId = async (name: string | null) =>
      name === null ? null : ((await classIdByName(tx, ontologyId, name)) ?? null);
    const changed = (kind: OwlChangeKind, change: OwlChange["change"]) =>
      new Set(
        diff.changes.filter((c) => c.kind === kind && c.change === change).map((c) => c.name),
      );
    // A part the import adds: its name, English label and description as the OWL gives them.
    const newPart = (x: { name: string; labelEn?: string | null; description: string | null }) => ({
      name: x.name,
      label_en: x.labelEn ?? "",
      description: x.description ?? "",
    });
    const added = changed("class", "added");
    for (const c of parentsFirst(next.classes).filter((x) => added.has(x.name))) {
      await classes.create(ctx, user, ontologyId, { ...newPart(c), parent_id: null }, tx);
    }
    const now = await current(tx, ontologyId);
    for (const c of next.classes) {
      const was = now.classes.get(c.name)!;
      const body: Record<string, unknown> = {};
      if (was.parent !== c.parent) body.parent_id = await classId(c.parent);
      if (c.description !== null && c.description !== was.description)
        body.description = c.description;
      Object.assign(body, englishOf(was, c));
      if (Object.keys(body).length) await classes.update(ctx, user, was.id, body, tx);
    }
    for (const r of next.relationTypes) {
      const body = {
        domain_class_id: await classId(r.domain),
        range_class_id: await classId(r.range),
      };
      const was = now.relationTypes.get(r.name);
      if (!was) await relationTypes.create(ctx, user, ontologyId, { ...newPart(r), ...body }, tx);
      else if (
        was.domain !== r.domain ||
        was.range !== r.range ||
        (r.description !== null && r.description !== was.description) ||
        "label_en" in englishOf(was, r)
      ) {
        await relationTypes.update(
          ctx,
          user,
          was.id,
          {
            ...body,
            ...(r.description !== null ? { description: r.description } : {}),
            ...englishOf(was, r),
          },
          tx,
        );
      }
    }
    for (const p of next.properties) {
      const was = now.properties.get(propertyKey(p.className, p.name));
      if (!was)
        await properties.create(
          ctx,
          user,
          (await classId(p.className))!,
          {
            name: p.name,
            label_en: p.labelEn ?? "",
            datatype: p.datatype,
          },
          tx,
        );
      else if (was.datatype !== p.datatype || "label_en" in englishOf(was, p))
        await properties.update(
          ctx,
          user,
          was.id,
          {
            ...(was.datatype !== p.datatype ? { datatype: p.datatype } : {}),
            ...englishOf(was, p),
          },
          tx,
        );
    }
    const removed = diff.changes.filter((c) => c.change === "removed");
    for (const c of removed.filter((x) => x.kind === "property")) {
      const p = [...now.properties.values()].find((x) => `${x.className}.${x.name}` === c.name)!;
      await properties.remove(ctx, user, p.id, tx);
    }
    for (const c of removed.filter((x) => x.kind === "relation_type"))
      await relationTypes.remove(ctx, user, now.relationTypes.get(c.name)!.id, tx);
    // Children before their parents.
    const gone = removed.filter((x) => x.kind === "class").map((c) => c.name);
    const depth = (name: string): number => {
      let d = 0;
      for (
        let p = now.classes.get(name)?.parent ?? null;
        p !== null && d < 100;
        p = now.classes.get(p)?.parent ?? null
      )
        d++;
      return d;
    };
    for (const name of gone.sort((a, b) => depth(b) - depth(a)))
      await classes.remove(ctx, user, now.classes.get(name)!.id, tx);
    return diff;
  });
}
