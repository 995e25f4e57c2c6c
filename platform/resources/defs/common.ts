import { authorizeGroupWrite, groupSchemaFor, keepGuardians } from "../grants.js";
import type { FieldErrors, ResourceDef } from "../types.js";
import { permissionOptions, userOptions } from "./auth-store.js";
import {
  choices,
  crudPermissions,
  descriptionField,
  idField,
  maxLength,
  nameField,
  readOnlyList,
  required,
} from "./shared.js";

export const groups: ResourceDef = {
  app: "common",
  name: "groups",
  table: "groups",
  label: "用户组",
  permissions: crudPermissions("auth", "group"),
  importable: true,
  fields: [
    idField,
    nameField("名称", 150, 160, "用户组名称已存在"),
    {
      name: "members",
      label: "成员列表",
      type: "multi-select",
      valueType: "int",
      width: 220,
      filterable: true,
      default: [],
      many: { link: "user_groups", own: "group_id", other: "user_id" },
      options: userOptions,
    },
    {
      name: "permissions",
      label: "权限",
      type: "multi-select",
      width: 300,
      filterable: true,
      default: [],
      many: {
        link: "group_permissions",
        own: "group_id",
        other: "permission_id",
        target: { table: "permissions", key: "codename" },
      },
      options: permissionOptions,
    },
  ],
  hooks: { authorize: authorizeGroupWrite, guard: keepGuardians, viewerSchema: groupSchemaFor },
};

const CONFIG_TYPES = choices({ str: "字符串", text: "文本", int: "整数", bool: "布尔" });

/** A value must read as its declared type, or clients reading the config object get nonsense. */
function configValueErrors(type: unknown, value: unknown): FieldErrors {
  const v = String(value ?? "").trim();
  if (type === "int" && !/^-?\d+$/.test(v)) return { value: ["整数类型的配置值必须是整数"] };
  if (type === "bool" && !/^(true|false|1|0|yes|no|on|off)$/i.test(v)) {
    return { value: ["布尔类型的配置值必须是 true 或 false"] };
  }
  return {};
}

export const configs: ResourceDef = {
  app: "common",
  name: "configs",
  table: "configs",
  label: "配置",
  permissions: crudPermissions("common", "config"),
  importable: true,
  defaultOrdering: "key",
  fields: [
    idField,
    {
      name: "key",
      label: "配置键",
      type: "str",
      width: 200,
      sortable: true,
      filterable: true,
      searchable: true,
      immutable: true,
      unique: "配置键已存在",
      rules: [
        required("请输入配置键"),
        maxLength(100, "配置键"),
        {
          pattern: "^[A-Za-z][A-Za-z0-9_.-]*$",
          message: "配置键以字母开头，只能包含字母、数字和 _ . -",
        },
      ],
    },
    {
      name: "value",
      label: "配置值",
      type: "text",
      width: 240,
      searchable: true,
      rules: [maxLength(10000, "配置值")],
    },
    {
      name: "type",
      label: "类型",
      type: "select",
      width: 100,
      sortable: true,
      filterable: true,
      default: "str",
      options: CONFIG_TYPES,
      rules: [required("请选择类型")],
    },
    {
      name: "public",
      label: "公开",
      type: "select",
      valueType: "int",
      width: 80,
      filterable: true,
      default: 1,
      options: [
        { key: 1, label: "公开" },
        { key: 0, label: "不公开" },
      ],
      rules: [required("请选择是否公开")],
    },
    descriptionField(500, 260),
  ],
  hooks: {
    validate: (values, _mode, existing) =>
      configValueErrors(values.type ?? existing?.type, values.value ?? existing?.value),
  },
};

export const auditlog = readOnlyList("common/auditlog", {
  table: "audit_log",
  label: "审计日志",
  read: "common__auditlog__read",
  fields: [
    { ...idField },
    { name: "at", label: "时间", type: "datetime", width: 170, sortable: true, readOnly: true },
    {
      name: "user_id",
      label: "用户ID",
      type: "number",
      valueType: "int",
      width: 80,
      defaultHidden: true,
      filterable: true,
      readOnly: true,
    },
    {
      name: "username",
      label: "操作人",
      type: "str",
      width: 120,
      sortable: true,
      filterable: true,
      searchable: true,
      readOnly: true,
    },
    {
      name: "action",
      label: "操作",
      type: "select",
      width: 100,
      filterable: true,
      readOnly: true,
      options: choices({
        create: "新增",
        update: "修改",
        delete: "删除",
        import: "导入",
        reset_password: "重置密码",
      }),
    },
    {
      name: "resource",
      label: "资源",
      type: "str",
      width: 140,
      filterable: true,
      searchable: true,
      readOnly: true,
    },
    {
      name: "record_id",
      label: "记录",
      type: "str",
      width: 80,
      filterable: true,
      searchable: true,
      readOnly: true,
    },
    { name: "before_json", label: "修改前", type: "text", width: 220, readOnly: true },
    { name: "after_json", label: "修改后", type: "text", width: 220, readOnly: true },
  ],
});

/**
 * The client error log (common/client-errors.ts): not a generic resource (its list and its
 * report endpoint are its own), but its schema is served like theirs, read-only, from here.
 */
export const clientErrors = readOnlyList("common/clienterrors", {
  table: "client_errors",
  label: "前端错误日志",
  read: "common__clienterror__read",
  fields: [
    { name: "id", label: "ID", type: "number", valueType: "int", width: 70, readOnly: true },
    { name: "at", label: "时间", type: "datetime", width: 170, readOnly: true },
    { name: "username", label: "用户", type: "str", width: 110, readOnly: true },
    { name: "url", label: "页面地址", type: "str", width: 220, readOnly: true },
    { name: "error", label: "错误", type: "text", width: 320, readOnly: true },
    { name: "info", label: "附加信息", type: "text", width: 240, readOnly: true },
    {
      name: "user_agent",
      label: "浏览器",
      type: "str",
      width: 200,
      readOnly: true,
      defaultHidden: true,
    },
  ],
});
