import type { FieldErrors, Mode, RecordRow, ResourceDef } from "../types.js";
import {
  TIME_PATTERN,
  choices,
  confidenceField,
  createdAtField,
  crudPermissions,
  descriptionField,
  enabledField,
  graphField,
  idField,
  maxLength,
  nameField,
  required,
  sourceField,
  statusField,
} from "./shared.js";

export const sources: ResourceDef = {
  app: "data",
  name: "sources",
  table: "data_sources",
  label: "数据来源",
  permissions: crudPermissions("data", "source"),
  importable: true,
  fields: [
    idField,
    nameField("来源名称", 100, 160, "来源名称已存在"),
    {
      name: "type",
      label: "来源类型",
      type: "select",
      width: 100,
      sortable: true,
      filterable: true,
      default: "web",
      options: choices({ web: "网页", file: "文件", database: "数据库", api: "接口" }),
      rules: [required("请选择来源类型")],
    },
    {
      name: "url",
      label: "地址",
      type: "str",
      width: 200,
      searchable: true,
      rules: [maxLength(1000, "地址")],
    },
    descriptionField(2000, 200),
    enabledField("enabled"),
    {
      name: "fetch_time",
      label: "每日采集时间",
      type: "time",
      width: 120,
      sortable: true,
      rules: [{ pattern: TIME_PATTERN, message: "时间格式为 HH:mm:ss" }],
    },
    { ...createdAtField(), defaultHidden: true },
  ],
  hooks: {
    // Web pages and APIs are fetched from their address, so they need one that can be fetched.
    validate: (values, _mode, existing): FieldErrors => {
      const type = values.type ?? existing?.type;
      const url = String(values.url ?? existing?.url ?? "");
      if ((type === "web" || type === "api") && !/^https?:\/\/\S+$/i.test(url)) {
        return { url: ["网页和接口来源需要以 http:// 或 https:// 开头的地址"] };
      }
      return {};
    },
  },
};

const LABEL_STATUS = choices({ pending: "待处理", done: "已完成", rejected: "已驳回" });

/** Offsets count characters of the text, end exclusive. */
function spanErrors(
  values: Record<string, unknown>,
  _mode: Mode,
  existing: RecordRow | null,
): FieldErrors {
  const pick = (k: string) => (k in values ? values[k] : existing?.[k]);
  const text = String(pick("text") ?? "");
  const start = pick("start") as number | null;
  const end = pick("end") as number | null;
  if (start !== null && start !== undefined && end !== null && end !== undefined && end < start) {
    return { end: ["结束位置不能小于起始位置"] };
  }
  if (end !== null && end !== undefined && end > [...text].length)
    return { end: ["结束位置超出文本长度"] };
  return {};
}

export const labels: ResourceDef = {
  app: "data",
  name: "labels",
  table: "data_labels",
  label: "标注数据",
  permissions: crudPermissions("data", "label"),
  importable: true,
  fields: [
    idField,
    {
      name: "text",
      label: "文本",
      type: "text",
      width: 260,
      searchable: true,
      rules: [required("请输入文本"), maxLength(10000, "文本")],
    },
    {
      name: "label",
      label: "标签",
      type: "str",
      width: 100,
      sortable: true,
      filterable: true,
      searchable: true,
      rules: [required("请输入标签"), maxLength(100, "标签")],
    },
    {
      name: "start",
      label: "起始位置",
      type: "number",
      valueType: "int",
      width: 90,
      sortable: true,
      defaultHidden: true,
      rules: [{ min: 0, message: "起始位置不能小于0" }],
    },
    {
      name: "end",
      label: "结束位置",
      type: "number",
      valueType: "int",
      width: 90,
      sortable: true,
      defaultHidden: true,
      rules: [{ min: 0, message: "结束位置不能小于0" }],
    },
    {
      name: "entity",
      label: "实体",
      type: "str",
      width: 120,
      searchable: true,
      filterable: true,
      rules: [maxLength(500, "实体")],
    },
    {
      name: "annotator",
      label: "标注人",
      type: "str",
      width: 100,
      filterable: true,
      searchable: true,
      rules: [maxLength(150, "标注人")],
    },
    statusField(LABEL_STATUS, { default: "pending", rules: [required("请选择状态")] }),
    graphField,
    createdAtField(),
  ],
  hooks: { validate: spanErrors },
};

export const triples: ResourceDef = {
  app: "data",
  name: "triples",
  table: "data_triples",
  label: "三元组数据",
  permissions: crudPermissions("data", "triple"),
  importable: true,
  ftsTable: "data_triples_fts",
  countedColumns: ["graph_id", "source_id"],
  fields: [
    idField,
    {
      name: "subject",
      label: "主体",
      type: "str",
      width: 160,
      sortable: true,
      filterable: true,
      searchable: true,
      rules: [required("请输入主体"), maxLength(500, "主体")],
    },
    {
      name: "predicate",
      label: "关系",
      type: "str",
      width: 120,
      sortable: true,
      filterable: true,
      searchable: true,
      rules: [required("请输入关系"), maxLength(200, "关系")],
    },
    {
      name: "object",
      label: "客体",
      type: "str",
      width: 160,
      searchable: true,
      rules: [required("请输入客体"), maxLength(2000, "客体")],
    },
    graphField,
    sourceField,
    confidenceField({
      filterable: true,
      default: 1,
      rules: [
        { min: 0, message: "置信度不能小于0" },
        { max: 1, message: "置信度不能大于1" },
      ],
    }),
    createdAtField(),
  ],
};
