import { Alert } from "@mantine/core/esm/components/Alert/Alert.mjs";
import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { Group } from "@mantine/core/esm/components/Group/Group.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import IconDownload from "@tabler/icons-react/dist/esm/icons/IconDownload.mjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ImportActionData, ImportData } from "~/table/data";
import { joinMessages } from "~/table/messages";
import { screens } from "~/table/registry";
import { CancelLink, RouteModal } from "./route-modal";
import type { RowError } from "~/table/types";
import { DataTable } from "~/components/ui/data-table";
import { FileDrop } from "~/components/ui/file-drop";
import { SubmitButton } from "~/components/ui/submit-button";

/** Spec §5: csv only, at most 2 MB. */
const MAX_BYTES = 2 * 1024 * 1024;

function RowErrors({ errors, exportAction }: { errors: RowError[]; exportAction: string }) {
  const { t } = useTranslation("table");
  return (
    <>
      <Text size="sm" c="red" mt="sm">
        {t("import.errors", { count: errors.length })}
      </Text>
      <div style={{ maxHeight: 220, overflow: "auto", marginTop: 6 }}>
        <DataTable
          className="rt-errors"
          frame={false}
          testId="import-errors"
          rows={errors}
          rowKey={(_, i) => i}
          columns={[
            { key: "row", header: t("import.row") },
            { key: "field", header: t("import.field") },
            { key: "message", header: t("import.message") },
          ]}
        />
      </div>
      {/* A document form: the answer is a CSV file to save, not a page. */}
      <form method="post" action={exportAction} style={{ marginTop: 8 }}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="errors" />
        <input type="hidden" name="errors" value={JSON.stringify(errors)} />
        <Button
          type="submit"
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          data-testid="download-errors"
        >
          {t("import.downloadErrors")}
        </Button>
      </form>
    </>
  );
}

/**
 * The import dialog (spec §2: 400 px): template download, the file (csv, at most 2 MB), a
 * check that shows what would be added or changed and every bad row, then the import itself.
 */
export function ImportDialog() {
  const loaded = useLoaderData<ImportData>();
  const result = useActionData<ImportActionData>();
  const { t } = useTranslation("table");
  const screen = screens[loaded.screen];
  const [fileError, setFileError] = useState<string | null>(null);
  const checked = result?.stage === "checked" ? result : null;
  const errors = result?.result?.errors ?? [];

  return (
    <RouteModal screen={screen} title={t("import.title")} size={400} testId="import-dialog">
      <Text size="sm" c="dimmed" data-testid="import-tip">
        {t("import.tip")}
      </Text>
      {loaded.template && (
        <Button
          component="a"
          href={loaded.template}
          download
          variant="subtle"
          size="xs"
          px={0}
          leftSection={<IconDownload size={14} aria-hidden />}
        >
          {t("import.template")}
        </Button>
      )}
      <Form method="post" encType="multipart/form-data" preventScrollReset>
        <AuthenticityTokenInput />
        <FileDrop
          name="file"
          accept=".csv,text/csv"
          required
          label={t("import.file")}
          data-testid="import-file"
          style={{ display: "block", margin: "10px 0" }}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            const bad = file && (!/\.csv$/i.test(file.name) || file.size > MAX_BYTES);
            setFileError(bad ? joinMessages(t("messages.uploadFailed"), t("import.tip")) : null);
            if (bad) e.currentTarget.value = "";
          }}
        />
        {fileError && (
          <Alert color="red" role="alert" mb="xs">
            {fileError}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <CancelLink screen={screen} />
          <SubmitButton intent="check" variant="light" testId="import-check">
            {t("import.check")}
          </SubmitButton>
        </Group>
      </Form>
      {result?.stage === "failed" && result.message && (
        <Alert color="red" role="alert" mt="sm" data-testid="form-error">
          {result.message}
        </Alert>
      )}
      {checked?.result && (
        <div data-testid="import-check-result">
          <Text size="sm" mt="sm">
            {t("import.wouldCreate", { count: checked.result.created })}，
            {t("import.wouldUpdate", { count: checked.result.updated })}
          </Text>
          {checked.content && (
            <Form method="post" encType="multipart/form-data" preventScrollReset>
              <AuthenticityTokenInput />
              <input type="hidden" name="content" value={checked.content} />
              <input type="hidden" name="filename" value={checked.filename ?? "import.csv"} />
              <Text size="sm" c="green">
                {t("import.noErrors")}
              </Text>
              <Group justify="flex-end" mt="xs">
                <SubmitButton intent="commit" testId="import-commit">
                  {t("import.commit")}
                </SubmitButton>
              </Group>
            </Form>
          )}
        </div>
      )}
      {errors.length > 0 && <RowErrors errors={errors} exportAction={`${screen.path}/export`} />}
    </RouteModal>
  );
}
