import { useTranslation } from "react-i18next";
import type { ClassMetrics } from "@contract/insight";
import { percent } from "~/utils/format";

/** Per-class precision, recall, F1 with the counts they come from. */
export function ClassMetricsTable({ rows }: { rows: ClassMetrics[] }) {
  const { t } = useTranslation("insight");
  return (
    <div className="kg-table-wrap">
      <table className="kg-table" data-testid="class-metrics">
        <thead>
          <tr>
            <th>{t("evaluation.class")}</th>
            <th className="num">{t("evaluation.support")}</th>
            <th className="num">TP</th>
            <th className="num">FP</th>
            <th className="num">FN</th>
            <th className="num">{t("evaluation.precision")}</th>
            <th className="num">{t("evaluation.recall")}</th>
            <th className="num">F1</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.label}>
              <td>{c.label}</td>
              <td className="num">{c.support}</td>
              <td className="num">{c.tp}</td>
              <td className="num">{c.fp}</td>
              <td className="num">{c.fn}</td>
              <td className="num">{percent(c.precision)}</td>
              <td className="num">{percent(c.recall)}</td>
              <td className="num">
                <strong>{percent(c.f1)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Gold classes (rows) against predicted classes (columns), "O" being nothing. Cells are
 * shaded by their share of the row: the diagonal is what the model got right.
 */
export function ConfusionMatrix({ labels, matrix }: { labels: string[]; matrix: number[][] }) {
  const { t } = useTranslation("insight");
  const name = (l: string) => (l === "O" ? t("evaluation.noneCell") : l);
  return (
    <div className="kg-table-wrap">
      <table className="ins-matrix" data-testid="confusion-matrix">
        <caption>{t("evaluation.matrixCaption")}</caption>
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
                  const hue = i === j ? "96, 133, 242" : "232, 89, 12";
                  return (
                    <td
                      key={labels[j]}
                      className={n === 0 ? "zero" : undefined}
                      style={
                        n
                          ? {
                              background: `rgba(${hue}, ${0.12 + share * 0.7})`,
                              color: share > 0.55 ? "#fff" : undefined,
                            }
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
    </div>
  );
}
