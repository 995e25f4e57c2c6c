import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  ConfirmDelete,
  ErrorNotice,
  fieldError,
  type FormTarget,
  NamedRow,
  SelectField,
  valueOf,
} from "./form-parts";
import type { OntologyView } from "./ontology-editor";
import type { ActionError, OntologyDetail, OntologySummary } from "~/graph-admin/types";
import { IntentForm } from "~/components/ui/intent-form";

export const DOMAINS = ["military", "general"] as const;

/** The domain of a graph or an ontology (军事, 通用). */
export function DomainSelect({ value, error }: { value: string; error?: string[] }) {
  const { t } = useTranslation("admin");
  return (
    <SelectField
      name="domain"
      label={t("graph.domain")}
      value={value || "general"}
      error={error}
      options={DOMAINS.map((d) => ({ value: d, label: t(`domains.${d}`) }))}
    />
  );
}

/** Name, domain and description: the fields of an ontology, and of a graph. */
export function DomainRecordFields({
  form,
  label,
  record,
  defaultDomain,
  widths,
}: {
  form: FormTarget;
  label: string;
  record?: { name: string; domain: string; description?: string | null } | null;
  defaultDomain?: string;
  widths?: { name?: number; description?: number };
}) {
  return (
    <NamedRow
      form={form}
      label={label}
      name={record?.name}
      nameWidth={widths?.name}
      description={{ value: record?.description, w: widths?.description }}
    >
      <DomainSelect
        value={valueOf(form.result, form.target, "domain", record?.domain ?? defaultDomain)}
        error={fieldError(form.result, form.target, "domain")}
      />
    </NamedRow>
  );
}

function OntologyFields({ form, o }: { form: FormTarget; o?: OntologyDetail }) {
  const { t } = useTranslation("admin");
  return (
    <DomainRecordFields
      form={form}
      label={t("schema.ontologyName")}
      record={o}
      widths={{ description: 280 }}
    />
  );
}

export function NewOntologyForm({
  ontologies,
  result,
}: {
  ontologies: OntologySummary[];
  result?: ActionError | null;
}) {
  const { t } = useTranslation("admin");
  const target = "createOntology:new";
  const { key } = useLocation();
  return (
    <details key={key} className="ga-inline" open={result?.target === target || !ontologies.length}>
      <summary data-testid="open-createOntology">＋ {t("schema.newOntology")}</summary>
      <IntentForm intent="createOntology" className="body" preventScrollReset>
        <Stack gap="xs">
          <ErrorNotice result={result} target={target} />
          <OntologyFields form={{ result, target }} />
          <SelectField
            name="copy_from"
            label={t("schema.copyFrom")}
            value={valueOf(result, target, "copy_from", "")}
            empty={t("schema.emptyOntology")}
            options={ontologies.map((o) => ({ value: o.id, label: o.name }))}
          />
          <Button type="submit" size="xs" w="fit-content">
            {t("actions.create")}
          </Button>
        </Stack>
      </IntentForm>
    </details>
  );
}

/** The head of one ontology: what it is, which graphs use it, and its own edit and delete. */
export function OntologyHeader({ detail, rights, result }: OntologyView) {
  const { t } = useTranslation("admin");
  const target = `updateOntology:${detail.id}`;
  const { key } = useLocation();
  return (
    <Paper withBorder p="md" key={key}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={2} size="h3" data-testid="ontology-name">
                {detail.name}
              </Title>
              <span className="domain-tag" data-domain={detail.domain}>
                {t(`domains.${detail.domain}`, { defaultValue: detail.domain })}
              </span>
            </Group>
            {detail.description && (
              <Text c="dimmed" size="sm" mt={4}>
                {detail.description}
              </Text>
            )}
          </div>
          <div className="ga-actions">
            {rights.update && (
              <details className="ga-inline" open={result?.target === target}>
                <summary>{t("schema.editOntology")}</summary>
                <IntentForm intent="updateOntology" className="body" preventScrollReset>
                  <input type="hidden" name="id" value={detail.id} />
                  <ErrorNotice result={result} target={target} />
                  <OntologyFields form={{ result, target }} o={detail} />
                  <Button type="submit" size="xs" mt="xs">
                    {t("actions.save")}
                  </Button>
                </IntentForm>
              </details>
            )}
            {rights.remove && (
              <ConfirmDelete
                intent="deleteOntology"
                id={detail.id}
                label={t("schema.deleteOntology")}
                result={result}
              />
            )}
          </div>
        </Group>
        <Group gap={6}>
          <Text size="sm">{t("schema.usedBy")}</Text>
          {detail.graphs.length ? (
            detail.graphs.map((g) => (
              <Badge
                key={g.id}
                component={Link}
                to={`/graph/schemaedit/${g.id}`}
                variant="light"
                tt="none"
                style={{ cursor: "pointer" }}
              >
                {g.name}
              </Badge>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {t("schema.noGraphs")}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
