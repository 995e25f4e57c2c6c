import { Alert, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { getFixedT } from "~/i18next.server";
import { PlatformError } from "~/platform-client/client.server";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { commitSession, flash } from "~/auth/session.server";
import { readForm } from "~/http/form.server";
import { SubmitButton } from "~/components/ui/submit-button";
import { PasswordToggleIcon } from "~/components/ui/password-toggle-icon";

export const meta = titleMeta("nav.password");
export const handle = { name: "Password" };

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const mode = viewer.info.profile.need_init_password
    ? "init"
    : viewer.info.profile.password_expired
      ? "expired"
      : "change";
  return data({ mode });
}

type ActionResult = { error?: string; fieldErrors?: Record<string, string> };

/** Spec §7 PATCH /users/password/: first-time init (no old password) or an ordinary change. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { formData: form });
  const t = await getFixedT(request);
  const init = viewer.info.profile.need_init_password;
  const body = {
    old_password: init ? undefined : String(form.get("old_password") ?? ""),
    new_password: String(form.get("new_password") ?? ""),
    confirm_password: String(form.get("confirm_password") ?? ""),
  };
  const fieldErrors: Record<string, string> = {};
  if (!init && !body.old_password)
    fieldErrors.old_password = t("login.required", { field: t("password.oldPassword") });
  if (!body.new_password)
    fieldErrors.new_password = t("login.required", { field: t("password.newPassword") });
  if (body.new_password !== body.confirm_password)
    fieldErrors.confirm_password = t("password.mismatch");
  if (Object.keys(fieldErrors).length) return data<ActionResult>({ fieldErrors }, { status: 400 });
  try {
    await viewer.api.patch("/common/users/password/", body);
  } catch (e) {
    if (e instanceof PlatformError)
      return data<ActionResult>({ error: e.detail || t("operationFailed") }, { status: e.status });
    throw e;
  }
  flash(viewer.api.session, "success", t("password.changed"));
  return redirect(init ? "/" : "/dashboard", {
    headers: { "Set-Cookie": await commitSession(viewer.api.session) },
  });
}

/** The old password (not asked when setting a first one), the new one and its confirmation. */
const PASSWORD_FIELDS = [
  {
    name: "old_password",
    label: "password.oldPassword",
    autoComplete: "current-password",
    minLength: undefined,
  },
  {
    name: "new_password",
    label: "password.newPassword",
    autoComplete: "new-password",
    minLength: 8,
  },
  {
    name: "confirm_password",
    label: "password.confirmPassword",
    autoComplete: "new-password",
    minLength: 8,
  },
] as const;

export default function PasswordPage() {
  const { mode } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const { t } = useTranslation();
  const fe = result?.fieldErrors ?? {};
  const heading =
    mode === "init"
      ? t("password.initTitle")
      : mode === "expired"
        ? t("password.expiredTitle")
        : t("password.title");
  return (
    <Paper maw={460} mx="auto" mt="lg" p="xl" withBorder>
      <Form method="post">
        <AuthenticityTokenInput />
        <Stack>
          <Title order={1} size="h3" data-testid="password-heading">
            {heading}
          </Title>
          <Text size="sm" c="dimmed">
            {t("password.rule")}
          </Text>
          {result?.error && (
            <Alert color="red" role="alert">
              {result.error}
            </Alert>
          )}
          {PASSWORD_FIELDS.filter((f) => mode !== "init" || f.name !== "old_password").map((f) => (
            <PasswordInput
              key={f.name}
              name={f.name}
              label={t(f.label)}
              autoComplete={f.autoComplete}
              visibilityToggleIcon={PasswordToggleIcon}
              required
              minLength={f.minLength}
              error={fe[f.name]}
            />
          ))}
          <SubmitButton>{t("password.submit")}</SubmitButton>
        </Stack>
      </Form>
    </Paper>
  );
}
