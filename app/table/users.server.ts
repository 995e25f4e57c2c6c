import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { resourcesApi } from "~/platform-client/resources.server";
import type { FormActionData, ResetPasswordData } from "~/table/data";
import { readFormValues } from "~/table/form-values";
import { recordLock } from "~/table/locks";
import { resetPasswordForm } from "~/table/reset-password";
import { validateValues } from "~/table/rules";
import { backToTable, schemaFor } from "./form.server";
import {
  failureMessage,
  failureStatus,
  fetchRecord,
  forbiddenPage,
  openScreen,
  platformFieldErrors,
  rethrowUnexpected,
} from "./platform.server";
import { readForm } from "~/http/form.server";

export async function resetPasswordLoader({ request, params }: LoaderFunctionArgs) {
  const { screen, viewer, t } = await openScreen("users", request);
  const schema = await schemaFor(viewer, screen, t, "update");
  if (recordLock(schema, params.id).all) throw forbiddenPage(t, t("actions.locked"));
  const user = await fetchRecord(viewer.api, screen, params.id ?? "");
  return data<ResetPasswordData>({
    screen: "users",
    id: String(user.id),
    username: String(user.username ?? ""),
  });
}

/** POST /api/common/users/{id}/reset_password/ with the new password (the platform ends their sessions). */
export async function resetPasswordAction({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { screen, viewer, t } = await openScreen("users", request, { formData: form });
  const { schema, rules } = resetPasswordForm(t);
  const values = readFormValues(schema, "update", form);
  const errors = validateValues(Object.keys(schema.form_fields), rules, values);
  const blank = { new_password: "", confirm_password: "" };
  if (Object.keys(errors).length) {
    return data<FormActionData>(
      { values: blank, errors, message: t("messages.saveFailed") },
      { status: 400 },
    );
  }
  try {
    await resourcesApi.act(viewer.api, screen.api, params.id ?? "", "reset_password", {
      new_password: values.new_password,
    });
  } catch (e) {
    rethrowUnexpected(e);
    const fieldErrors = platformFieldErrors(e);
    if (fieldErrors.password) fieldErrors.new_password = fieldErrors.password;
    return data<FormActionData>(
      { values: blank, errors: fieldErrors, message: failureMessage(t, "messages.saveFailed", e) },
      { status: failureStatus(e) },
    );
  }
  return backToTable(viewer, screen, request, t("messages.resetOk"));
}
