import type { FieldDef, OptionSource, Rule } from "../types.js";

export const required = (message: string): Rule => ({ required: true, message });
export const maxLength = (n: number, label: string): Rule => ({
  max_length: n,
  message: `${label}不能超过${n}个字符`,
});

export const graphOptions: OptionSource = {
  sql: "SELECT id AS key, name AS label FROM graphs ORDER BY id",
};
export const sourceOptions: OptionSource = {
  sql: "SELECT id AS key, name AS label FROM data_sources ORDER BY name",
};

export const enabledOptions = [
  { key: 1, label: "启用" },
  { key: 0, label: "禁用" },
];

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

export const graphField: FieldDef = {
  name: "graph",
  label: "知识图谱",
  type: "select",
  column: "graph_id",
  valueType: "int",
  width: 140,
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
  width: 140,
  filterable: true,
  options: sourceOptions,
};

export const TIME_PATTERN = "^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$";
