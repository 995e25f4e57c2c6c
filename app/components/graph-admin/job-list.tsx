import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/utils/format";
import { JobStatusBadge, JobProgress } from "./job-status";
import type { Job } from "~/graph-admin/types";

/** A short list of jobs: kind, graph, status with progress, when, who; each opens its page. */
export function JobList({ jobs }: { jobs: Job[] }) {
  const { t } = useTranslation("admin");
  if (!jobs.length) return <p className="ga-muted">{t("job.none")}</p>;
  return (
    <div className="ga-scroll">
      <table className="ga-table" data-testid="job-list">
        <thead>
          <tr>
            <th>#</th>
            <th>{t("job.kind")}</th>
            <th>{t("graph.graph")}</th>
            <th>{t("job.statusLabel")}</th>
            <th style={{ width: 160 }}>{t("job.progress")}</th>
            <th>{t("job.createdAt")}</th>
            <th>{t("job.createdBy")}</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => (
            <tr key={j.id}>
              <td>
                <Link to={`/jobs/${j.id}`}>#{j.id}</Link>
              </td>
              <td>
                <Link to={`/jobs/${j.id}`}>{j.kind_label}</Link>
              </td>
              <td>{j.graph_name ?? ""}</td>
              <td>
                <JobStatusBadge status={j.status} />
              </td>
              <td>
                <JobProgress value={j.progress} status={j.status} />
              </td>
              <td>{formatDate(j.created_at)}</td>
              <td>{j.created_by_name ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
