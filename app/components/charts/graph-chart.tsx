import IconDownload from "@tabler/icons-react/dist/esm/icons/IconDownload.mjs";
import IconFocusCentered from "@tabler/icons-react/dist/esm/icons/IconFocusCentered.mjs";
import IconPhoto from "@tabler/icons-react/dist/esm/icons/IconPhoto.mjs";
import IconZoomIn from "@tabler/icons-react/dist/esm/icons/IconZoomIn.mjs";
import IconZoomOut from "@tabler/icons-react/dist/esm/icons/IconZoomOut.mjs";
import { useNavigate } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "react-i18next";
import { EChart, intentHandlers, type EChartEvent } from "./chart";
import { useShownScheme } from "./use-shown-scheme";
import { INK, type ChartSpec } from "~/charts/theme";

type ECharts = import("./echarts.client").ECharts;

/** A toolbar button that is only an icon: its label is its name and its tooltip. */
function IconButton({
  label,
  onClick,
  icon: Icon,
}: {
  label: string;
  onClick: () => void;
  icon: typeof IconZoomIn;
}) {
  return (
    <button type="button" onClick={onClick} title={label} aria-label={label}>
      <Icon size={16} aria-hidden />
    </button>
  );
}

export interface GraphChartProps {
  spec: ChartSpec;
  label: string;
  /** Where each node and edge leads when clicked (same order as the option's data and links). */
  nodeHrefs?: (string | undefined)[];
  edgeHrefs?: (string | undefined)[];
  /** A link to the picture as an SVG file: the export that works without JavaScript. */
  svgHref?: string;
  fileName?: string;
  testId?: string;
  /** Drawn at its own pixel size in a scrolling box (layered diagrams). */
  fixed?: boolean;
  /** Scaled down to fit its container, scrolling only below a minimum scale (see EChart). */
  fit?: boolean;
}

/**
 * A node-link graph with its toolbar: zoom, fit, export as PNG (JavaScript), and the
 * SVG download (always). Clicking a node or an edge follows its link.
 *
 * The live chart (echarts) is loaded on the first sign of use of the chart or its toolbar
 * (EChart's `intentHandlers`): until then the server's SVG is shown. The buttons are there as
 * soon as the page is hydrated; one pressed before the chart is live makes it live and then
 * does its work.
 */
export function GraphChart({
  spec,
  label,
  nodeHrefs,
  edgeHrefs,
  svgHref,
  fileName = "graph",
  testId,
  fixed,
  fit,
}: GraphChartProps) {
  const { t } = useTranslation("kg");
  const navigate = useNavigate();
  const chartRef = useRef<ECharts | null>(null);
  const [ready, setReady] = useState(false);
  // A gesture on the toolbar (or a button pressed) asks for the live chart.
  const [wake, setWake] = useState(false);
  const ask = useCallback(() => setWake(true), []);
  // A button's work waiting for the live chart.
  const pending = useRef<((chart: ECharts) => void) | null>(null);
  /** Do `work` with the live chart, now or once it is drawn. */
  const withChart = (work: (chart: ECharts) => void) => {
    if (chartRef.current) return work(chartRef.current);
    pending.current = work;
    setWake(true);
  };
  // The zoom, fit and PNG buttons need the live chart: without JavaScript they are not offered.
  const hydrated = useHydrated();
  // The PNG has the card's background of the scheme it is drawn in, so its text stays readable.
  const scheme = useShownScheme();

  const zoom = (factor: number) =>
    withChart((chart) =>
      chart.dispatchAction({
        type: "graphRoam",
        seriesIndex: 0,
        zoom: factor,
        originX: chart.getWidth() / 2,
        originY: chart.getHeight() / 2,
      }),
    );
  const restoreView = () => withChart((chart) => chart.dispatchAction({ type: "restore" }));
  const exportPng = () =>
    withChart((chart) => {
      const a = document.createElement("a");
      a.href = chart.getDataURL({
        type: "png",
        pixelRatio: 2,
        backgroundColor: INK[scheme].surface,
      });
      a.download = `${fileName}.png`;
      document.body.appendChild(a);
      a.click();
      a.remove();
    });
  const onClick = (e: EChartEvent) => {
    const href =
      e.dataType === "edge"
        ? edgeHrefs?.[e.dataIndex]
        : e.dataType === "node"
          ? nodeHrefs?.[e.dataIndex]
          : undefined;
    if (href) navigate(href);
  };

  return (
    <div className="graph-chart" {...(ready ? {} : intentHandlers(ask))}>
      <div className="chart-toolbar" role="toolbar" aria-label={t("graph.toolbar")}>
        {hydrated && (
          <>
            <IconButton label={t("graph.zoomIn")} onClick={() => zoom(1.25)} icon={IconZoomIn} />
            <IconButton label={t("graph.zoomOut")} onClick={() => zoom(0.8)} icon={IconZoomOut} />
            <IconButton label={t("graph.fit")} onClick={restoreView} icon={IconFocusCentered} />
            <button
              type="button"
              onClick={exportPng}
              data-testid="export-png"
              title={t("graph.exportPng")}
            >
              <IconPhoto size={16} aria-hidden /> PNG
            </button>
          </>
        )}
        {svgHref && (
          <a
            href={svgHref}
            download={`${fileName}.svg`}
            data-testid="export-svg"
            title={t("graph.exportSvg")}
            rel="nofollow"
          >
            <IconDownload size={16} aria-hidden /> SVG
          </a>
        )}
        <span className="chart-hint">{hydrated ? t("graph.hintLive") : t("graph.hintStatic")}</span>
      </div>
      <EChart
        {...{ spec, label, fixed, fit, testId, onClick, nodeHrefs, wake }}
        onReady={(chart) => {
          chartRef.current = chart;
          setReady(true);
          // A button pressed before the chart was live: its work, on the chart just drawn.
          const work = pending.current;
          pending.current = null;
          work?.(chart);
        }}
      />
    </div>
  );
}
