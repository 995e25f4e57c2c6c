import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ProgressBar } from "~/components/ui/progress-bar";
import type { JobStatus } from "~/graph-admin/types";

const STATUS_COLORS: Record<JobStatus, string> = {
  queued: "gray",
  running: "blue",
  succeeded: "green",
  failed: "red",
  cancelled: "dark",
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const { t } = useTranslation("admin");
  return (
    <Badge
      color={STATUS_COLORS[status] ?? "gray"}
      variant="light"
      data-testid="job-status"
      data-status={status}
    >
      {t(`job.status.${status}`)}
    </Badge>
  );
}

const PROGRESS_COLORS: Record<JobStatus, string> = {
  queued: "brand",
  running: "brand",
  succeeded: "green",
  failed: "red",
  cancelled: "gray",
};

/** A job's progress, coloured by how it ended; named after the job (a list shows several). */
export function JobProgress({
  value,
  status,
  id,
}: {
  value: number;
  status: JobStatus;
  id: number;
}) {
  const { t } = useTranslation("admin");
  return (
    <ProgressBar
      value={value}
      color={PROGRESS_COLORS[status]}
      label={t("job.progressOf", { id })}
      testId="job-progress"
    />
  );
}
