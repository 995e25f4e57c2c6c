import { Button, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ErrorNotice } from "./form-parts";
import type { ActionError, UnmappedPredicate } from "~/graph-admin/types";
import { IntentForm } from "~/components/ui/intent-form";
import { DataTable } from "~/components/ui/data-table";

/**
 * The predicates of an RDF import's dry run that nothing maps, each with a native select of
 * the graph's relation types: the form runs the dry run again with these choices
 * (`from_plan_job_id` + `predicate_map`); they are remembered for the source once applied.
 */
export function PredicateMapForm({
  unmapped,
  relationTypes,
  chosen,
  result,
}: {
  unmapped: UnmappedPredicate[];
  relationTypes: string[];
  chosen: Record<string, string>;
  result?: ActionError | null;
}) {
  const { t } = useTranslation("admin");
  return (
    <IntentForm
      intent="mapPredicates"
      data-testid="predicate-map-form"
      aria-labelledby="predicate-map-title"
    >
      <Stack gap="xs">
        <Title order={3} size="h6" id="predicate-map-title">
          {t("plan.mapTitle", { count: unmapped.length })}
        </Title>
        <Text size="sm">{t("plan.mapHint")}</Text>
        <ErrorNotice result={result} target="mapPredicates" />
        <DataTable
          look="admin"
          testId="unmapped-predicates"
          rows={unmapped}
          rowKey={(u) => u.iri}
          columns={[
            {
              key: "iri",
              header: t("plan.predicate"),
              cell: (u) => (
                <>
                  <code style={{ wordBreak: "break-all" }}>{u.iri}</code>
                  <input type="hidden" name="predicate" value={u.iri} />
                </>
              ),
            },
            { key: "count", header: t("plan.uses"), width: 70 },
            { key: "ref", header: t("plan.firstUse") },
            {
              key: "relationType",
              header: t("plan.mapTo"),
              width: 200,
              cell: (u) => (
                <select
                  name="relation_type"
                  className="native-field ga-native"
                  aria-label={t("plan.mapToFor", { iri: u.iri })}
                  defaultValue={chosen[u.iri] ?? ""}
                  data-testid="map-select"
                >
                  <option value="">{t("plan.notMapped")}</option>
                  {relationTypes.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              ),
            },
          ]}
        />
        <Button type="submit" w="fit-content" variant="light" data-testid="map-dry-run">
          {t("plan.mapDryRun")}
        </Button>
      </Stack>
    </IntentForm>
  );
}
