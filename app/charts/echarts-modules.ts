import { BarChart, GraphChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";

/** The charts and components our options use, all registered by the server (SVG); the browser loads each apart (components/charts/echarts-parts.ts). */
export const ECHARTS_MODULES = [
  GraphChart,
  LineChart,
  BarChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
];
