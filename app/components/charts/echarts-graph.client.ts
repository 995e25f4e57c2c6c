import { install as graph } from "echarts/lib/chart/graph/install.js";
import { install as legendScroll } from "echarts/lib/component/legend/installLegendScroll.js";
import { install as tooltip } from "echarts/lib/component/tooltip/install.js";
import { register } from "./echarts.client";

/** Node-link graphs (echarts-parts.ts: the "graph" bundle). */
register([graph, legendScroll, tooltip]);
export * from "./echarts.client";
