import { HttpError } from "../../http/errors.js";
import type { ResourceDef } from "../types.js";
import { activeModelRun } from "./insight-store.js";
import {
  choices,
  createdAtField,
  crudPermissions,
  descriptionField,
  graphField,
  idField,
  maxLength,
  nameField,
  required,
  statusField,
} from "./shared.js";

/**
 * Models and feedback as generic resources (kg/models, kg/feedback): the tables, forms and
 * CSV come from here. Their own actions (runs, evaluations, status changes, reporting a fact)
 * are in platform/admin/insight.
 */

const MODEL_TYPES = choices({ ner: "实体识别", relation: "关系抽取", event: "事件抽取" });
const MODEL_STATUS = choices({
  new: "未训练",
  training: "训练中",
  evaluating: "评估中",
  ready: "就绪",
  failed: "失败",
});
export const FEEDBACK_KINDS = choices({
  entity: "实体",
  relation: "关系",
  event: "事件",
  extraction: "抽取关系",
});
export const FEEDBACK_STATUS = choices({
  new: "新建",
  confirmed: "已确认",
  fixed: "已修复",
  rejected: "已驳回",
});

export const models: ResourceDef = {
  app: "kg",
  name: "models",
  table: "kg_models",
  label: "模型",
  permissions: crudPermissions("kg", "model"),
  importable: true,
  defaultOrdering: "id",
  fields: [
    idField,
    nameField("模型名称", 100, 160),
    {
      name: "version",
      label: "版本",
      type: "str",
      width: 90,
      sortable: true,
      default: "1.0.0",
      rules: [
        required("请输入版本"),
        {
          pattern: "^\\d{1,4}\\.\\d{1,4}\\.\\d{1,4}$",
          message: "版本格式为 主版本.次版本.修订号，如 1.0.0",
        },
      ],
    },
    {
      name: "type",
      label: "模型类型",
      type: "select",
      width: 110,
      sortable: true,
      filterable: true,
      default: "ner",
      options: MODEL_TYPES,
      rules: [required("请选择模型类型")],
    },
    { ...graphField, rules: [required("请选择知识图谱")] },
    statusField(MODEL_STATUS, { readOnly: true }),
    {
      name: "metrics",
      label: "评估指标",
      type: "str",
      width: 240,
      readOnly: true,
      defaultHidden: true,
    },
    {
      name: "f1",
      label: "F1",
      type: "number",
      valueType: "real",
      width: 80,
      sortable: true,
      readOnly: true,
    },
    {
      name: "holdout",
      label: "测试集比例(%)",
      type: "number",
      valueType: "int",
      width: 110,
      defaultHidden: true,
      default: 20,
      rules: [
        required("请输入测试集比例"),
        { integer: true, message: "测试集比例必须是整数" },
        { min: 5, message: "测试集比例不能小于5%" },
        { max: 50, message: "测试集比例不能大于50%" },
      ],
    },
    { ...descriptionField(2000, 220), defaultHidden: true },
    {
      name: "last_run_at",
      label: "最近运行",
      type: "datetime",
      width: 170,
      sortable: true,
      readOnly: true,
    },
    { ...createdAtField(), defaultHidden: true },
  ],
  hooks: {
    // Deleting a model while its run writes an evaluation would leave the run nowhere to write.
    beforeDelete: async (h, record) => {
      const run = await activeModelRun(h.db, record.id);
      if (run !== null)
        throw new HttpError(
          409,
          `模型“${String(record.name)}”有运行中的任务（#${run}），结束后才能删除`,
          "model_busy",
        );
    },
  },
};

export const feedback: ResourceDef = {
  app: "kg",
  name: "feedback",
  table: "kg_feedback",
  label: "反馈",
  permissions: crudPermissions("kg", "feedback"),
  importable: false,
  // Reports are created by POST /api/kg/feedback/ in platform/admin/insight, which checks the fact exists.
  customCreate: true,
  defaultOrdering: "-id",
  fields: [
    idField,
    statusField(FEEDBACK_STATUS, { readOnly: true }),
    {
      name: "kind",
      label: "对象类型",
      type: "select",
      width: 90,
      sortable: true,
      filterable: true,
      immutable: true,
      default: "entity",
      options: FEEDBACK_KINDS,
      rules: [required("请选择对象类型")],
    },
    { ...graphField, immutable: true, defaultHidden: true, rules: [required("请选择知识图谱")] },
    {
      name: "target",
      label: "对象ID",
      type: "str",
      width: 110,
      filterable: true,
      immutable: true,
      defaultHidden: true,
      rules: [
        required("请输入对象ID（实体的UUID，关系、事件或抽取关系的编号）"),
        maxLength(64, "对象ID"),
      ],
    },
    {
      name: "target_label",
      label: "事实",
      type: "str",
      width: 200,
      searchable: true,
      readOnly: true,
    },
    {
      name: "content",
      label: "反馈内容",
      type: "text",
      width: 260,
      searchable: true,
      immutable: true,
      rules: [required("请填写反馈内容"), maxLength(2000, "反馈内容")],
    },
    {
      name: "reporter",
      label: "反馈人",
      type: "str",
      width: 100,
      sortable: true,
      filterable: true,
      searchable: true,
      readOnly: true,
    },
    {
      name: "note",
      label: "处理意见",
      type: "text",
      width: 200,
      searchable: true,
      defaultHidden: true,
      rules: [maxLength(2000, "处理意见")],
    },
    {
      name: "handler",
      label: "处理人",
      type: "str",
      width: 100,
      filterable: true,
      readOnly: true,
      defaultHidden: true,
    },
    {
      name: "handled_at",
      label: "处理时间",
      type: "datetime",
      width: 170,
      sortable: true,
      readOnly: true,
      defaultHidden: true,
    },
    { name: "link", label: "链接", type: "str", readOnly: true, hidden: true },
    createdAtField("反馈时间"),
  ],
};
