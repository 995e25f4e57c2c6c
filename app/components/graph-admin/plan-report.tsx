import { Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { groupDigits } from "~/utils/format";
import type { PlanReport, RowProblem, WriteCounts } from "~/graph-admin/types";
import { DataTable, type Column } from "~/components/ui/data-table";

function Stat({
  value,
  label,
  tone,
}: {
  value: number;
  label: string;
  tone?: "add" | "change" | "remove" | "bad";
}) {
  return (
    <div className={`ga-stat ${tone ?? ""}`}>
      <b>{groupDigits(value)}</b>
      <span>{label}</span>
    </div>
  );
}

/** Added, changed and removed counts of entities and relations. */
export function DiffStats({
  counts,
  testId,
}: {
  counts: WriteCounts | PlanReport["summary"];
  testId?: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="ga-stats" data-testid={testId}>
      <Stat value={counts.entities.added} label={t("plan.entitiesAdded")} tone="add" />
      <Stat value={counts.entities.changed} label={t("plan.entitiesChanged")} tone="change" />
      <Stat value={counts.entities.removed} label={t("plan.entitiesRemoved")} tone="remove" />
      <Stat value={counts.relations.added} label={t("plan.relationsAdded")} tone="add" />
      <Stat value={counts.relations.changed} label={t("plan.relationsChanged")} tone="change" />
      <Stat value={counts.relations.removed} label={t("plan.relationsRemoved")} tone="remove" />
    </div>
  );
}

/** Every bad row (the first 500), with where it is and what is wrong. */
export function ProblemTable({ problems, total }: { problems: RowProblem[]; total: number }) {
  const { t } = useTranslation("admin");
  if (!problems.length) return null;
  return (
    <Stack gap="xs">
      <Text fw={600} c="red">
        {t("plan.problems", { count: total })}
      </Text>
      <DataTable
        look="admin"
        maxHeight={420}
        testId="problem-table"
        rows={problems}
        rowKey={(_, i) => i}
        columns={[
          {
            key: "ref",
            header: t("plan.row"),
            cell: (p) => <span style={{ whiteSpace: "nowrap" }}>{p.ref}</span>,
          },
          { key: "kind", header: t("plan.problemKind"), cell: (p) => t(`plan.kinds.${p.kind}`) },
          { key: "message", header: t("plan.problem") },
        ]}
      />
      {total > problems.length && (
        <Text size="sm" c="dimmed">
          {t("plan.moreProblems", { count: total - problems.length })}
        </Text>
      )}
    </Stack>
  );
}

type SampleOf = keyof PlanReport["samples"];
type SampleRow<K extends SampleOf> = PlanReport["samples"][K][number];
type SampleColumns = { [K in SampleOf]: Column<SampleRow<K>>[] };
/** The samples in the order they are shown: entities, then relations. */
const SAMPLES: SampleOf[] = [
  "entities_added",
  "entities_changed",
  "entities_removed",
  "relations_added",
  "relations_changed",
  "relations_removed",
];

/**
 * The first rows of one change (`of`: entities or relations, added, changed or removed), under
 * how many there are in all.
 */
function Sample<K extends SampleOf>({
  report,
  of,
  columns,
}: {
  report: PlanReport;
  of: K;
  /** Each sample's columns. */
  columns: SampleColumns;
}) {
  const { t } = useTranslation("admin");
  const [part, change] = of.split("_") as [
    "entities" | "relations",
    "added" | "changed" | "removed",
  ];
  const rows: SampleRow<K>[] = report.samples[of];
  const shown: Column<SampleRow<K>>[] = columns[of];
  const total = report.summary[part][change];
  const title = t(`plan.${part}${change[0].toUpperCase()}${change.slice(1)}`);
  if (!rows.length) return null;
  return (
    <Paper withBorder p="sm">
      <Text fw={600} size="sm" mb={6}>
        {title}（{groupDigits(total)}）
        {total > rows.length && (
          <Text span c="dimmed" size="xs">
            {t("plan.sampleOf", { count: rows.length })}
          </Text>
        )}
      </Text>
      <DataTable maxHeight={320} look="admin" rows={rows} rowKey={(_, i) => i} columns={shown} />
    </Paper>
  );
}

/** A dry run's (or build's) report: counts, examples of each change, bad rows and warnings. */
export function PlanReportView({
  report,
  showSamples = true,
}: {
  report: PlanReport;
  showSamples?: boolean;
}) {
  const { t } = useTranslation("admin");
  const s = report.summary;
  const rel = (r: { subject: string; predicate: string; object: string }) =>
    `${r.subject} —${r.predicate}→ ${r.object}`;
  const entity = { key: "name", header: t("plan.entity") } as const;
  const relation = { key: "relation", header: t("plan.relation"), cell: rel };
  // Added and removed relations read alike: the fact and its confidence.
  const relationColumns = [relation, { key: "confidence", header: t("plan.confidence") } as const];
  const columns: SampleColumns = {
    entities_added: [
      entity,
      {
        key: "class",
        header: t("plan.class"),
        cell: (r) => `${r.class ?? "—"}${r.inferred ? t("plan.inferredMark") : ""}`,
      },
    ],
    entities_changed: [
      entity,
      { key: "changes", header: t("plan.changes"), cell: (r) => r.changes.join("；") },
    ],
    entities_removed: [
      entity,
      { key: "class", header: t("plan.class"), cell: (r) => r.class ?? "—" },
    ],
    relations_added: relationColumns,
    relations_changed: [
      relation,
      { key: "confidence", header: t("plan.confidence"), cell: (r) => `${r.before} → ${r.after}` },
    ],
    relations_removed: relationColumns,
  };
  return (
    <Stack gap="md" data-testid="plan-report">
      <div className="ga-stats">
        <Stat value={s.rows} label={t("plan.rows")} />
        <Stat value={s.accepted_rows} label={t("plan.acceptedRows")} />
        <Stat value={s.bad_rows} label={t("plan.badRows")} tone={s.bad_rows ? "bad" : undefined} />
        <Stat value={s.inferred_classes} label={t("plan.inferred")} />
        <Stat value={s.duplicates} label={t("plan.duplicates")} />
      </div>
      <DiffStats counts={s} testId="plan-diff" />
      {showSamples && (
        <div className="ga-grid2">
          {SAMPLES.map((of) => (
            <Sample key={of} report={report} of={of} columns={columns} />
          ))}
        </div>
      )}
      <ProblemTable problems={report.problems} total={report.problem_count} />
      {report.warnings.length > 0 && (
        <Paper withBorder p="sm">
          <Title order={3} size="h6" mb={4}>
            {t("plan.warnings", { count: s.warnings })}
          </Title>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {report.warnings.map((w, i) => (
              <li key={i}>
                <Text size="sm">{w}</Text>
              </li>
            ))}
          </ul>
        </Paper>
      )}
    </Stack>
  );
}
