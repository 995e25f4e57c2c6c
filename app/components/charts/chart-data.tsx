import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { chartTable } from "~/charts/chart-table";
import type { ChartOption } from "~/charts/theme";

/**
 * A chart's data as a table in a `<details>`: collapsed, always in the server's HTML, and
 * opened without JavaScript (the browser's own disclosure), so screen readers and text
 * browsers read the figures the picture shows. Series charts: a row per category or period,
 * a column per series; graphs: their nodes, then their links, capped with "and N more". A
 * node that leads somewhere when clicked in the picture is a link here: the keyboard's way in.
 */
export function ChartData({
  option,
  label,
  nodeHrefs,
}: {
  option: ChartOption;
  label: string;
  /** Where each node leads (the option's data order): its name in the table is that link. */
  nodeHrefs?: (string | undefined)[];
}) {
  const { t } = useTranslation();
  const table = useMemo(() => chartTable(option), [option]);
  if (!table) return null;
  const more = (text: string, span: number) => (
    <tfoot>
      <tr>
        <td colSpan={span}>{text}</td>
      </tr>
    </tfoot>
  );
  return (
    <details className="chart-data" data-testid="chart-data">
      <summary>
        {t("chart.showData")}
        <span className="visually-hidden">{t("chart.about", { label })}</span>
      </summary>
      <div className="chart-data-body">
        {table.kind === "series" ? (
          <table>
            <caption>{label}</caption>
            <thead>
              <tr>
                <th scope="col">
                  {t(table.over === "period" ? "chart.period" : "chart.category")}
                </th>
                {table.series.map((name, i) => (
                  <th key={i} scope="col" className="num">
                    {name ?? t("chart.value")}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  <th scope="row">{row.label}</th>
                  {row.values.map((v, j) => (
                    <td key={j} className="num">
                      {v ?? "–"}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {table.rows.length === 0 && more(t("chart.noData"), table.series.length + 1)}
            {table.more > 0 &&
              more(t("chart.moreRows", { count: table.more }), table.series.length + 1)}
          </table>
        ) : (
          <>
            <table>
              <caption>{t("chart.nodesOf", { label })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("chart.node")}</th>
                  <th scope="col">{t("chart.type")}</th>
                </tr>
              </thead>
              <tbody>
                {table.nodes.map((n, i) => (
                  <tr key={i}>
                    <td>{nodeHrefs?.[i] ? <a href={nodeHrefs[i]}>{n.name}</a> : n.name}</td>
                    <td>{n.type ?? ""}</td>
                  </tr>
                ))}
              </tbody>
              {table.nodes.length === 0 && more(t("chart.noData"), 2)}
              {table.moreNodes > 0 && more(t("chart.moreNodes", { count: table.moreNodes }), 2)}
            </table>
            {table.links.length > 0 && (
              <table>
                <caption>{t("chart.linksOf", { label })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("chart.source")}</th>
                    <th scope="col">{t("chart.relation")}</th>
                    <th scope="col">{t("chart.target")}</th>
                  </tr>
                </thead>
                <tbody>
                  {table.links.map((l, i) => (
                    <tr key={i}>
                      <td>{l.source}</td>
                      <td>{l.label || "→"}</td>
                      <td>{l.target}</td>
                    </tr>
                  ))}
                </tbody>
                {table.moreLinks > 0 && more(t("chart.moreLinks", { count: table.moreLinks }), 3)}
              </table>
            )}
          </>
        )}
      </div>
    </details>
  );
}
