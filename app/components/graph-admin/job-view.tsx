import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useEventSource } from "remix-utils/sse/react";
import { Pager } from "~/components/ui/pager";
import { formatDate } from "~/utils/format";
import { RelativeTime } from "~/components/ui/relative-time";
import { JobStatusBadge, JobProgress } from "./job-status";
import { ErrorNotice } from "./form-parts";
import { DiffStats, PlanReportView, ProblemTable } from "./plan-report";
import { PredicateMapForm } from "./predicate-map-form";
import { SkipBadRows } from "./source-picker";
import {
  FINISHED,
  type ActionError,
  type JobSnapshot,
  type JobWithLogs,
  type PlanMode,
  type PlanReport,
  type UnmappedPredicate,
  type WriteCounts,
} from "~/graph-admin/types";
import { IntentForm } from "~/components/ui/intent-form";
import { DataTable } from "~/components/ui/data-table";

/**
 * The job as it is now: the loader's state, overtaken by the live events of the job stream
 * while JavaScript runs. When the job ends the page reloads its data (result, log).
 */
export function useLiveJob(job: JobWithLogs): JobWithLogs {
  const finished = FINISHED.includes(job.status);
  const url = `/jobs/${job.id}/events`;
  const progress = useEventSource(url, { event: "progress", enabled: !finished });
  const done = useEventSource(url, { event: "done", enabled: !finished });
  const revalidator = useRevalidator();
  useEffect(() => {
    if (done && revalidator.state === "idle") revalidator.revalidate();
    // Only the arrival of `done` matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);
  return useMemo(() => {
    const latest = done ?? progress;
    if (!latest || finished) return job;
    try {
      return { ...job, ...(JSON.parse(latest) as JobSnapshot) } as JobWithLogs;
    } catch {
      return job;
    }
  }, [job, progress, done, finished]);
}

function Meta({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || "—"}</Text>
    </div>
  );
}

interface BuildResult {
  report: PlanReport;
  written?: WriteCounts;
  applied?: WriteCounts;
  sources?: string;
  duration_ms?: number;
  triples_per_second?: number;
  /** A dry run of an RDF import: predicates nothing maps, the relation types they may map to, this run's choices. */
  unmapped_predicates?: UnmappedPredicate[];
  relation_types?: string[];
  predicate_map?: Record<string, string>;
  /** A dry run's mode: what applying it does (absent: an incremental update). */
  mode?: PlanMode;
}

/** The dry run's title, apply button and hint, by what applying it does. */
const PLAN_LABELS = {
  update: { title: "plan.title", apply: "plan.apply", hint: "plan.applyHint" },
  create: { title: "plan.titleCreate", apply: "plan.applyCreate", hint: "plan.applyHintCreate" },
  replace: {
    title: "plan.titleReplace",
    apply: "plan.applyReplace",
    hint: "plan.applyHintReplace",
  },
} as const;

/** What a finished graph job produced, by kind; other kinds show their result as JSON. */
function JobResult({
  job,
  mayApply,
  result: actionResult,
}: {
  job: JobWithLogs;
  mayApply: boolean;
  result?: ActionError | null;
}) {
  const { t } = useTranslation("admin");
  const r = job.result as BuildResult | null;
  if (!r) return null;
  if (job.kind === "graph.build" || job.kind === "graph.update") {
    const counts = r.written ?? r.applied;
    return (
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t("job.result")}
          </Title>
          {r.sources && <Text size="sm">{t("job.sources", { sources: r.sources })}</Text>}
          {counts && <DiffStats counts={counts} testId="job-counts" />}
          {r.triples_per_second !== undefined && job.status === "succeeded" && (
            <Text size="sm" c="dimmed">
              {t("job.speed", {
                seconds: ((r.duration_ms ?? 0) / 1000).toFixed(1),
                rate: r.triples_per_second.toLocaleString("en-US"),
              })}
            </Text>
          )}
          {r.report && <ProblemTable problems={r.report.problems} total={r.report.problem_count} />}
          {job.status === "succeeded" && job.graph_id && (
            <Group gap="md">
              <Link
                to={`/graph/relation/result?job=${job.id}`}
                className="ga-link"
                data-testid="job-relations-link"
              >
                {t("job.viewRelations")}
              </Link>
              <Link to={`/graph/detail/${job.graph_id}`} className="ga-link">
                {t("job.browseGraph")}
              </Link>
            </Group>
          )}
        </Stack>
      </Paper>
    );
  }
  if (job.kind === "graph.plan" && r.report) {
    const bad = r.report.summary.bad_rows;
    const labels = PLAN_LABELS[r.mode ?? "update"] ?? PLAN_LABELS.update;
    return (
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t(labels.title)}
          </Title>
          {r.sources && <Text size="sm">{t("job.sources", { sources: r.sources })}</Text>}
          <PlanReportView report={r.report} />
          {mayApply && job.graph_id && r.unmapped_predicates?.length && r.relation_types ? (
            <PredicateMapForm
              unmapped={r.unmapped_predicates}
              relationTypes={r.relation_types}
              chosen={r.predicate_map ?? {}}
              result={actionResult}
            />
          ) : null}
          {mayApply && job.graph_id && (
            <IntentForm intent="apply" data-testid="apply-form">
              <Stack gap="xs">
                <ErrorNotice result={actionResult} target="apply" />
                <Text size="sm">{t(labels.hint)}</Text>
                {bad > 0 && <SkipBadRows />}
                <Button type="submit" w="fit-content" data-testid="apply-update">
                  {t(labels.apply)}
                </Button>
              </Stack>
            </IntentForm>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="xs">
        {t("job.result")}
      </Title>
      <pre style={{ margin: 0, whiteSpace: "pre-wrap", fontSize: 13 }}>
        {JSON.stringify(job.result, null, 2)}
      </pre>
    </Paper>
  );
}

function JobLogs({ job }: { job: JobWithLogs }) {
  const { t } = useTranslation("admin");
  const { results, count, page, page_size } = job.logs;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="xs">
        {t("job.logs", { count })}
      </Title>
      <DataTable
        look="admin"
        testId="job-logs"
        rows={results}
        rowKey={(l) => l.id}
        columns={[
          { key: "at", header: t("job.at"), width: 170, cell: (l) => formatDate(l.at) },
          {
            key: "level",
            header: t("job.level"),
            width: 70,
            cell: (l) => (
              <span className="ga-log-level" data-level={l.level}>
                {t(`job.levels.${l.level}`)}
              </span>
            ),
          },
          { key: "message", header: t("job.message") },
        ]}
      />
      <Pager
        page={page}
        pageSize={page_size}
        count={count}
        sizes={[page_size]}
        param="log_page"
        testId="log-pager"
      />
    </Paper>
  );
}

/** A job page: live progress (server-sent events; a self-refreshing page without JavaScript), result and log. */
export function JobView({
  job,
  mayApply,
  mayCancel,
  result,
}: {
  job: JobWithLogs;
  mayApply: boolean;
  mayCancel: boolean;
  result?: ActionError | null;
}) {
  const { t } = useTranslation("admin");
  const live = useLiveJob(job);
  const finished = FINISHED.includes(live.status);
  return (
    <>
      {!FINISHED.includes(job.status) && (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <Stack gap="md" data-testid="job-page" data-job-status={live.status}>
        <div className="ga-head">
          <Group gap="sm">
            <Title order={1} size="h3">
              {job.kind_label} #{job.id}
            </Title>
            <JobStatusBadge status={live.status} />
          </Group>
          {job.graph_id && (
            <Link to={`/graph/detail/${job.graph_id}`} data-testid="job-graph">
              {job.graph_name ?? `#${job.graph_id}`}
            </Link>
          )}
        </div>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <JobProgress value={live.progress} status={live.status} id={job.id} />
            <Text size="sm" data-testid="job-message">
              {live.message}
            </Text>
            <Group gap="xl">
              <Meta label={t("job.createdBy")} value={job.created_by_name} />
              <Meta label={t("job.createdAt")} value={<RelativeTime value={job.created_at} />} />
              <Meta
                label={t("job.startedAt")}
                value={job.started_at && <RelativeTime value={job.started_at} />}
              />
              <Meta
                label={t("job.finishedAt")}
                value={job.finished_at && <RelativeTime value={job.finished_at} />}
              />
              {job.attempts > 0 && <Meta label={t("job.attempts")} value={job.attempts} />}
            </Group>
            {!finished && mayCancel && (
              <IntentForm intent="cancel">
                <Button
                  type="submit"
                  size="xs"
                  color="red"
                  variant="light"
                  disabled={live.cancel_requested}
                  data-testid="cancel-job"
                >
                  {t("job.cancel")}
                </Button>
              </IntentForm>
            )}
            <ErrorNotice result={result} target="cancel" />
          </Stack>
        </Paper>
        {live.status === "failed" && (live.error || job.error) && (
          <Alert color="red" role="alert" data-testid="job-error">
            {live.error || job.error}
          </Alert>
        )}
        {FINISHED.includes(job.status) && (
          <JobResult job={job} mayApply={mayApply} result={result} />
        )}
        <JobLogs job={job} />
      </Stack>
    </>
  );
}
