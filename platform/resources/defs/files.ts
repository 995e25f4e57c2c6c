import crypto from "node:crypto";
import type { Router } from "express";
import { requirePermission } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import { HttpError, handle } from "../../http/errors.js";
import { keepNewFile, removeFiles, streamFile } from "../../files/store.js";
import { formFile, formText, readMultipart } from "../multipart.js";
import { validationError } from "../fields.js";
import { recordId } from "../query.js";
import { auditWrite, getRecord, insertRecord, requireRecord } from "../store.js";
import type { ResourceDef } from "../types.js";
import { loadOptions, validateInput } from "../values.js";
import {
  createdAtField,
  crudPermissions,
  descriptionField,
  graphField,
  idField,
  nameField,
  required,
  sourceField,
} from "./shared.js";

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
const TOO_LARGE = "文件不能超过20MB";

export const files: ResourceDef = {
  app: "data",
  name: "files",
  table: "data_files",
  label: "文件数据",
  permissions: crudPermissions("data", "file"),
  importable: false,
  customCreate: true,
  fields: [
    idField,
    nameField("名称", 255, 180),
    {
      name: "file",
      label: "文件",
      type: "custom",
      virtual: true,
      createOnly: true,
      hidden: true,
      noCsv: true,
      createRules: [required("请选择要上传的文件")],
    },
    { ...descriptionField(2000, 240), defaultHidden: true },
    sourceField,
    graphField,
    {
      name: "filename",
      label: "原始文件名",
      type: "str",
      width: 200,
      searchable: true,
      readOnly: true,
      defaultHidden: true,
    },
    {
      name: "size",
      label: "大小（字节）",
      type: "number",
      valueType: "int",
      width: 110,
      sortable: true,
      readOnly: true,
    },
    {
      name: "mime",
      label: "文件类型",
      type: "str",
      width: 140,
      filterable: true,
      readOnly: true,
      defaultHidden: true,
    },
    {
      name: "sha256",
      label: "SHA-256",
      type: "str",
      width: 200,
      filterable: true,
      readOnly: true,
      defaultHidden: true,
    },
    {
      name: "uploaded_by",
      label: "上传人",
      type: "str",
      width: 100,
      sortable: true,
      filterable: true,
      readOnly: true,
    },
    createdAtField("上传时间"),
    { name: "uuid", label: "存储标识", type: "str", hidden: true, readOnly: true, noCsv: true },
  ],
  hooks: {
    afterDelete: (h, records) =>
      removeFiles(
        h.ctx,
        records.map((r) => String(r.uuid)),
        h.db,
      ),
  },
  routes: mountFileRoutes,
};

/**
 * POST /api/data/files/ (multipart: file, name, description, source, graph) keeps the content
 * (platform/files/store.ts: DATA_DIR/files on SQLite, the store on PostgreSQL); GET
 * {id}/download/ streams it back.
 */
function mountFileRoutes(router: Router, ctx: PlatformContext, def: ResourceDef) {
  router.post(
    "/",
    handle(async (req, res) => {
      const user = requirePermission(res, def.permissions.create!);
      const form = await readMultipart(req, MAX_FILE_BYTES, TOO_LARGE);
      const file = formFile(form, "file");
      const input = formText(form);
      if (file && !String(input.name ?? "").trim()) input.name = file.name;
      const { values, errors } = validateInput(
        def,
        input,
        "create",
        null,
        await loadOptions(ctx.store.db, def),
      );
      if (!file || file.size === 0) errors.file = ["请选择要上传的文件"];
      else if (file.size > MAX_FILE_BYTES) errors.file = [TOO_LARGE];
      if (Object.keys(errors).length) throw validationError(errors);

      const content = Buffer.from(await file!.arrayBuffer());
      const columns = {
        uuid: crypto.randomUUID(),
        filename: file!.name.slice(0, 255),
        size: content.length,
        mime: file!.type || "application/octet-stream",
        sha256: crypto.createHash("sha256").update(content).digest("hex"),
        uploaded_by: user.username,
      };
      const id = await keepNewFile(ctx, columns.uuid, content, async (tx) => {
        const newId = await insertRecord({ ctx, user, db: tx }, def, values, columns);
        await auditWrite(tx, user, "create", def, newId, null);
        return newId;
      });
      res.status(201).json(await getRecord(ctx.store.db, def, id));
    }),
  );

  router.get(
    "/:id(\\d+)/download",
    handle(async (req, res, next) => {
      requirePermission(res, def.permissions.read);
      const record = await requireRecord(ctx.store.db, def, recordId(req.params.id));
      const content = await streamFile(ctx, String(record.uuid));
      if (!content) throw new HttpError(404, "文件不存在", "not_found");
      res.attachment(String(record.filename || record.name));
      res.setHeader("Content-Type", String(record.mime));
      res.setHeader("Content-Length", String(record.size));
      content.on("error", next).pipe(res);
    }),
  );
}
