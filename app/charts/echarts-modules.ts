import { BarChart, GraphChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";

/** The charts and components our options use: registered by the server (SVG) and the browser (canvas) alike. */
export const ECHARTS_MODULES = [
  GraphChart,
  LineChart,
  BarChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
];
