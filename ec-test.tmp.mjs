import * as echarts from "echarts/core";
import { GraphChart, LineChart } from "echarts/charts";
import { TooltipComponent, GridComponent, LegendComponent, TitleComponent } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";
echarts.use([GraphChart, LineChart, TooltipComponent, GridComponent, LegendComponent, TitleComponent, SVGRenderer]);
const c = echarts.init(null, null, { renderer: "svg", ssr: true, width: 600, height: 300 });
c.setOption({ animation: false, legend: {data:["<b>x</b>"]}, series: [{ type: "graph", layout: "none", name:"<b>x</b>", label:{show:true}, data: [{ name: "<script>alert(1)</script>", x: 10, y: 10 }, { name: "b&c\"'", x: 100, y: 100 }], links: [{ source: 0, target: 1 }] }] });
const s = c.renderToSVGString({useViewBox:true});
console.log(s.slice(0, 2000));
