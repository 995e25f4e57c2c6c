import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { resourcesApi } from "~/platform-client/resources.server";
import type { TFunction } from "i18next";
import type { FormActionData, FormDialogData } from "~/table/data";
import {
  echoValues,
  formFields,
  initialValues,
  platformBody,
  readFormValues,
} from "~/table/form-values";
import { recordLock } from "~/table/locks";
import type { ResourceKey, ResourceScreen } from "~/table/registry";
import { mergeRules, validateValues } from "~/table/rules";
import { parseTableState, stateQuery } from "~/table/table-state";
import type { FormMode, FormValues, TableSchema } from "~/table/types";
import { invalidatePlatformConfig } from "~/platform-client/config.server";
import type { Viewer } from "~/auth/guard.server";
import { commitSession, flash } from "~/auth/session.server";
import {
  failureMessage,
  failureStatus,
  fetchRecord,
  fetchSchema,
  forbiddenPage,
  openScreen,
  platformFieldErrors,
  rethrowUnexpected,
  screenOf,
} from "./platform.server";
import { FILE_FORM_BYTES, FORM_BYTES, readForm } from "~/http/form.server";

const MESSAGES = {
  create: { ok: "messages.createOk", failed: "messages.createFailed" },
  update: { ok: "messages.saveOk", failed: "messages.saveFailed" },
} as const;

/** Back to the table, on the page and with the search, sort and filters the dialog was opened from. */
export function tableUrl(screen: ResourceScreen, request: Request, page?: number) {
  const state = parseTableState(new URL(request.url).searchParams);
  if (page !== undefined && page !== state.page) {
    // Another page than the token's link was made for: read from the nearer end.
    state.page = page;
    delete state.seek;
  }
  return `${screen.path}${stateQuery(state)}`;
}

/** Flash a spec §8 message and go back to the table (post/redirect/get). */
export async function backToTable(
  viewer: Viewer,
  screen: ResourceScreen,
  request: Request,
  message: string,
  page?: number,
) {
  flash(viewer.api.session, "success", message);
  if (screen.key === "configs") invalidatePlatformConfig();
  return redirect(tableUrl(screen, request, page), {
    headers: { "Set-Cookie": await commitSession(viewer.api.session) },
  });
}

/** The schema, and (for a dialog's page) whether it lets this user `need`; writes leave refusing to the platform. */
export async function schemaFor(
  viewer: Viewer,
  screen: ResourceScreen,
  t: TFunction,
  need?: keyof TableSchema["permissions"],
): Promise<TableSchema> {
  let schema: TableSchema;
  try {
    schema = await fetchSchema(viewer.api, screen);
  } catch (e) {
    rethrowUnexpected(e);
    throw new Response(failureMessage(t, "messages.schemaFailed", e), { status: failureStatus(e) });
  }
  if (need && !schema.permissions[need]) throw forbiddenPage(t);
  return schema;
}

/** What the account rule locks on the record being edited (nothing when creating). */
const lockFor = (schema: TableSchema, mode: FormMode, id: string | undefined) =>
  recordLock(schema, mode === "update" ? id : undefined);

function omit(values: FormValues, names: string[]): FormValues {
  if (!names.length) return values;
  return Object.fromEntries(Object.entries(values).filter(([name]) => !names.includes(name)));
}

/** Spec §4: the create dialog opens blank with defaults; the edit dialog prefilled. */
export async function formLoader(
  key: ResourceKey,
  mode: FormMode,
  { request, params }: LoaderFunctionArgs,
) {
  const { screen, viewer, t } = await openScreen(key, request);
  const schema = await schemaFor(viewer, screen, t, mode === "create" ? "create" : "update");
  const lock = lockFor(schema, mode, params.id);
  const record =
    mode === "update" ? await fetchRecord(viewer.api, screen, params.id ?? "") : undefined;
  // A record the account rule locks whole answers 403 and the dialog says so; after a refused
  // save it still shows what the user typed, every field disabled.
  return data<FormDialogData>(
    {
      screen: screen.key,
      mode,
      schema,
      id: params.id,
      values: initialValues(schema, mode, screen, record),
      locked: lock.all ? formFields(schema, mode).map(([name]) => name) : lock.fields,
      ...(lock.all ? { lockedMessage: t("actions.locked") } : {}),
    },
    lock.all ? { status: 403 } : undefined,
  );
}

async function send(
  viewer: Viewer,
  screen: ResourceScreen,
  schema: TableSchema,
  mode: FormMode,
  values: FormValues,
  form: FormData,
  id?: string,
) {
  if (mode === "update")
    return resourcesApi.update(
      viewer.api,
      screen.api,
      id!,
      platformBody(schema, mode, values, screen),
    );
  if (!screen.multipart)
    return resourcesApi.create(viewer.api, screen.api, platformBody(schema, mode, values, screen));
  // A file upload goes to the platform as it came: the file and the text fields, multipart.
  const out = new FormData();
  for (const [name, value] of Object.entries(platformBody(schema, mode, values, screen))) {
    if (value !== null && value !== undefined) out.append(name, String(value));
  }
  for (const [name, editor] of Object.entries(screen.customFields ?? {})) {
    const file = form.get(name);
    if (editor === "file-upload" && file && typeof file !== "string")
      out.append(name, file, file.name);
  }
  return resourcesApi.create(viewer.api, screen.api, out);
}

/**
 * Saves a create or edit dialog. The merged rules (spec §5) are checked here first, then the
 * platform validates again; either way a refusal re-renders the dialog with what the user
 * typed and each field's message.
 */
export async function formAction(
  key: ResourceKey,
  mode: FormMode,
  { request, params }: ActionFunctionArgs,
) {
  const screen = screenOf(key);
  const form = await readForm(request, {
    maxBytes: screen.multipart ? FILE_FORM_BYTES : FORM_BYTES,
  });
  const { viewer, t } = await openScreen(screen, request, { formData: form });
  const messages = MESSAGES[mode];
  const schema = await schemaFor(viewer, screen, t);
  // Fields the account rule keeps this viewer from changing are not sent: the platform keeps them.
  // A record locked whole since the dialog opened is sent as typed: the platform's refusal then
  // shows in the form, with what the user typed kept.
  const lock = lockFor(schema, mode, params.id);
  const values = omit(readFormValues(schema, mode, form, screen), lock.fields);
  const rules = mergeRules(schema, mode, screen.customRules?.[mode]);
  const fields = formFields(schema, mode)
    .map(([name]) => name)
    .filter((name) => !lock.fields.includes(name));
  const errors = validateValues(fields, rules, values);
  if (Object.keys(errors).length) {
    return data<FormActionData>(
      { values: echoValues(schema, mode, values), errors, message: t(messages.failed) },
      { status: 400 },
    );
  }
  try {
    await send(viewer, screen, schema, mode, values, form, params.id);
  } catch (e) {
    rethrowUnexpected(e);
    return data<FormActionData>(
      {
        values: echoValues(schema, mode, values),
        errors: platformFieldErrors(e),
        message: failureMessage(t, messages.failed, e),
      },
      { status: failureStatus(e) },
    );
  }
  return backToTable(viewer, screen, request, t(messages.ok));
}
