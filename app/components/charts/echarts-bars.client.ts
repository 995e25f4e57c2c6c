import { install as bar } from "echarts/lib/chart/bar/install.js";
import { install as grid } from "echarts/lib/component/grid/install.js";
import { install as tooltip } from "echarts/lib/component/tooltip/install.js";
import { register } from "./echarts.client";

/** Bar charts (echarts-parts.ts: the "bars" bundle). */
register([bar, grid, tooltip]);
export * from "./echarts.client";
