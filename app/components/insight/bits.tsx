import type { LinksFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { IconDownload } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { kgLinks } from "~/components/kg/styles";
import insightCss from "./insight.css";
import type { ClassMetrics, RunStatus } from "./types";

/** The insight pages build on the graph pages' cards and tables, plus their own few styles. */
export const insightLinks: LinksFunction = () => [
  ...kgLinks(),
  { rel: "stylesheet", href: insightCss },
];

/** 0.9123 → "91.2%". */
export const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? "—" : `${(x * 100).toFixed(1)}%`;

export interface GraphOption {
  id: number;
  name: string;
}

/**
 * The graph a statistics page shows: a plain GET form (works without JavaScript) that keeps
 * the page's other parameters as hidden fields.
 */
export function GraphPicker({
  graphs,
  value,
  allowAll,
  keep = {},
  children,
}: {
  graphs: GraphOption[];
  value: number | null;
  allowAll?: boolean;
  keep?: Record<string, string | number | null | undefined>;
  children?: ReactNode;
}) {
  const { t } = useTranslation("insight");
  return (
    <Form method="get" className="kg-form" data-testid="graph-picker">
      {Object.entries(keep).map(([k, v]) =>
        v === undefined || v === null || v === "" ? null : (
          <input key={k} type="hidden" name={k} value={v} />
        ),
      )}
      <label>
        {t("common.graph")}
        <select name="graph" defaultValue={value ?? ""}>
          {allowAll && <option value="">{t("common.allGraphs")}</option>}
          {graphs.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      {children}
      <button type="submit">{t("common.apply")}</button>
    </Form>
  );
}

/** CSV downloads of a page's tables: links to resource routes (documents, not client navigations). */
export function ExportLinks({ links }: { links: { href: string; label: string }[] }) {
  return (
    <span className="ins-exports">
      {links.map((l) => (
        <a key={l.href} href={l.href} download className="ins-export" data-testid="export-link">
          <IconDownload size={14} aria-hidden />
          {l.label}
        </a>
      ))}
    </span>
  );
}

/** A status as a coloured pill: runs and models (run.status.*), or feedback (feedbackStatus.*). */
export function RunStatusBadge({
  status,
  labels = "run.status",
}: {
  status: RunStatus | string;
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
              <td className="num">{pct(c.precision)}</td>
              <td className="num">{pct(c.recall)}</td>
              <td className="num">
                <strong>{pct(c.f1)}</strong>
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
