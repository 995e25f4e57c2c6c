import IconDownload from "@tabler/icons-react/dist/esm/icons/IconDownload.mjs";
import IconFocusCentered from "@tabler/icons-react/dist/esm/icons/IconFocusCentered.mjs";
import IconPhoto from "@tabler/icons-react/dist/esm/icons/IconPhoto.mjs";
import IconZoomIn from "@tabler/icons-react/dist/esm/icons/IconZoomIn.mjs";
import IconZoomOut from "@tabler/icons-react/dist/esm/icons/IconZoomOut.mjs";
import { useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "react-i18next";
import { EChart, type EChartEvent } from "./chart";
import { useShownScheme } from "./use-shown-scheme";
import { INK, type ChartSpec } from "~/charts/theme";

type ECharts = import("./echarts.client").ECharts;

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
  // The zoom, fit and PNG buttons need the live chart: without JavaScript they are not offered.
  const hydrated = useHydrated();
  // The PNG has the card's background of the scheme it is drawn in, so its text stays readable.
  const scheme = useShownScheme();

  const zoom = (factor: number) => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.dispatchAction({
      type: "graphRoam",
      seriesIndex: 0,
      zoom: factor,
      originX: chart.getWidth() / 2,
      originY: chart.getHeight() / 2,
    });
  };
  const restoreView = () => chartRef.current?.dispatchAction({ type: "restore" });
  const exportPng = () => {
    const chart = chartRef.current;
    if (!chart) return;
    const a = document.createElement("a");
    a.href = chart.getDataURL({ type: "png", pixelRatio: 2, backgroundColor: INK[scheme].surface });
    a.download = `${fileName}.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
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
    <div className="graph-chart">
      <div className="chart-toolbar" role="toolbar" aria-label={t("graph.toolbar")}>
        {hydrated && (
          <>
            <button
              type="button"
              onClick={() => zoom(1.25)}
              disabled={!ready}
              title={t("graph.zoomIn")}
              aria-label={t("graph.zoomIn")}
            >
              <IconZoomIn size={16} aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => zoom(0.8)}
              disabled={!ready}
              title={t("graph.zoomOut")}
              aria-label={t("graph.zoomOut")}
            >
              <IconZoomOut size={16} aria-hidden />
            </button>
            <button
              type="button"
              onClick={restoreView}
              disabled={!ready}
              title={t("graph.fit")}
              aria-label={t("graph.fit")}
            >
              <IconFocusCentered size={16} aria-hidden />
            </button>
            <button
              type="button"
              onClick={exportPng}
              disabled={!ready}
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
        <span className="chart-hint">{ready ? t("graph.hintLive") : t("graph.hintStatic")}</span>
      </div>
      <EChart
        {...{ spec, label, fixed, fit, testId, onClick, nodeHrefs }}
        onReady={(chart) => {
          chartRef.current = chart;
          setReady(true);
        }}
      />
    </div>
  );
}
