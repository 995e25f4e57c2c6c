import { Alert, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import { getFixedT } from "~/i18next.server";
import { changePassword, passwordWeakness } from "~/auth/account.server";
import { requireViewer } from "~/auth/guard.server";
import { badIntent } from "~/http/page.server";
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

type ActionResult = {
  error?: string;
  fieldErrors?: Record<string, string>;
  /** The answer of intent=check: the platform's reason, or null when the password meets the rule. */
  weakness?: string | null;
};

/**
 * Spec §7 PATCH /users/password/: first-time init (no old password) or an ordinary change.
 * intent=check asks users/valid about the new password alone (while the form is filled in);
 * a save asks it too, so the answer stands under the field with JavaScript or without.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { formData: form });
  const intent = form.get("intent");
  if (intent === "check") {
    return data<ActionResult>({
      weakness: await passwordWeakness(viewer.api, String(form.get("new_password") ?? "")),
    });
  }
  if (intent !== null) throw badIntent(intent);
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
  const refused = await changePassword(viewer.api, body, fieldErrors);
  if (refused === "fields") return data<ActionResult>({ fieldErrors }, { status: 400 });
  if (refused)
    return data<ActionResult>(
      { error: refused.detail || t("operationFailed") },
      { status: refused.status },
    );
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

type Check = { weakness?: string | null };

/**
 * The platform's answer about the new password (users/valid), asked when the field is left and,
 * once it has answered, again as the person types; the save's own answer until then.
 */
function usePasswordCheck(saved: string | undefined) {
  const checker = useFetcher<ActionResult>();
  const token = useAuthenticityToken();
  const [answer, setAnswer] = useState<Check>({ weakness: saved });
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => setAnswer({ weakness: saved }), [saved]);
  useEffect(() => {
    if (checker.data && "weakness" in checker.data) setAnswer({ weakness: checker.data.weakness });
  }, [checker.data]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const ask = (value: string) => {
    clearTimeout(timer.current);
    if (value)
      checker.submit({ intent: "check", new_password: value, csrf: token }, { method: "post" });
  };
  return {
    answer,
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => ask(e.currentTarget.value),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (answer.weakness === undefined) return;
      const value = e.currentTarget.value;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => ask(value), 400);
    },
  };
}

export default function PasswordPage() {
  const { mode } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const { t } = useTranslation();
  const fe = result?.fieldErrors ?? {};
  const check = usePasswordCheck(fe.new_password);
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
              error={f.name === "new_password" ? check.answer.weakness : fe[f.name]}
              {...(f.name === "new_password" && {
                onBlur: check.onBlur,
                onChange: check.onChange,
                description: check.answer.weakness === null ? t("password.meetsRule") : undefined,
                // The answer under the field, where the refusal also shows.
                inputWrapperOrder: ["label", "input", "description", "error"],
                "data-testid": "new-password",
                // Mantine marks the inner input data-invalid only: say it to screen readers too.
                "aria-invalid": check.answer.weakness ? true : undefined,
              })}
            />
          ))}
          {/* What the check said, read out once when the field is left. */}
          <div className="visually-hidden" role="status" data-testid="password-check">
            {check.answer.weakness ??
              (check.answer.weakness === null ? t("password.meetsRule") : "")}
          </div>
          <SubmitButton>{t("password.submit")}</SubmitButton>
        </Stack>
      </Form>
    </Paper>
  );
}
