import type { PlainGraphSeries } from "~/charts/graph-options";
import type { ChartOption } from "~/charts/theme";

/**
 * The live picture of a big node-link graph (issue 23 item 5, decision 028): echarts paints
 * each node and link as an element of its own (4,000 of them for 2,000 nodes: 50 ms and more a
 * frame on a slow machine, and a dragged node re-lays out every link), so above BIG_GRAPH
 * nodes the browser draws the same option itself on one canvas: every link in one stroke, the
 * nodes in one fill per colour (a few ms a frame). It does what the live graph does: pan by
 * dragging the background, zoom with the wheel or the toolbar, drag a node (its links follow),
 * a node's name under the pointer, a click on a node follows its link, PNG export. It answers
 * the part of echarts' instance GraphChart and EChart use (dispatchAction graphRoam/restore,
 * getDataURL, getWidth/getHeight, on/off, setOption, resize, dispose).
 */

interface Series extends PlainGraphSeries {
  scaleLimit?: { min: number; max: number };
  label?: { color?: string };
}

type Handler = (params: unknown) => void;
const percent = (value: string, of: number) => (parseFloat(value) / 100) * of;

export class BigGraph {
  private canvas = document.createElement("canvas");
  private tip = document.createElement("div");
  private s!: Series;
  private legendColor = "#333";
  private xs = new Float64Array(0);
  private ys = new Float64Array(0);
  private pairs: [number, number][] = [];
  /** The view: data pixels → box pixels (pan and zoom). */
  private view = { k: 1, x: 0, y: 0 };
  private width = 0;
  private height = 0;
  private handlers = new Map<string, Set<Handler>>();
  private frame = 0;
  /** The last whole drawing and the view it was drawn in: pan and zoom move it until they rest. */
  private shot = document.createElement("canvas");
  private shotView: { k: number; x: number; y: number } | null = null;
  private settle = 0;
  private gesture: { node: number; x: number; y: number; moved: boolean } | null = null;

  constructor(private el: HTMLElement) {
    Object.assign(this.canvas.style, { display: "block", width: "100%", height: "100%" });
    Object.assign(this.tip.style, {
      position: "absolute",
      pointerEvents: "none",
      padding: "2px 6px",
      borderRadius: "4px",
      font: "12px sans-serif",
      background: "rgba(33,37,41,.9)",
      color: "#fff",
      display: "none",
      whiteSpace: "nowrap",
    });
    el.append(this.canvas, this.tip);
    this.canvas.style.touchAction = "none";
    this.canvas.addEventListener("pointerdown", this.down);
    this.canvas.addEventListener("pointermove", this.move);
    this.canvas.addEventListener("pointerup", this.up);
    this.canvas.addEventListener("pointerleave", this.leave);
    this.canvas.addEventListener("wheel", this.wheel, { passive: false });
    // What EChart replays to a chart that just went live: the pointer's place and a tap.
    this.canvas.addEventListener("mousemove", (e) => {
      if (!e.isTrusted) this.hover(this.at(e));
    });
    this.canvas.addEventListener("click", (e) => {
      const p = this.at(e);
      const i = this.nodeAt(p.x, p.y);
      if (!e.isTrusted && i >= 0) this.emit("click", { dataType: "node", dataIndex: i });
    });
    this.resize();
  }

  setOption(option: ChartOption) {
    const s = (option.series as Series[])[0];
    this.s = s;
    this.legendColor =
      (option.legend as { textStyle?: { color?: string } } | undefined)?.textStyle?.color ??
      s.label?.color ??
      "#333";
    // Box pixels of the layout, as echarts maps the nodes' extent onto the series box.
    const xs = s.data.map((d) => d.x);
    const ys = s.data.map((d) => d.y);
    const minX = Math.min(...xs);
    const minY = Math.min(...ys);
    const spanX = Math.max(...xs) - minX || 1;
    const spanY = Math.max(...ys) - minY || 1;
    const box = {
      x: percent(s.left, this.width),
      y: percent(s.top, this.height),
      w: percent(s.width, this.width),
      h: percent(s.height, this.height),
    };
    this.xs = Float64Array.from(xs, (x) => box.x + ((x - minX) / spanX) * box.w);
    this.ys = Float64Array.from(ys, (y) => box.y + ((y - minY) / spanY) * box.h);
    const index = new Map(s.data.map((d, i) => [d.id, i]));
    this.pairs = s.links.flatMap((l) => {
      const a = index.get(l.source);
      const b = index.get(l.target);
      return a === undefined || b === undefined ? [] : [[a, b] as [number, number]];
    });
    this.draw();
  }

  getWidth = () => this.width;
  getHeight = () => this.height;

  resize() {
    const { clientWidth: w, clientHeight: h } = this.el;
    if (!w || !h || (w === this.width && h === this.height)) return;
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(w * ratio);
    this.canvas.height = Math.round(h * ratio);
    const resized = this.width > 0;
    this.width = w;
    this.height = h;
    if (resized && this.s) this.setOption({ series: [this.s] } as ChartOption);
    else this.draw();
  }

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
  }
  private emit(event: string, params?: unknown) {
    for (const h of [...(this.handlers.get(event) ?? [])]) h(params);
  }

  dispatchAction(a: { type: string; zoom?: number; originX?: number; originY?: number }) {
    if (a.type === "restore") {
      this.view = { k: 1, x: 0, y: 0 };
      this.setOption({ series: [this.s] } as ChartOption);
    } else if (a.type === "graphRoam" && a.zoom)
      this.zoom(a.zoom, a.originX ?? this.width / 2, a.originY ?? this.height / 2);
  }

  getDataURL(o: { pixelRatio?: number; backgroundColor?: string }) {
    const out = document.createElement("canvas");
    out.width = this.canvas.width;
    out.height = this.canvas.height;
    const ctx = out.getContext("2d")!;
    ctx.fillStyle = o.backgroundColor ?? "#fff";
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.drawImage(this.canvas, 0, 0);
    return out.toDataURL("image/png");
  }

  dispose() {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.settle);
    this.canvas.remove();
    this.tip.remove();
    this.handlers.clear();
  }

  private zoom(factor: number, ox: number, oy: number) {
    const { min, max } = this.s?.scaleLimit ?? { min: 0.1, max: 12 };
    const k = Math.min(max, Math.max(min, this.view.k * factor));
    const f = k / this.view.k;
    this.view = { k, x: ox - (ox - this.view.x) * f, y: oy - (oy - this.view.y) * f };
    this.draw(true);
  }

  /**
   * One drawing per frame, however many moves came in it. A `moving` view (pan, zoom) moves
   * the last whole drawing as a picture (a copy of pixels, whatever the graph's size) and
   * draws the graph anew once the view has rested for a moment.
   */
  private draw(moving = false) {
    clearTimeout(this.settle);
    if (moving && this.shotView) this.settle = window.setTimeout(() => this.draw(), 150);
    else this.shotView = null;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.shotView) this.blit(this.shotView);
      else this.paint();
    });
  }

  /** The last whole drawing, moved and scaled from the view it was drawn in to the view now. */
  private blit(from: { k: number; x: number; y: number }) {
    const ctx = this.canvas.getContext("2d");
    if (!ctx) return;
    const ratio = this.canvas.width / (this.width || 1);
    const f = this.view.k / from.k;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(
      f,
      0,
      0,
      f,
      (this.view.x - from.x * f) * ratio,
      (this.view.y - from.y * f) * ratio,
    );
    ctx.drawImage(this.shot, 0, 0);
  }

  private size(i: number) {
    const z = this.s.data[i].symbolSize;
    return Array.isArray(z) ? z[0] : z;
  }

  private paint() {
    const ctx = this.canvas.getContext("2d");
    if (!ctx || !this.s) return;
    const ratio = this.canvas.width / (this.width || 1);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, this.width, this.height);
    const { k, x: tx, y: ty } = this.view;
    const X = (i: number) => this.xs[i] * k + tx;
    const Y = (i: number) => this.ys[i] * k + ty;
    const s = this.s;
    ctx.beginPath();
    for (const [a, b] of this.pairs) {
      ctx.moveTo(X(a), Y(a));
      ctx.lineTo(X(b), Y(b));
    }
    ctx.globalAlpha = s.lineStyle.opacity;
    ctx.strokeStyle = s.lineStyle.color;
    ctx.lineWidth = s.lineStyle.width;
    ctx.stroke();
    ctx.globalAlpha = 1;
    // The nodes in one path per colour; symbol sizes scale with the zoom's square root, as echarts'.
    const scale = Math.sqrt(k);
    const byColor = new Map<string, number[]>();
    s.data.forEach((d, i) => {
      const color = d.itemStyle?.color ?? s.categories[d.category]?.itemStyle.color ?? "#6085f2";
      if (!byColor.has(color)) byColor.set(color, []);
      byColor.get(color)!.push(i);
    });
    for (const [color, nodes] of byColor) {
      ctx.beginPath();
      for (const i of nodes) {
        const r = (this.size(i) / 2) * scale;
        ctx.moveTo(X(i) + r, Y(i));
        ctx.arc(X(i), Y(i), r, 0, 2 * Math.PI);
      }
      ctx.fillStyle = color;
      ctx.fill();
    }
    ctx.font = "bold 13px sans-serif";
    ctx.textBaseline = "middle";
    ctx.fillStyle = s.label?.color ?? this.legendColor;
    s.data.forEach((d, i) => {
      if (d.label?.show) ctx.fillText(d.name, X(i) + (this.size(i) / 2) * scale + 5, Y(i));
    });
    // The legend at the top left (as the server's picture draws it), in rows that wrap at the
    // box's width (a phone's box holds two or three categories a row).
    ctx.font = "12px sans-serif";
    let x = 12;
    let y = 9;
    for (const c of s.categories) {
      const w = 30 + ctx.measureText(c.name).width + 14;
      if (x > 12 && x + w - 14 > this.width - 12) {
        x = 12;
        y += 20;
      }
      ctx.fillStyle = c.itemStyle.color;
      ctx.beginPath();
      ctx.roundRect(x, y, 25, 14, 3);
      ctx.fill();
      ctx.fillStyle = this.legendColor;
      ctx.fillText(c.name, x + 30, y + 7);
      x += w;
    }
    // Kept for pan and zoom (see draw).
    this.shot.width = this.canvas.width;
    this.shot.height = this.canvas.height;
    this.shot.getContext("2d")?.drawImage(this.canvas, 0, 0);
    this.shotView = { ...this.view };
    this.emit("finished");
  }

  /** The node under a point of the box (the topmost), or -1. */
  private nodeAt(px: number, py: number) {
    const { k, x: tx, y: ty } = this.view;
    const scale = Math.sqrt(k);
    for (let i = this.xs.length - 1; i >= 0; i--) {
      const r = Math.max(4, (this.size(i) / 2) * scale);
      const dx = this.xs[i] * k + tx - px;
      const dy = this.ys[i] * k + ty - py;
      if (dx * dx + dy * dy <= r * r) return i;
    }
    return -1;
  }

  private at(e: MouseEvent) {
    const rect = this.canvas.getBoundingClientRect();
    // A box drawn scaled (a fitted chart): pointer pixels back to the box's own.
    return {
      x: ((e.clientX - rect.left) * this.width) / (rect.width || 1),
      y: ((e.clientY - rect.top) * this.height) / (rect.height || 1),
    };
  }

  private down = (e: PointerEvent) => {
    const p = this.at(e);
    this.gesture = { node: this.nodeAt(p.x, p.y), x: p.x, y: p.y, moved: false };
    this.canvas.setPointerCapture?.(e.pointerId);
  };

  private move = (e: PointerEvent) => {
    const p = this.at(e);
    const g = this.gesture;
    if (!g) return this.hover(p);
    const dx = p.x - g.x;
    const dy = p.y - g.y;
    if (!g.moved && Math.abs(dx) + Math.abs(dy) < 3) return;
    g.moved = true;
    g.x = p.x;
    g.y = p.y;
    if (g.node >= 0) {
      this.xs[g.node] += dx / this.view.k;
      this.ys[g.node] += dy / this.view.k;
      this.draw();
    } else {
      this.view = { ...this.view, x: this.view.x + dx, y: this.view.y + dy };
      this.draw(true);
    }
    this.tip.style.display = "none";
  };

  private up = (e: PointerEvent) => {
    const g = this.gesture;
    this.gesture = null;
    if (g && !g.moved && g.node >= 0) this.emit("click", { dataType: "node", dataIndex: g.node });
    this.hover(this.at(e));
  };

  private leave = () => {
    if (!this.gesture) this.tip.style.display = "none";
  };

  private hover(p: { x: number; y: number }) {
    const i = this.nodeAt(p.x, p.y);
    this.canvas.style.cursor = i >= 0 ? "pointer" : "grab";
    if (i < 0) {
      this.tip.style.display = "none";
      return;
    }
    const d = this.s.data[i];
    this.tip.textContent = d.value ? `${d.name} · ${d.value}` : d.name;
    this.tip.style.display = "block";
    this.tip.style.left = `${Math.min(p.x + 12, Math.max(0, this.width - this.tip.offsetWidth))}px`;
    this.tip.style.top = `${Math.max(0, p.y - 28)}px`;
  }

  private wheel = (e: WheelEvent) => {
    e.preventDefault();
    const p = this.at(e);
    this.zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1, p.x, p.y);
  };
}

/** A BigGraph drawing in `el` (echarts' `init`, for big graphs). */
export const init = (el: HTMLElement) => new BigGraph(el);
