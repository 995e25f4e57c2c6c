import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { ECHARTS_MODULES } from "~/charts/echarts-modules";

/**
 * The browser's echarts: only the charts and components our pages use, drawn on canvas
 * (fast with thousands of graph nodes, and exportable as PNG). Loaded lazily by <EChart>,
 * so pages without charts never download it.
 */
echarts.use([...ECHARTS_MODULES, CanvasRenderer]);

export const { init } = echarts;
export type { ECharts } from "echarts/core";
