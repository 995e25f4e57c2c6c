import { Alert } from "@mantine/core/esm/components/Alert/Alert.mjs";
import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { FormActionData, ResetPasswordData } from "~/table/data";
import { ValidatedForm } from "./form-dialog";
import { resetPasswordForm } from "~/table/reset-password";
import { screens } from "~/table/registry";
import { RouteModal } from "./route-modal";

/** A dialog route's failure (a 403, a record gone, the schema not loading) shown in the dialog. */
export function DialogErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("table");
  const { pathname } = useLocation();
  const screen = Object.values(screens).find((s) => pathname.startsWith(`${s.path}/`));
  const message = isRouteErrorResponse(error)
    ? String(error.data || error.statusText)
    : t("operationFailed", { ns: "common" });
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
