/**
 * echarts one module each (issue 11, app/components/charts/echarts-parts.ts): the package
 * ships no types beside its lib/ files; these are the `install` functions its
 * `echarts/charts` and `echarts/components` indexes re-export.
 */
declare module "echarts/lib/chart/graph/install.js" {
  export { GraphChart as install } from "echarts/charts";
}
declare module "echarts/lib/chart/line/install.js" {
  export { LineChart as install } from "echarts/charts";
}
declare module "echarts/lib/chart/bar/install.js" {
  export { BarChart as install } from "echarts/charts";
}
declare module "echarts/lib/component/grid/install.js" {
  export { GridComponent as install } from "echarts/components";
}
declare module "echarts/lib/component/legend/installLegendPlain.js" {
  export { LegendPlainComponent as install } from "echarts/components";
}
declare module "echarts/lib/component/legend/installLegendScroll.js" {
  export { LegendScrollComponent as install } from "echarts/components";
}
declare module "echarts/lib/component/tooltip/install.js" {
  export { TooltipComponent as install } from "echarts/components";
}
