import { Alert } from "@mantine/core/esm/components/Alert/Alert.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { DeleteData } from "~/table/data";
import { screens } from "~/table/registry";
import { CancelLink, RouteModal } from "./route-modal";
import { SubmitButton } from "~/components/ui/submit-button";

/**
 * The delete confirmation (spec §2: 确定删除？) for one record or a selection. A page of its
 * own, so it works without JavaScript; the deletion itself is the form's POST.
 */
export function DeleteConfirm() {
  const loaded = useLoaderData<DeleteData>();
  const result = useActionData<DeleteData>();
  const { t } = useTranslation("table");
  const screen = screens[loaded.screen];
  const error = result?.error ?? loaded.error;
  const ids = loaded.ids ?? [];
  return (
    <RouteModal screen={screen} title={t("delete.title")} size={420} testId="delete-dialog">
      <Text fw={600} mb="xs" data-testid="delete-question">
        {t("delete.confirm")}
      </Text>
      <Text size="sm" c="dimmed" data-testid="delete-count">
        {loaded.all
          ? t("delete.allMatching", { count: loaded.count })
          : t("delete.count", { count: loaded.count })}
      </Text>
      {loaded.summary.map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
      {error && (
        <Alert color="red" role="alert" mt="sm" data-testid="form-error">
          {error}
        </Alert>
      )}
      <Form method="post" preventScrollReset>
        <AuthenticityTokenInput />
        {ids.map((id) => (
          <input key={id} type="hidden" name="id" value={id} />
        ))}
        {loaded.all && <input type="hidden" name="all" value="1" />}
        <div className="rt-dialog-actions">
          <CancelLink screen={screen} />
          <SubmitButton color="red" disabled={loaded.count === 0} testId="confirm-delete">
            {t("delete.ok")}
          </SubmitButton>
        </div>
      </Form>
    </RouteModal>
  );
}
