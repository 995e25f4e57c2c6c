import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { resourcesApi } from "~/platform-client/resources.server";
import type { TFunction } from "i18next";
import type { ImportActionData, ImportData, ImportResult } from "~/table/data";
import type { ResourceKey } from "~/table/registry";
import { joinMessages } from "~/table/messages";
import type { RowError } from "~/table/types";
import { PlatformError } from "~/platform-client/client.server";
import { backToTable, schemaFor } from "./form.server";
import {
  failureMessage,
  failureStatus,
  forbiddenPage,
  openScreen,
  rethrowUnexpected,
} from "./platform.server";
import { CSV_FORM_BYTES, readForm } from "~/http/form.server";

/** Spec §5 and §9: csv only, at most 2 MB. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export async function importLoader(key: ResourceKey, { request }: LoaderFunctionArgs) {
  const { screen, viewer, t } = await openScreen(key, request);
  const schema = await schemaFor(viewer, screen, t, "create");
  if (!schema.importable) throw forbiddenPage(t);
  return data<ImportData>({
    screen: screen.key,
    template: schema.template ? `${screen.path}/export?template=1` : null,
  });
}

/** The file to import: the one chosen, or the checked one carried back by the commit button. */
function chosenFile(form: FormData): File | null {
  const file = form.get("file");
  if (file && typeof file !== "string" && file.size > 0) return file;
  const content = form.get("content");
  const name = form.get("filename");
  if (typeof content === "string" && content && typeof name === "string") {
    return new File([Buffer.from(content, "base64")], name, { type: "text/csv" });
  }
  return null;
}

const acceptable = (file: File) => /\.csv$/i.test(file.name) && file.size <= MAX_IMPORT_BYTES;

function rowErrors(e: unknown): RowError[] {
  const errors = e instanceof PlatformError ? e.body?.errors : undefined;
  return Array.isArray(errors) ? (errors as RowError[]) : [];
}

function refused(t: TFunction, e: unknown) {
  return data<ImportActionData>(
    {
      stage: "failed",
      message: failureMessage(t, "messages.uploadFailed", e),
      result: { created: 0, updated: 0, errors: rowErrors(e) },
    },
    { status: failureStatus(e) },
  );
}

/**
 * Import in two steps (spec §4 and the dry run): "check" sends the file with
 * `dry_run=1` and shows what would be added or changed and every bad row; "commit" imports,
 * all rows or none.
 */
export async function importAction(key: ResourceKey, { request }: ActionFunctionArgs) {
  const form = await readForm(request, { maxBytes: CSV_FORM_BYTES });
  const { screen, viewer, t } = await openScreen(key, request, { formData: form });
  const intent = form.get("intent") === "commit" ? "commit" : "check";
  const file = chosenFile(form);
  if (!file || !acceptable(file)) {
    return data<ImportActionData>(
      { stage: "failed", message: joinMessages(t("messages.uploadFailed"), t("import.tip")) },
      { status: 400 },
    );
  }
  const upload = new FormData();
  upload.append("file", file, file.name);
  let result: ImportResult;
  try {
    const res = await resourcesApi.import(viewer.api, screen.api, upload, intent === "check");
    const answer = (await res.json()) as ImportResult;
    result = { created: answer.created, updated: answer.updated, errors: answer.errors ?? [] };
  } catch (e) {
    rethrowUnexpected(e);
    return refused(t, e);
  }
  if (intent === "commit") {
    return backToTable(
      viewer,
      screen,
      request,
      joinMessages(
        t("messages.uploadOk"),
        t("import.summary", { created: result.created, updated: result.updated }),
      ),
    );
  }
  const clean = result.errors.length === 0;
  return data<ImportActionData>({
    stage: "checked",
    result,
    content: clean ? Buffer.from(await file.arrayBuffer()).toString("base64") : undefined,
    filename: file.name,
  });
}
