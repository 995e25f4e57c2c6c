import { OWL_APPLY, OWL_PREVIEW } from "~/graph-admin/types";
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorNotice, Field } from "./form-parts";
import type { ActionError, OwlPreview } from "~/graph-admin/types";

function Hidden({ intent, ontologyId }: { intent: string; ontologyId: number }) {
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={ontologyId} />
    </>
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
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="owl-summary">
        {t("owl.summary", { file: preview.filename, ...diff.summary })}
      </Text>
      <div className="ga-scroll">
        <table className="ga-table" data-testid="owl-changes">
          <caption className="ga-caption">{t("owl.changes")}</caption>
          <thead>
            <tr>
              <th style={{ width: 110 }}>{t("owl.change")}</th>
              <th style={{ width: 110 }}>{t("owl.kind")}</th>
              <th>{t("owl.name")}</th>
              <th>{t("owl.detail")}</th>
            </tr>
          </thead>
          <tbody>
            {diff.changes.map((c) => (
              <tr key={`${c.kind}:${c.change}:${c.name}`} data-change={c.change}>
                <td>{t(`owl.changeKinds.${c.change}`)}</td>
                <td>{t(`owl.kinds.${c.kind}`)}</td>
                <td>{c.name}</td>
                <td>{c.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {diff.breaks.length > 0 && (
        <div className="ga-scroll">
          <table className="ga-table" data-testid="owl-breaks">
            <caption className="ga-caption">{t("owl.breaks")}</caption>
            <thead>
              <tr>
                <th style={{ width: 110 }}>{t("owl.kind")}</th>
                <th>{t("owl.name")}</th>
                <th style={{ width: 90 }}>{t("owl.facts")}</th>
                <th>{t("owl.samples")}</th>
              </tr>
            </thead>
            <tbody>
              {diff.breaks.map((b) => (
                <tr key={`${b.kind}:${b.name}`}>
                  <td>{t(`owl.kinds.${b.kind}`)}</td>
                  <td>{b.name}</td>
                  <td>{b.count}</td>
                  <td>{b.samples.join("、")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
        <Title order={5}>{t("owl.title")}</Title>
        <Text size="sm">{t("owl.hint")}</Text>
        <ErrorNotice result={result} target="owlImport" />
        <Form
          method="post"
          encType="multipart/form-data"
          preventScrollReset
          data-testid="owl-preview-form"
        >
          <Hidden intent={OWL_PREVIEW} ontologyId={ontologyId} />
          <Group align="flex-end" gap="xs">
            <Field
              label={t("owl.file")}
              error={result?.target === "owlImport" ? result.fieldErrors?.file : undefined}
            >
              <input
                type="file"
                name="file"
                accept=".ttl,.owl,text/turtle"
                required
                data-testid="owl-file"
              />
            </Field>
            <Button type="submit" size="xs" variant="light" data-testid="owl-dry-run">
              {t("owl.dryRun")}
            </Button>
          </Group>
        </Form>
        {shown && (
          <>
            <OwlDiff preview={shown} />
            {!shown.diff.unchanged && (
              <Form
                method="post"
                encType="multipart/form-data"
                preventScrollReset
                data-testid="owl-apply-form"
              >
                <Hidden intent={OWL_APPLY} ontologyId={ontologyId} />
                <input type="hidden" name="filename" value={shown.filename} />
                <Stack gap="xs">
                  {shown.text !== null ? (
                    <input type="hidden" name="owl_text" value={shown.text} />
                  ) : (
                    <Field label={t("owl.fileAgain")}>
                      <input type="file" name="file" accept=".ttl,.owl,text/turtle" required />
                    </Field>
                  )}
                  <Text size="sm">{t("owl.applyHint")}</Text>
                  <Button type="submit" size="xs" w="fit-content" data-testid="owl-apply">
                    {t("owl.apply")}
                  </Button>
                </Stack>
              </Form>
            )}
          </>
        )}
      </Stack>
    </details>
  );
}
