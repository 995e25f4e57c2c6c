import { OWL_APPLY, OWL_PREVIEW } from "~/graph-admin/types";
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorNotice, Field } from "./form-parts";
import type { ActionError, OwlPreview } from "~/graph-admin/types";
import { DataTable } from "~/components/ui/data-table";
import { IntentForm } from "~/components/ui/intent-form";
import { FileDrop } from "~/components/ui/file-drop";

/** A step of the OWL import (dry run, apply): a file upload for one ontology. */
function OwlForm({
  intent,
  ontologyId,
  testId,
  children,
}: {
  intent: string;
  ontologyId: number;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <IntentForm
      intent={intent}
      encType="multipart/form-data"
      preventScrollReset
      data-testid={testId}
    >
      <input type="hidden" name="id" value={ontologyId} />
      {children}
    </IntentForm>
  );
}

/** The dry run's answer: added, changed and removed terms, and the facts each removal would break. */
function OwlDiff({ preview }: { preview: OwlPreview }) {
  const { t } = useTranslation("admin");
  const { diff } = preview;
  if (diff.unchanged) {
    return (
      <Alert color="green" data-testid="owl-unchanged">
        {t("owl.unchanged", { file: preview.filename })}
      </Alert>
    );
  }
  // Both tables name the kind of term (class, property, relation type…) first or second.
  const kindColumn = {
    key: "kind",
    header: t("owl.kind"),
    width: 110,
    cell: (x: { kind: string }) => t(`owl.kinds.${x.kind}`),
  };
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="owl-summary">
        {t("owl.summary", { file: preview.filename, ...diff.summary })}
      </Text>
      <DataTable
        look="admin"
        testId="owl-changes"
        caption={t("owl.changes")}
        rows={diff.changes}
        rowKey={(c) => `${c.kind}:${c.change}:${c.name}`}
        columns={[
          {
            key: "change",
            header: t("owl.change"),
            width: 110,
            cell: (c) => t(`owl.changeKinds.${c.change}`),
          },
          kindColumn,
          { key: "name", header: t("owl.name") },
          { key: "detail", header: t("owl.detail") },
        ]}
      />
      {diff.breaks.length > 0 && (
        <DataTable
          look="admin"
          testId="owl-breaks"
          caption={t("owl.breaks")}
          rows={diff.breaks}
          rowKey={(b) => `${b.kind}:${b.name}`}
          columns={[
            kindColumn,
            { key: "name", header: t("owl.name") },
            { key: "count", header: t("owl.facts"), width: 90 },
            { key: "samples", header: t("owl.samples"), cell: (b) => b.samples.join("、") },
          ]}
        />
      )}
    </Stack>
  );
}

/**
 * "Import OWL" on the ontology page: a file form (dry run: the diff against the ontology),
 * then an apply form that sends the same file back with `apply=1`. Plain forms: no
 * JavaScript needed. A file too large to carry in the page is chosen again to apply.
 */
export function OwlImport({
  ontologyId,
  preview,
  result,
}: {
  ontologyId: number;
  preview: OwlPreview | null;
  result?: ActionError | null;
}) {
  const { t } = useTranslation("admin");
  const { key } = useLocation();
  const shown = preview && preview.diff.ontology.id === ontologyId ? preview : null;
  return (
    <details
      className="ga-inline"
      open={!!shown || result?.target === "owlImport"}
      data-testid="owl-import"
      key={key}
    >
      <summary data-testid="open-owl-import">{t("owl.title")}</summary>
      <Stack gap="sm" className="body">
        <Title order={3} size="h5">
          {t("owl.title")}
        </Title>
        <Text size="sm">{t("owl.hint")}</Text>
        <ErrorNotice result={result} target="owlImport" />
        <OwlForm intent={OWL_PREVIEW} ontologyId={ontologyId} testId="owl-preview-form">
          <Group align="flex-end" gap="xs">
            <Field
              label={t("owl.file")}
              error={result?.target === "owlImport" ? result.fieldErrors?.file : undefined}
            >
              <FileDrop
                name="file"
                accept=".ttl,.owl,text/turtle"
                required
                label={t("owl.file")}
                data-testid="owl-file"
              />
            </Field>
            <Button type="submit" size="xs" variant="light" data-testid="owl-dry-run">
              {t("owl.dryRun")}
            </Button>
          </Group>
        </OwlForm>
        {shown && (
          <>
            <OwlDiff preview={shown} />
            {!shown.diff.unchanged && (
              <OwlForm intent={OWL_APPLY} ontologyId={ontologyId} testId="owl-apply-form">
                <input type="hidden" name="filename" value={shown.filename} />
                <Stack gap="xs">
                  {shown.text !== null ? (
                    <input type="hidden" name="owl_text" value={shown.text} />
                  ) : (
                    <Field label={t("owl.fileAgain")}>
                      <FileDrop
                        name="file"
                        accept=".ttl,.owl,text/turtle"
                        required
                        label={t("owl.fileAgain")}
                      />
                    </Field>
                  )}
                  <Text size="sm">{t("owl.applyHint")}</Text>
                  <Button type="submit" size="xs" w="fit-content" data-testid="owl-apply">
                    {t("owl.apply")}
                  </Button>
                </Stack>
              </OwlForm>
            )}
          </>
        )}
      </Stack>
    </details>
  );
}
