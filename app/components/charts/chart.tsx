import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { NARROW_CHART, themeChart, type ChartSpec, type ColorScheme } from "~/charts/theme";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { useShownScheme } from "./use-shown-scheme";
import { ChartData } from "./chart-data";
import { loadECharts, missingParts } from "./echarts-parts";
import { isBigGraph } from "~/charts/graph-options";
import { HeldImg } from "~/utils/held";

type ECharts = import("./echarts.client").ECharts;

const LAYER: React.CSSProperties = { position: "absolute", inset: 0 };
/** Absolutely placed, so a block (no inline display: charts.css swaps a wide and a narrow one). */
const IMG: React.CSSProperties = { ...LAYER, width: "100%", height: "100%" };
/** A fitted chart is not drawn smaller than this share of its own size (see `fit`). */
export const FIT_MIN_SCALE = 0.6;
/** How long a click on the server's picture waits for the live chart to be replayed to it. */
const REPLAY_CLICK_MS = 3000;

export interface EChartEvent {
  dataType?: string;
  dataIndex: number;
  name?: string;
  data?: unknown;
  seriesType?: string;
}

export interface EChartProps {
  spec: ChartSpec;
  /** What the chart shows, in the page's language: the figure's name and its table's caption. */
  label: string;
  className?: string;
  /** Fixed height in px instead of the spec's aspect ratio (graphs fill a tall box). */
  height?: number;
  /** Drawn at the spec's exact pixel size, scrolling when wider than the page (layered diagrams). */
  fixed?: boolean;
  /**
   * Drawn at the spec's size, scaled down to the width of its container (never up), so a
   * wide layered diagram fits its card with every label inside; below FIT_MIN_SCALE of its
   * size it stops shrinking (its text would be unreadable) and scrolls in a named region.
   */
  fit?: boolean;
  onReady?: (chart: ECharts) => void;
  onClick?: (event: EChartEvent) => void;
  /** A graph's node links (the option's data order), offered in its data table too. */
  nodeHrefs?: (string | undefined)[];
  testId?: string;
  /**
   * Make the chart live now, without waiting for a gesture on it (GraphChart: a gesture on
   * its toolbar, a button pressed before the chart was live).
   */
  wake?: boolean;
}

/**
 * The first signs that a person means to use a chart: the pointer over it, the focus inside
 * it (its data table's summary, its scroll region, a graph's toolbar), a touch. Spread on the
 * element that holds the chart.
 */
export function intentHandlers(onIntent: () => void) {
  return { onPointerEnter: onIntent, onFocus: onIntent, onTouchStart: onIntent };
}

/**
 * One chart: the server's SVG first (visible without JavaScript), then, when a person shows
 * they mean to use it (the pointer over the figure, the focus inside it, a touch:
 * `intentHandlers`), echarts loaded on demand takes over the same box with the same option
 * and makes it interactive (tooltips, zoom, drag); the pointer's position is replayed to it,
 * so the tooltip under the pointer shows without another move, and so is a click (a tap) on
 * the picture made while it loaded, so the tap that woke a graph opens the node under it.
 * Until then the page loads no echarts at all (issue 11: a chart page's JavaScript). The SVG
 * stays until the live chart is drawn, so nothing jumps. Both draw the option themed for the
 * page's colour scheme (themeChart); the live chart re-draws when the scheme changes.
 *
 * It goes live without a gesture when the server's picture cannot stand in for it: a spec
 * without an SVG (the data of a client navigation, which the server does not draw), a picture
 * drawn in another colour scheme than the page shows (the scheme changed in the browser, or
 * "auto" resolved by the browser to the other one), or `wake`.
 *
 * For people who do not see the picture it is a named `<figure>` whose text alternative is
 * its data as a table (ChartData, a collapsed `<details>` in the server's HTML): the picture
 * itself (SVG or canvas) is hidden from assistive technology, and the server's SVG goes in
 * as an `<img>` (a data: URL), so text browsers do not print its axis labels as stray words.
 *
 * A spec with a `narrow` drawing (horizontal bars for a phone) carries both pictures; under
 * NARROW_CHART px a container query shows the narrow one and its proportions (charts.css),
 * and the live chart draws the narrow option while its box is that narrow.
 */
export function EChart({
  spec,
  label,
  className,
  height,
  fixed,
  fit,
  onReady,
  onClick,
  nodeHrefs,
  testId,
  wake,
}: EChartProps) {
  const liveRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ECharts | null>(null);
  const handlers = useRef({ onReady, onClick });
  handlers.current = { onReady, onClick };
  const [live, setLive] = useState(false);
  // Not for fixed or fitted diagrams: they keep their drawing and scroll.
  const narrow = fixed || fit || height ? undefined : spec.narrow;
  // First the scheme the server drew its picture in (hydration renders what the server did).
  const scheme = useShownScheme(spec.scheme);
  const themed = useMemo(() => themeChart(spec.option, scheme), [spec.option, scheme]);
  const themedNarrow = useMemo(
    () => (narrow ? themeChart(narrow.option, scheme) : undefined),
    [narrow, scheme],
  );
  const current = useRef({ themed, themedNarrow, scheme });
  current.current = { themed, themedNarrow, scheme };
  // The scheme the live chart was last drawn in (a mark for tests and styles).
  const [drawn, setDrawn] = useState<ColorScheme | null>(null);
  /** The option for the box's width now: the narrow drawing's under NARROW_CHART px. */
  const optionFor = (el: HTMLElement) => {
    const { themed: wide, themedNarrow: small } = current.current;
    const drawing = small && el.clientWidth < NARROW_CHART ? "narrow" : "wide";
    // Which drawing is live, for tests and styles (a chart with a narrow one only).
    if (small) el.dataset.drawing = drawing;
    return drawing === "narrow" ? small! : wide;
  };
  const captionId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  // A fitted chart's live canvas is drawn at the spec's size and scaled to its box.
  const [scale, setScale] = useState<number | null>(null);
  useEffect(() => {
    const el = boxRef.current;
    if (!fit || !el || typeof ResizeObserver === "undefined") return;
    const measure = () => setScale(Math.min(1, el.clientWidth / spec.width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fit, spec.width]);

  // Whether the live chart is wanted: a gesture asked for it (kept), or the server's picture
  // cannot stand in for it (see the component's comment).
  const [asked, setAsked] = useState(false);
  const ask = useCallback(() => setAsked(true), []);
  const needed = asked || !!wake || !spec.svg || scheme !== (spec.scheme ?? "light");
  // A big graph is drawn by BigGraph instead of echarts (decision 028): a change of kind
  // (new data of another size) makes a new live chart.
  const big = isBigGraph(spec.option);
  // Where the pointer last was over the chart, to replay it to the live chart.
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const notePointer = (e: React.PointerEvent) => {
    if (e.pointerType === "mouse") pointer.current = { x: e.clientX, y: e.clientY };
  };
  // A click (a tap) on the server's picture, where in the box and when: the live chart gets it
  // when it comes soon after, so the tap that woke a chart opens the node under it.
  const tap = useRef<{ x: number; y: number; at: number } | null>(null);
  const noteClick = (e: React.MouseEvent) => {
    const rect = e.currentTarget.getBoundingClientRect();
    tap.current = { x: e.clientX - rect.left, y: e.clientY - rect.top, at: performance.now() };
  };

  useEffect(() => {
    if (!needed) return;
    // Once live, always live (a scheme changed back keeps the live chart).
    setAsked(true);
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    // echarts' core with the chart types and components of this chart's drawings only (the
    // newest drawings: new data may have come while it loaded).
    const drawings = () => [current.current.themed, current.current.themedNarrow];
    const load = (): Promise<(el: HTMLElement) => ECharts> =>
      big
        ? // BigGraph answers the part of echarts' instance the charts use.
          import("./big-graph.client").then((m) => (el) => m.init(el) as unknown as ECharts)
        : loadECharts(drawings()).then((ec) =>
            missingParts(drawings()) ? load() : (el) => ec.init(el, null, { renderer: "canvas" }),
          );
    load().then((init) => {
      const el = liveRef.current;
      if (cancelled || !el) return;
      const chart = init(el);
      let shown = optionFor(el);
      chart.setOption(shown);
      setDrawn(current.current.scheme);
      chart.on("click", (params) => handlers.current.onClick?.(params as unknown as EChartEvent));
      chartRef.current = chart;
      observer = new ResizeObserver(() => {
        const option = optionFor(el);
        if (option !== shown) {
          shown = option;
          chart.setOption(option, { notMerge: true });
          handlers.current.onReady?.(chart);
        }
        chart.resize();
      });
      observer.observe(el);
      setLive(true);
      handlers.current.onReady?.(chart);
      // Once drawn (zrender finds what is under a point in what it last painted): the pointer
      // that woke the chart is over it, show what is under it (its tooltip); a click made
      // while it loaded is the live chart's.
      const replay = () => {
        chart.off("finished", replay);
        const at = pointer.current;
        const canvas = el.querySelector("canvas");
        if (at && boxRef.current?.matches(":hover"))
          canvas?.dispatchEvent(
            new MouseEvent("mousemove", { clientX: at.x, clientY: at.y, bubbles: true }),
          );
        const click = tap.current;
        tap.current = null;
        if (click && canvas && boxRef.current && performance.now() - click.at < REPLAY_CLICK_MS)
          replayClick(canvas, boxRef.current.getBoundingClientRect(), click);
      };
      chart.on("finished", replay);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
    };
    // The instance lives as long as the component once made (new data goes through setOption
    // below), or until the data changes kind.
  }, [needed, big]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Not live yet: the server's picture is shown, and the live chart draws the newest option.
    if (!chartRef.current) return;
    const redraw = () => {
      const chart = chartRef.current;
      if (chart && liveRef.current) {
        chart.setOption(optionFor(liveRef.current), { notMerge: true });
        setDrawn(scheme);
        handlers.current.onReady?.(chart);
      }
    };
    // New data may draw with a chart type this page has not loaded yet.
    if (!big && missingParts([themed, themedNarrow])) {
      let cancelled = false;
      loadECharts([themed, themedNarrow]).then(() => {
        if (!cancelled) redraw();
      });
      return () => {
        cancelled = true;
      };
    }
    redraw();
  }, [themed, themedNarrow, scheme, big]);

  // Inline styles: the chart works on any page, whatever stylesheets the page links.
  const size: React.CSSProperties = fit
    ? {
        width: "100%",
        maxWidth: spec.width,
        minWidth: Math.round(spec.width * FIT_MIN_SCALE),
        aspectRatio: `${spec.width} / ${spec.height}`,
        margin: "0 auto",
        overflow: "hidden",
      }
    : fixed
      ? { width: spec.width, height: spec.height, minWidth: spec.width }
      : height
        ? { width: "100%", height }
        : narrow
          ? // charts.css sets --chart-ratio to the narrow one's in a narrow figure.
            { width: "100%", aspectRatio: `var(--chart-ratio, ${spec.width} / ${spec.height})` }
          : { width: "100%", aspectRatio: `${spec.width} / ${spec.height}` };
  const box: React.CSSProperties = { position: "relative", ...size };
  const liveStyle: React.CSSProperties = fit
    ? {
        position: "absolute",
        left: 0,
        top: 0,
        width: spec.width,
        height: spec.height,
        transform: `scale(${scale ?? 1})`,
        transformOrigin: "0 0",
        visibility: scale === null ? "hidden" : undefined,
      }
    : LAYER;
  const chart = (
    <div
      ref={boxRef}
      className={`chart${className ? ` ${className}` : ""}`}
      style={box}
      aria-hidden="true"
      data-live={live}
      // The scheme of the picture shown: the live chart's last drawing, else the server's SVG.
      data-scheme={(live ? drawn : spec.svg ? (spec.scheme ?? "light") : null) ?? undefined}
      data-testid={testId}
      onPointerMove={live ? undefined : notePointer}
      onPointerEnter={live ? undefined : notePointer}
      onClick={live ? undefined : noteClick}
    >
      {!live && spec.svg && (
        <HeldImg
          className={narrow?.svg ? "chart-svg wide" : "chart-svg"}
          style={IMG}
          value={spec.svg}
          toSrc={svgDataUrl}
          alt=""
        />
      )}
      {!live && !spec.svg && (
        // No picture from the server (a client navigation): a sign that one is coming.
        <div className="chart-loading" data-testid="chart-loading" />
      )}
      {!live && narrow?.svg && (
        // Shown instead of the wide one in a narrow figure (charts.css).
        <HeldImg
          hidden
          className="chart-svg narrow"
          style={IMG}
          value={narrow.svg}
          toSrc={svgDataUrl}
          alt=""
        />
      )}
      <div
        ref={liveRef}
        className="chart-live"
        style={live ? liveStyle : { ...liveStyle, pointerEvents: "none" }}
      />
    </div>
  );
  return (
    <figure
      className={narrow ? "chart-figure has-narrow" : "chart-figure"}
      aria-labelledby={captionId}
      {...(live ? {} : intentHandlers(ask))}
      style={
        narrow
          ? ({
              "--chart-narrow-ratio": `${narrow.width} / ${narrow.height}`,
            } as React.CSSProperties)
          : undefined
      }
    >
      <figcaption id={captionId} className="visually-hidden">
        {label}
      </figcaption>
      {fixed || fit ? (
        <ScrollRegion className="chart-scroll" label={label}>
          {chart}
        </ScrollRegion>
      ) : (
        chart
      )}
      <ChartData option={spec.option} label={label} nodeHrefs={nodeHrefs} />
    </figure>
  );
}

/**
 * A click at a point of the box, as the live chart's canvas receives one: zrender takes a
 * click only after a press and a release at the same place, and listens for mouse events in
 * every browser but old Edge and IE (a touch's taps come to it as these too).
 */
function replayClick(canvas: HTMLCanvasElement, box: DOMRect, at: { x: number; y: number }) {
  const init = {
    clientX: box.left + at.x,
    clientY: box.top + at.y,
    bubbles: true,
    cancelable: true,
  };
  for (const type of ["mousedown", "mouseup", "click"])
    canvas.dispatchEvent(new MouseEvent(type, init));
}

/**
 * The server's SVG as a data: URL for an `<img>`: percent-encoded (a URL holds no raw spaces,
 * quotes or angle brackets), keeping the characters a URL allows as they are.
 */
export function svgDataUrl(svg: string): string {
  // The server draws a chart once and keeps its SVG (charts/render.server.ts): its URL too.
  let url = dataUrls.get(svg);
  if (url === undefined) {
    if (dataUrls.size >= 32) dataUrls.clear();
    dataUrls.set(svg, (url = encodeSvg(svg)));
  }
  return url;
}
const dataUrls = new Map<string, string>();

function encodeSvg(svg: string): string {
  const encoded = encodeURIComponent(svg).replace(/%(2F|3A|3D|2C|3B|40|24|2B)/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return `data:image/svg+xml;charset=utf-8,${encoded}`;
}
