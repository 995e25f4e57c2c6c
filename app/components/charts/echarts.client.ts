import { BarChart, GraphChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

/**
 * The browser's echarts: only the charts and components our pages use, drawn on canvas
 * (fast with thousands of graph nodes, and exportable as PNG). Loaded lazily by <EChart>,
 * so pages without charts never download it.
 */
echarts.use([
  GraphChart,
  LineChart,
  BarChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export const { init, getInstanceByDom } = echarts;
export type { ECharts } from "echarts/core";
