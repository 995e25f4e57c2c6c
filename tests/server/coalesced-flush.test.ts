import type http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coalescedFlush } from "../../server/coalesced-flush";

/** res.flush() once per turn (issue 25), behind compression, on a real Express server over HTTP. */

let base = "";
let server: http.Server;
/** Writes that reached the response below compression (gzip blocks), per URL. */
const written = new Map<string, number>();
let release: () => void = () => {};

const flush = (res: express.Response) => (res as express.Response & { flush(): void }).flush();

function site(coalesce: boolean) {
  const app = express.Router();
  app.use((req, res, next) => {
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    res.write = ((...a: unknown[]) => {
      written.set(req.originalUrl, (written.get(req.originalUrl) ?? 0) + 1);
      return write(...a);
    }) as typeof res.write;
    next();
  });
  app.use(compression());
  if (coalesce) app.use(coalescedFlush);
  // A page as Remix writes one: a burst of chunks in one turn, each followed by a flush.
  app.get("/burst", (_req, res) => {
    res.type("html");
    for (let i = 0; i < 20; i++) {
      res.write(`<p>${"知识图谱 ".repeat(100)}${i}</p>`);
      flush(res);
    }
    setImmediate(() => res.end("</html>"));
  });
  // An event stream: what is flushed arrives while the answer is still open.
  app.get("/events", (_req, res) => {
    res.type("text/event-stream");
    res.write("data: first\n\n");
    flush(res);
    release = () => res.end("data: last\n\n");
  });
  return app;
}

beforeAll(async () => {
  const app = express();
  app.use("/plain", site(false));
  app.use("/coalesced", site(true));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const gzip = { headers: { "Accept-Encoding": "gzip" } };

describe("coalescedFlush", () => {
  it("sends a burst of flushed writes as one gzip block, the page whole", async () => {
    const text = await (await fetch(`${base}/coalesced/burst`, gzip)).text();
    expect(text).toContain("<p>知识图谱 知识图谱");
    expect(text.endsWith("19</p></html>")).toBe(true);
    expect(written.get("/coalesced/burst")).toBeLessThanOrEqual(3); // the flushed burst, the end
    expect(await (await fetch(`${base}/plain/burst`, gzip)).text()).toBe(text);
    expect(written.get("/plain/burst")).toBeGreaterThanOrEqual(20);
  });

  it("still sends what is flushed while the answer stays open", async () => {
    const res = await fetch(`${base}/coalesced/events`, gzip);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: first\n\n");
    release();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).toBe("data: last\n\n");
  });
});
