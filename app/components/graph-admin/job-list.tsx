import { Paper, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RelativeTime } from "~/components/ui/relative-time";
import { JobStatusBadge, JobProgress } from "./job-status";
import type { Job } from "~/graph-admin/types";
import { DataTable } from "~/components/ui/data-table";

/** A short list of jobs: kind, graph, status with progress, when, who; each opens its page. */
export function JobList({ jobs }: { jobs: Job[] }) {
  const { t } = useTranslation("admin");
  if (!jobs.length) return <p className="ga-muted">{t("job.none")}</p>;
  const open = (j: Job, text: string) => <Link to={`/jobs/${j.id}`}>{text}</Link>;
  return (
    <DataTable
      look="admin"
      testId="job-list"
      rows={jobs}
      rowKey={(j) => j.id}
      columns={[
        { key: "id", header: "#", cell: (j) => open(j, `#${j.id}`) },
        { key: "kind", header: t("job.kind"), cell: (j) => open(j, j.kind_label) },
        { key: "graph", header: t("graph.graph"), cell: (j) => j.graph_name ?? "" },
        {
          key: "status",
          header: t("job.statusLabel"),
          cell: (j) => (
            <>
              <JobStatusBadge status={j.status} />
              {j.attempts > 0 && (
                <span className="ga-muted ga-taken-over">
                  {t("job.takenOver", { count: j.attempts })}
                </span>
              )}
            </>
          ),
        },
        {
          key: "progress",
          header: t("job.progress"),
          width: 160,
          cell: (j) => <JobProgress value={j.progress} status={j.status} id={j.id} />,
        },
        {
          key: "created",
          header: t("job.createdAt"),
          cell: (j) => <RelativeTime value={j.created_at} />,
        },
        { key: "by", header: t("job.createdBy"), cell: (j) => j.created_by_name ?? "" },
      ]}
    />
  );
}

/** A page's recent jobs under their heading, in a panel of their own. */
export function RecentJobs({ title, jobs }: { title: string; jobs: Job[] }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <JobList jobs={jobs} />
    </Paper>
  );
}
