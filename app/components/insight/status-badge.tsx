import { useTranslation } from "react-i18next";

/** A status as a coloured pill: runs and models (run.status.*), or feedback (feedbackStatus.*). */
export function StatusBadge({
  status,
  labels = "run.status",
}: {
  status: string;
  labels?: "run.status" | "feedbackStatus";
}) {
  const { t } = useTranslation("insight");
  return (
    <span
      className={`ins-status ins-status-${status}`}
      data-testid={labels === "run.status" ? "run-status" : "feedback-status"}
    >
      {t(`${labels}.${status}`, { defaultValue: status })}
    </span>
  );
}
