import type { Router } from "express";
import { requirePermission } from "../../auth/context.js";
import {
  authorizePasswordReset,
  authorizeUserWrite,
  keepGuardians,
  userSchemaFor,
} from "../grants.js";
import { hashPassword } from "../../auth/passwords.js";
import { canonicalUsername } from "../../auth/username.js";
import type { PlatformContext } from "../../context.js";
import { nowIso } from "../../db/database.js";
import { HttpError, handle } from "../../http/errors.js";
import { validationError } from "../fields.js";
import { recordId } from "../query.js";
import { getRecord, requireRecord, writeAudit } from "../store.js";
import type { FieldDef, ResourceDef } from "../types.js";
import { rulesFor, ruleErrors } from "../values.js";
import { groupOptions, resetPassword } from "./auth-store.js";
import { crudPermissions, enabledField, idField, maxLength, required } from "./shared.js";

/** What the password field's prepare step makes: only this is ever written. */
class PasswordHash {
  constructor(readonly hash: string) {}
}

const passwordField: FieldDef = {
  name: "password",
  label: "密码",
  type: "password",
  virtual: true,
  createOnly: true,
  hidden: true,
  createRules: [
    required("请输入密码"),
    { min_length: 8, message: "密码长度不能少于8位" },
    maxLength(128, "密码"),
  ],
  // Hashed before the write transaction, off the event loop; store only writes the hash.
  prepareValue: async (value) => new PasswordHash(await hashPassword(String(value))),
  store: (value) => {
    if (!(value instanceof PasswordHash))
      throw new Error("a password reached the store without being hashed");
    return { password_hash: value.hash, password_changed_at: nowIso() };
  },
};

export const users: ResourceDef = {
  app: "common",
  name: "users",
  table: "users",
  label: "用户",
  permissions: crudPermissions("auth", "user"),
  importable: true,
  fields: [
    idField,
    {
      name: "username",
      label: "用户名",
      type: "str",
      width: 140,
      sortable: true,
      filterable: true,
      searchable: true,
      unique: "用户名已存在",
      normalize: canonicalUsername,
      rules: [
        required("请输入用户名"),
        maxLength(150, "用户名"),
        {
          pattern: "^[\\p{L}\\p{N}_.@+-]+$",
          message: "用户名只能包含字母、数字、汉字和 @ . + - _",
        },
      ],
    },
    {
      name: "email",
      label: "邮箱",
      type: "str",
      width: 180,
      sortable: true,
      searchable: true,
      rules: [
        maxLength(254, "邮箱"),
        { pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", message: "请输入正确的邮箱地址" },
      ],
    },
    {
      name: "groups",
      label: "用户组",
      type: "multi-select",
      valueType: "int",
      width: 160,
      filterable: true,
      default: [],
      many: { link: "user_groups", own: "user_id", other: "group_id" },
      options: groupOptions,
    },
    {
      name: "date_joined",
      label: "创建时间",
      type: "datetime",
      width: 170,
      sortable: true,
      readOnly: true,
    },
    {
      name: "last_login",
      label: "最后登录时间",
      type: "datetime",
      width: 170,
      sortable: true,
      readOnly: true,
    },
    passwordField,
    enabledField("is_active"),
    {
      name: "avatar",
      label: "头像",
      type: "str",
      width: 120,
      defaultHidden: true,
      rules: [maxLength(500, "头像地址")],
    },
  ],
  hooks: {
    // The administrator knows the first password, so the user must choose their own at first login.
    insertColumns: () => ({ need_init_password: 1 }),
    beforeDelete: (h, record) => {
      if (record.id === h.user.id) throw new HttpError(400, "不能删除当前登录的用户", "invalid");
    },
    authorize: authorizeUserWrite,
    viewerSchema: userSchemaFor,
    guard: keepGuardians,
  },
  routes: mountResetPassword,
};

/**
 * POST /api/common/users/{id}/reset_password/{new_password} (or the password in the body as
 * `new_password`): sets it, forces a change at next login and ends the user's live tokens.
 */
function mountResetPassword(router: Router, ctx: PlatformContext, def: ResourceDef) {
  router.post(
    "/:id(\\d+)/reset_password/:password?",
    handle(async (req, res) => {
      const user = requirePermission(res, "auth__user__update");
      const target = await requireRecord(ctx.store.db, def, recordId(req.params.id));
      await authorizePasswordReset({ ctx, user, db: ctx.store.db }, target);
      const password = req.params.password ?? req.body?.new_password ?? req.body?.password ?? "";
      const broken = ruleErrors(
        typeof password === "string" ? password : "",
        rulesFor(passwordField, "create"),
      );
      if (broken.length) throw validationError({ password: broken });
      const hash = await hashPassword(password);
      await ctx.store.write(async (tx) => {
        await resetPassword(tx, target.id, hash, nowIso());
        const after = await getRecord(tx, def, target.id);
        await writeAudit(tx, user, "reset_password", def, target.id, null, after);
      });
      res.json({ detail: "密码已重置", id: target.id });
    }),
  );
}
