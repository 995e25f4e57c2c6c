import { Alert, Button, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, isRouteErrorResponse, Link, Outlet, useActionData, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { FormActionData, ResetPasswordData, TableData } from "./data";
import { ValidatedForm } from "./form-dialog";
import { resetPasswordForm } from "./reset-password";
import { ResourceTable } from "./resource-table";
import { screens } from "./resources";
import { RouteModal } from "./route-modal";

/** Spec §3 global config: the feature flags as switches, one plain form (configs screen). */
function FeatureFlags({ flags, here }: { flags: NonNullable<TableData["flags"]>; here: string }) {
  const { t } = useTranslation("table");
  if (!flags.length) return null;
  return (
    <Paper withBorder p="sm" data-testid="feature-flags">
      <Form method="post" className="rt-flags" preventScrollReset>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="flags" />
        <input type="hidden" name="redirectTo" value={here} />
        <Text fw={600} size="sm">
          {t("flags.title")}
        </Text>
        {flags.map((f) => (
          <label key={f.key} title={f.label}>
            <input type="checkbox" name="flag" value={f.key} defaultChecked={f.on} className="rt-check" />
            {f.label} <code>{f.key}</code>
          </label>
        ))}
        <Button type="submit" size="xs" variant="light">
          {t("flags.save")}
        </Button>
      </Form>
    </Paper>
  );
}

/** A table screen: its title, the spec §8 message when loading failed, the table, and its dialogs. */
export function ResourceTablePage() {
  const d = useLoaderData<TableData>();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const screen = screens[d.screen];
  return (
    <Stack gap="sm">
      <Title order={3}>{t(screen.title)}</Title>
      {d.error && (
        <Alert color="red" role="alert" data-testid="table-error">
          {d.error}
        </Alert>
      )}
      {d.flags && <FeatureFlags flags={d.flags} here={`${pathname}${search}`} />}
      {d.schema && <ResourceTable screen={screen} schema={d.schema} rows={d.rows} count={d.count} state={d.state} hidden={d.hidden} />}
      <Outlet />
    </Stack>
  );
}

/** A dialog route's failure (a 403, a record gone, the schema not loading) shown in the dialog. */
export function DialogErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("table");
  const { pathname } = useLocation();
  const screen = Object.values(screens).find((s) => pathname.startsWith(`${s.path}/`));
  const message = isRouteErrorResponse(error) ? String(error.data || error.statusText) : t("operationFailed", { ns: "common" });
  const body = (
    <>
      <Alert color="red" role="alert" data-testid="dialog-error">
        {message}
      </Alert>
      {screen && (
        <Button component={Link} to={screen.path} variant="default" mt="md">
          {t("form.back")}
        </Button>
      )}
    </>
  );
  if (!screen) return body;
  return (
    <RouteModal screen={screen} title={isRouteErrorResponse(error) ? error.status : 500} size={420}>
      {body}
    </RouteModal>
  );
}

/** Users screen: reset a user's password (they must change it at their next login). */
export function ResetPasswordPage() {
  const loaded = useLoaderData<ResetPasswordData>();
  const result = useActionData<FormActionData>();
  const { t } = useTranslation("table");
  const screen = screens[loaded.screen];
  const form = useMemo(() => resetPasswordForm(t), [t]);
  return (
    <RouteModal screen={screen} title={t("password.title")} size={600} testId="password-dialog">
      <ValidatedForm
        screen={screen}
        schema={form.schema}
        mode="update"
        rules={form.rules}
        values={result?.values ?? { new_password: "", confirm_password: "" }}
        errors={result?.errors}
        message={result?.message}
        submitLabel={t("form.save")}
      >
        <Text size="sm" mb="xs">
          {t("password.forUser", { username: loaded.username })}
        </Text>
      </ValidatedForm>
    </RouteModal>
  );
}
