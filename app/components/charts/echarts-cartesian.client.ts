import { install as bar } from "echarts/lib/chart/bar/install.js";
import { install as line } from "echarts/lib/chart/line/install.js";
import { install as grid } from "echarts/lib/component/grid/install.js";
import { install as legendScroll } from "echarts/lib/component/legend/installLegendScroll.js";
import { install as tooltip } from "echarts/lib/component/tooltip/install.js";
import { register } from "./echarts.client";

/** Lines and bars with legends (echarts-parts.ts: the "cartesian" bundle). */
register([bar, line, grid, legendScroll, tooltip]);
export * from "./echarts.client";
