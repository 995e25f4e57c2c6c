import type { FieldDef, Permissions, ResourceDef, Rule, SelectOption } from "../types.js";
import { graphOptions, sourceOptions } from "./options-store.js";

export const required = (message: string): Rule => ({ required: true, message });
export const maxLength = (n: number, label: string): Rule => ({
  max_length: n,
  message: `${label}不能超过${n}个字符`,
});

/** The four permissions of a resource anyone may be allowed to change: `{app}__{model}__{action}`. */
export const crudPermissions = (app: string, model: string): Required<Permissions> => ({
  create: `${app}__${model}__create`,
  read: `${app}__${model}__read`,
  update: `${app}__${model}__update`,
  delete: `${app}__${model}__delete`,
});

/**
 * A list the console only reads (a log, or results the platform writes), at `path`
 * (`{app}/{name}`): the read permission alone, no CSV import, newest first.
 */
export function readOnlyList(
  path: `${string}/${string}`,
  def: { table: string; label: string; read: string; fields: FieldDef[] },
): ResourceDef {
  const [app, name] = path.split("/");
  return {
    app,
    name,
    table: def.table,
    label: def.label,
    permissions: { read: def.read },
    importable: false,
    defaultOrdering: "-id",
    fields: def.fields,
  };
}

/** A record's required name ("名称" or a longer label), searchable, of at most `max` characters. */
export const nameField = (
  label: string,
  max: number,
  width: number,
  unique?: string,
): FieldDef => ({
  name: "name",
  label,
  type: "str",
  width,
  sortable: true,
  filterable: true,
  searchable: true,
  ...(unique ? { unique } : {}),
  rules: [required(`请输入${label}`), maxLength(max, label)],
});

/** Select options from key → label, in that order. */
export const choices = (labels: Record<string, string>): SelectOption[] =>
  Object.entries(labels).map(([key, label]) => ({ key, label }));

/** A switch stored as 1 (启用) or 0 (禁用). */
export const enabledField = (name: string): FieldDef => ({
  name,
  label: "启用/禁用",
  type: "select",
  valueType: "int",
  width: 100,
  sortable: true,
  filterable: true,
  default: 1,
  options: [
    { key: 1, label: "启用" },
    { key: 0, label: "禁用" },
  ],
  rules: [required("请选择启用或禁用")],
});

/** A searchable free text of at most `max` characters. */
export const descriptionField = (max: number, width: number): FieldDef => ({
  name: "description",
  label: "描述",
  type: "text",
  width,
  searchable: true,
  rules: [maxLength(max, "描述")],
});

/** A status ("状态") among `options`. */
export const statusField = (options: SelectOption[], more: Partial<FieldDef>): FieldDef => ({
  name: "status",
  label: "状态",
  type: "select",
  width: 90,
  sortable: true,
  filterable: true,
  options,
  ...more,
});

export const idField: FieldDef = {
  name: "id",
  label: "ID",
  type: "number",
  valueType: "int",
  width: 80,
  sortable: true,
  readOnly: true,
};

export const createdAtField = (label = "创建时间"): FieldDef => ({
  name: "created_at",
  label,
  type: "datetime",
  width: 170,
  sortable: true,
  readOnly: true,
});

/** A relation's confidence, 0 to 1. */
export const confidenceField = (more: Partial<FieldDef>): FieldDef => ({
  name: "confidence",
  label: "置信度",
  type: "number",
  valueType: "real",
  width: 90,
  sortable: true,
  ...more,
});

export const graphField: FieldDef = {
  name: "graph",
  label: "知识图谱",
  type: "select",
  column: "graph_id",
  valueType: "int",
  width: 120,
  sortable: true,
  filterable: true,
  options: graphOptions,
};

export const sourceField: FieldDef = {
  name: "source",
  label: "数据来源",
  type: "select",
  column: "source_id",
  valueType: "int",
  width: 120,
  filterable: true,
  options: sourceOptions,
};

export const TIME_PATTERN = "^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$";
