/**
 * The main thread of one cold load at 4× CPU (issue 25, decision 039):
 * `npx tsx bench/paint-trace.ts URL [storage-state.json]` (a Playwright storage state for a
 * signed-in page). Prints the paint marks, the renderer main thread's events of 2 ms or more
 * (parse, style, layout, paint, scripts) from navigation start until the largest contentful
 * paint plus 200 ms, and the requests: what the first and the largest paint waited for.
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/helpers/chromium";

const url = process.argv[2];
const state = process.argv[3];
const browser = await chromium.launch(chromiumLaunchOptions);
const context = await browser.newContext({
  locale: "zh-CN",
  ...(state ? { storageState: JSON.parse(fs.readFileSync(state, "utf8")) } : {}),
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await browser.startTracing(page, {
  categories: [
    "devtools.timeline",
    "blink.user_timing",
    "loading",
    "disabled-by-default-devtools.timeline",
  ],
});
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(500);
const buf = await browser.stopTracing();
await browser.close();
interface Ev {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: {
      isLoadingMainFrame?: boolean;
      size?: number;
      type?: string;
      url?: string;
      requestId?: string;
    };
    beginData?: { url?: string; startLine?: number };
  };
}
const events: Ev[] = JSON.parse(buf.toString()).traceEvents;
const nav = events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame);
const t0 = nav?.ts ?? events[0].ts;
const main = events.find(
  (e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === nav?.pid,
);
const rel = (ts: number) => ((ts - t0) / 1000).toFixed(1);
const marks = events.filter((e) =>
  [
    "firstContentfulPaint",
    "largestContentfulPaint::Candidate",
    "firstPaint",
    "domContentLoadedEventEnd",
    "MarkDOMContent",
    "MarkLoad",
  ].includes(e.name),
);
for (const m of marks)
  console.log(
    `${rel(m.ts)} MARK ${m.name} ${m.args?.data?.size ?? ""} ${m.args?.data?.type ?? ""}`,
  );
const lcp = Math.max(...marks.filter((m) => m.name.startsWith("largest")).map((m) => m.ts), t0);
const interesting = events
  .filter(
    (e) => e.ph === "X" && main && e.pid === main.pid && e.tid === main.tid && (e.dur ?? 0) >= 2000,
  )
  .filter((e) => e.ts < lcp + 200_000 && e.ts >= t0)
  .filter((e) => !["RunTask", "ThreadControllerImpl::RunTask"].includes(e.name));
for (const e of interesting)
  console.log(
    `${rel(e.ts)} +${((e.dur ?? 0) / 1000).toFixed(1)} ${e.name} ${e.args?.data?.url ?? e.args?.beginData?.url ?? ""} ${e.args?.beginData?.startLine ?? ""}`,
  );
const net = events.filter(
  (e) =>
    e.name === "ResourceReceiveResponse" ||
    e.name === "ResourceFinish" ||
    e.name === "ResourceSendRequest",
);
for (const e of net)
  console.log(`${rel(e.ts)} NET ${e.name} ${e.args?.data?.url ?? e.args?.data?.requestId}`);
