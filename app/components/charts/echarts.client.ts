import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

/**
 * The browser's echarts core, drawn on canvas (fast with thousands of graph nodes, and
 * exportable as PNG). The chart types and components come in bundles (echarts-parts.ts), so
 * a page loads only what its charts draw with. Loaded lazily by <EChart>, so pages without
 * charts never download it.
 */
echarts.use([CanvasRenderer]);

export const { init, use: register } = echarts;
export type { ECharts } from "echarts/core";
