// Preloaded into the server's processes by bench/apply-bench.ts (NODE_OPTIONS=--import …,
// inherited by the cluster's workers): each second, the longest event-loop delay of that
// second, as `[loop-delay] <pid> <max ms>` on stderr (the bench keeps the largest per stage).
import { monitorEventLoopDelay } from "node:perf_hooks";

const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
setInterval(() => {
  process.stderr.write(`[loop-delay] ${process.pid} ${(h.max / 1e6).toFixed(0)}\n`);
  h.reset();
}, 1000).unref();
