import { useEffect, useRef, useState } from "react";
import type { ChartSpec } from "~/charts/theme";

type ECharts = import("./echarts.client").ECharts;

const LAYER: React.CSSProperties = { position: "absolute", inset: 0 };

export interface EChartEvent {
  dataType?: string;
  dataIndex: number;
  name?: string;
  data?: unknown;
  seriesType?: string;
}

export interface EChartProps {
  spec: ChartSpec;
  /** Accessible name of the picture. */
  label: string;
  className?: string;
  /** Fixed height in px instead of the spec's aspect ratio (graphs fill a tall box). */
  height?: number;
  /** Drawn at the spec's exact pixel size, scrolling when wider than the page (layered diagrams). */
  fixed?: boolean;
  onReady?: (chart: ECharts) => void;
  onClick?: (event: EChartEvent) => void;
  testId?: string;
}

/**
 * One chart: the server's SVG first (visible without JavaScript), then, once the page is
 * hydrated, echarts loaded on demand takes over the same box with the same option and
 * makes it interactive (tooltips, zoom, drag). The SVG stays until the live chart is drawn,
 * so nothing jumps.
 */
export function EChart({
  spec,
  label,
  className,
  height,
  fixed,
  onReady,
  onClick,
  testId,
}: EChartProps) {
  const liveRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ECharts | null>(null);
  const handlers = useRef({ onReady, onClick });
  handlers.current = { onReady, onClick };
  const [live, setLive] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    import("./echarts.client").then((ec) => {
      const el = liveRef.current;
      if (cancelled || !el) return;
      const chart = ec.init(el, null, { renderer: "canvas" });
      chart.setOption(spec.option);
      chart.on("click", (params) => handlers.current.onClick?.(params as unknown as EChartEvent));
      chartRef.current = chart;
      observer = new ResizeObserver(() => chart.resize());
      observer.observe(el);
      setLive(true);
      handlers.current.onReady?.(chart);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
    };
    // The instance lives as long as the component; new data goes through setOption below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const chart = chartRef.current;
    if (chart) {
      chart.setOption(spec.option, { notMerge: true });
      handlers.current.onReady?.(chart);
    }
  }, [spec.option]);

  // Inline styles: the chart works on any page, whatever stylesheets the page links.
  const size = fixed
    ? { width: spec.width, height: spec.height, minWidth: spec.width }
    : height
      ? { width: "100%", height }
      : { width: "100%", aspectRatio: `${spec.width} / ${spec.height}` };
  const box: React.CSSProperties = { position: "relative", ...size };
  const chart = (
    <div
      className={`chart${className ? ` ${className}` : ""}`}
      style={box}
      role="img"
      aria-label={label}
      data-live={live}
      data-testid={testId}
    >
      {!live && spec.svg && (
        <div className="chart-svg" style={LAYER} dangerouslySetInnerHTML={{ __html: spec.svg }} />
      )}
      <div
        ref={liveRef}
        className="chart-live"
        style={live ? LAYER : { ...LAYER, pointerEvents: "none" }}
      />
    </div>
  );
  return fixed ? <div className="chart-scroll">{chart}</div> : chart;
}
