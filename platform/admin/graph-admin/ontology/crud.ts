import type { AuthUser } from "../../../auth/context.js";
import type { PlatformContext } from "../../../context.js";
import type { Db } from "../../../db/store.js";
import { audit } from "../../../resources/graph-audit.js";
import { BodyReader } from "../../../http/body-reader.js";
import {
  deletePart,
  insertPart,
  partNameTaken,
  partRow,
  updatePart,
  type PartTable,
} from "../store/ontology.js";
import { conflict, missing, refused } from "./refusals.js";

/**
 * Create, read, update and delete of the parts of an ontology (classes, properties,
 * relation types, event types), one helper set driven by each kind's definition
 * (kinds.ts). Every write runs in a transaction of its own (or the caller's, given `tx`:
 * the OWL import's) and leaves an audit row.
 */

export type Mode = "create" | "update";

/** A create reads every field; an update only those in the body. */
export const reads = (r: BodyReader, mode: Mode, field: string) =>
  mode === "create" || r.has(field);

export interface PartRow {
  id: number;
  name: string;
}

export interface PartInput {
  name?: string;
  /** The English label (OWL `@en`); every kind has one, empty = none. */
  label_en?: string;
  description?: string;
}

/** What a kind reads from a body besides its name and description. */
export interface FieldReading<Row> {
  r: BodyReader;
  db: Db;
  mode: Mode;
  /** The id in the kind's scope column: the ontology's (the class's, for properties). */
  scopeId: number;
  /** The row as it is (updates). */
  current?: Row;
}

export interface PartKind<Row extends PartRow, Input extends PartInput> {
  /** Path segment and audit resource (`graphadmin/<resource>`). */
  resource: string;
  /** What refusals and 404s call it ("类不存在"). */
  label: string;
  table: PartTable;
  /** Where one is created (`/<parent>/:id/<resource>`); names are unique within it. */
  parent: { resource: string; table: PartTable; label: string };
  /** The column holding the parent's id. */
  scope: keyof Row & string;
  /** What the name field is called in messages. */
  nameLabel: string;
  /** Columns written from the input (besides the scope), in order. */
  columns: (keyof Row & keyof Input & string)[];
  /** Columns of the input that are booleans, stored as 0/1. */
  flags?: (keyof Row & keyof Input & string)[];
  readFields(reading: FieldReading<Row>): Promise<Omit<Input, "name" | "label_en" | "description">>;
  /** The message for a name already taken (`parent` on create). */
  duplicate(name: string, parent?: PartRow): string;
  /** What uses a part: deleting is refused while the count is above zero. */
  uses: { count(db: Db, row: Row): Promise<number>; what: string };
  /** Further refusals of an update (the row as it would be is `next`). */
  checkUpdate?(db: Db, before: Row, input: Input, next: Row): Promise<void>;
  /** Further refusals of a delete, after `uses`. */
  checkDelete?(db: Db, row: Row): Promise<void>;
}

export async function requirePart<Row extends PartRow>(
  db: Db,
  kind: { table: PartTable; label: string },
  id: number,
): Promise<Row> {
  const row = await partRow<Row>(db, kind.table, id);
  if (!row) throw missing(kind.label);
  return row;
}

/** The longest name (and English label) of a part, in characters. */
const NAME_MAX = 50;

async function readPart<Row extends PartRow, Input extends PartInput>(
  kind: PartKind<Row, Input>,
  db: Db,
  body: unknown,
  mode: Mode,
  scopeId: number,
  current?: Row,
): Promise<Input> {
  const r = new BodyReader(body);
  const out = {} as Input;
  if (reads(r, mode, "name"))
    out.name = r.text("name", kind.nameLabel, { required: true, max: NAME_MAX });
  if (reads(r, mode, "label_en")) out.label_en = r.text("label_en", "英文名称", { max: NAME_MAX });
  Object.assign(out, await kind.readFields({ r, db, mode, scopeId, current }));
  if (reads(r, mode, "description")) out.description = r.text("description", "描述", { max: 500 });
  r.done();
  return out;
}

/** The input's value of a column as stored (booleans as 0/1); undefined keeps `before`'s. */
function stored<Row extends PartRow, Input extends PartInput>(
  kind: PartKind<Row, Input>,
  column: keyof Row & keyof Input & string,
  input: Input,
  before?: Row,
): unknown {
  const value = input[column];
  if (value === undefined && before) return before[column];
  return kind.flags?.includes(column) ? (value ? 1 : 0) : value;
}

/** The create, update and delete of one kind, as the routes and the OWL import call them. */
export function partService<Row extends PartRow, Input extends PartInput>(
  kind: PartKind<Row, Input>,
) {
  /** `fn` in the caller's transaction, else in one of its own. */
  const within = <T>(ctx: PlatformContext, tx: Db | undefined, fn: (tx: Db) => Promise<T>) =>
    tx ? fn(tx) : ctx.store.write(fn);

  const create = (
    ctx: PlatformContext,
    user: AuthUser,
    parentId: number,
    body: unknown,
    tx?: Db,
  ): Promise<Row> =>
    within(ctx, tx, async (db) => {
      const parent = await requirePart(db, kind.parent, parentId);
      const v = await readPart(kind, db, body, "create", parentId);
      if (await partNameTaken(db, kind.table, kind.scope, parentId, v.name!))
        throw conflict(kind.duplicate(v.name!, parent));
      const values: Record<string, unknown> = { [kind.scope]: parentId };
      for (const c of kind.columns) values[c] = stored(kind, c, v);
      const id = await insertPart(db, kind.table, values);
      await audit(db, user, "create", kind.resource, id, null, { [kind.scope]: parentId, ...v });
      return requirePart<Row>(db, kind, id);
    });

  const update = (
    ctx: PlatformContext,
    user: AuthUser,
    id: number,
    body: unknown,
    tx?: Db,
  ): Promise<Row> =>
    within(ctx, tx, async (db) => {
      const before = await requirePart<Row>(db, kind, id);
      const scopeId = before[kind.scope] as number;
      const v = await readPart(kind, db, body, "update", scopeId, before);
      if (v.name && (await partNameTaken(db, kind.table, kind.scope, scopeId, v.name, id)))
        throw conflict(kind.duplicate(v.name));
      const flags = (kind.flags ?? []).map((c) => [c, stored(kind, c, v, before)]);
      const next = { ...before, ...v, ...Object.fromEntries(flags) } as Row;
      await kind.checkUpdate?.(db, before, v, next);
      await updatePart(
        db,
        kind.table,
        id,
        Object.fromEntries(kind.columns.map((c) => [c, next[c]])),
      );
      await audit(db, user, "update", kind.resource, id, before, next);
      return requirePart<Row>(db, kind, id);
    });

  const remove = (ctx: PlatformContext, user: AuthUser, id: number, tx?: Db): Promise<void> =>
    within(ctx, tx, async (db) => {
      const row = await requirePart<Row>(db, kind, id);
      const used = await kind.uses.count(db, row);
      if (used > 0)
        throw refused(`${kind.label}"${row.name}"仍被 ${used} ${kind.uses.what}使用，无法删除`);
      await kind.checkDelete?.(db, row);
      await deletePart(db, kind.table, id);
      await audit(db, user, "delete", kind.resource, id, row, null);
    });

  return { kind, create, update, remove };
}
