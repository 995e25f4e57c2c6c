import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ClassMetrics, ReviewRound } from "@contract/insight";
import { percent } from "~/utils/format";
import { DataTable } from "~/components/ui/data-table";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** Per-class precision, recall, F1 with the counts they come from. */
export function ClassMetricsTable({ rows }: { rows: ClassMetrics[] }) {
  const { t } = useTranslation("insight");
  return (
    <DataTable
      testId="class-metrics"
      caption={t("evaluation.perClass")}
      rows={rows}
      rowKey={(c) => c.label}
      columns={[
        { key: "label", header: t("evaluation.class") },
        { key: "support", header: t("evaluation.support"), numeric: true },
        { key: "tp", header: "TP", numeric: true },
        { key: "fp", header: "FP", numeric: true },
        { key: "fn", header: "FN", numeric: true },
        ...(["precision", "recall"] as const).map((key) => ({
          key,
          header: t(`evaluation.${key}`),
          numeric: true,
          cell: (c: ClassMetrics) => percent(c[key]),
        })),
        { key: "f1", header: "F1", numeric: true, cell: (c) => <strong>{percent(c.f1)}</strong> },
      ]}
    />
  );
}

/**
 * Gold classes (rows) against predicted classes (columns), "O" being nothing. Cells are
 * shaded by their share of the row: the diagonal is what the model got right.
 */
export function ConfusionMatrix({ labels, matrix }: { labels: string[]; matrix: number[][] }) {
  const { t } = useTranslation("insight");
  const name = (l: string) => (l === "O" ? t("evaluation.noneCell") : l);
  const captionId = useId();
  return (
    <ScrollRegion className="kg-table-wrap" labelledBy={captionId}>
      <table className="ins-matrix" data-testid="confusion-matrix">
        <caption id={captionId}>{t("evaluation.matrixCaption")}</caption>
        <thead>
          <tr>
            <th scope="col" className="corner">
              {t("evaluation.goldPredicted")}
            </th>
            {labels.map((l) => (
              <th key={l} scope="col">
                {name(l)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.map((row, i) => {
            const sum = row.reduce((a, b) => a + b, 0);
            return (
              <tr key={labels[i]}>
                <th scope="row">{name(labels[i])}</th>
                {row.map((n, j) => {
                  const share = sum ? n / sum : 0;
                  // A tint of at most 50 %, so the page's text colour stays readable on it
                  // in both colour schemes (WCAG 1.4.3).
                  const hue = i === j ? "66, 99, 214" : "194, 65, 12";
                  return (
                    <td
                      key={labels[j]}
                      className={n === 0 ? "zero" : undefined}
                      style={
                        n
                          ? { background: `rgba(${hue}, ${(0.08 + share * 0.42).toFixed(3)})` }
                          : undefined
                      }
                      title={`${name(labels[i])} → ${name(labels[j])}: ${n}`}
                    >
                      {n}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Held-out precision per relation type without and with the last review round's verdicts. */
export function ReviewRoundTable({ round }: { round: ReviewRound }) {
  const { t } = useTranslation("insight");
  const side = (key: "before" | "after") => ({
    key,
    header: t(`evaluation.${key}`),
    numeric: true,
    cell: (row: ReviewRound["per_type"][number]) => (
      <>
        {percent(row[key].precision)}{" "}
        <span className="muted">
          (
          {t("evaluation.predictedRight", { right: row[key].right, predicted: row[key].predicted })}
          )
        </span>
      </>
    ),
  });
  return (
    <DataTable
      testId="review-round"
      caption={t("evaluation.reviewTable")}
      rows={round.per_type}
      rowKey={(row) => row.label}
      columns={[{ key: "label", header: t("evaluation.class") }, side("before"), side("after")]}
    />
  );
}
