// Preloaded into the server's processes by bench/apply-bench.ts (NODE_OPTIONS=--import …,
// inherited by the cluster's workers): each second, the longest event-loop delay of that
// second, as `[loop-delay] <pid> <max ms>` on stderr (the bench keeps the largest per stage);
// and, sampled every 100 ms, the process's memory at each new RSS peak as
// `[memory] <pid> <rss> <V8 heap committed> <heap used> <external> <array buffers>` (MB), so
// the bench can say what the peak was made of (the rest is native: SQLite's caches, malloc).
import { monitorEventLoopDelay } from "node:perf_hooks";

const mb = (b) => (b / 1e6).toFixed(0);
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
setInterval(() => {
  process.stderr.write(`[loop-delay] ${process.pid} ${(h.max / 1e6).toFixed(0)}\n`);
  h.reset();
}, 1000).unref();
let peak = 0;
setInterval(() => {
  const m = process.memoryUsage();
  if (m.rss < peak + 2e6) return;
  peak = m.rss;
  process.stderr.write(
    `[memory] ${process.pid} ${mb(m.rss)} ${mb(m.heapTotal)} ${mb(m.heapUsed)} ${mb(m.external)} ${mb(m.arrayBuffers)}\n`,
  );
}, 100).unref();
