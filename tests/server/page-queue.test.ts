import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageConcurrency, pageQueue } from "../../server/page-queue";

/** The per-process queue of console requests (issue 11), on a real Express server over HTTP. */

const queue = pageQueue(2);
let base = "";
let server: http.Server;
let arrivals = 0;
let running = 0;
let most = 0;
const order: string[] = [];
/** Streams held open by the test until it ends them. */
const streams: http.ServerResponse[] = [];

beforeAll(async () => {
  const app = express();
  app.use((_req, _res, next) => {
    arrivals++;
    next();
  });
  app.use(queue);
  app.get("/work/:name", (req, res) => {
    running++;
    most = Math.max(most, running);
    order.push(req.params.name);
    setTimeout(
      () => {
        running--;
        res.send(req.params.name);
      },
      Number(req.query.ms ?? 80),
    );
  });
  app.get("/stream", (_req, res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.write("data: open\n\n");
    streams.push(res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of streams) s.end();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Until `n` more requests than `from` have reached the queue. */
const arrived = (n: number, from: number) =>
  expect.poll(() => arrivals - from).toBeGreaterThanOrEqual(n);

describe("pageQueue", () => {
  it("works on at most its limit at once and serves the others in the order they came", async () => {
    most = 0;
    order.length = 0;
    const names = ["a", "b", "c", "d", "e", "f"];
    const answers: Promise<string>[] = [];
    const from = arrivals;
    for (const [i, n] of names.entries()) {
      answers.push(fetch(`${base}/work/${n}`).then((r) => r.text()));
      await arrived(i + 1, from); // the next one is sent when this one is in: they come in this order
    }
    expect(await Promise.all(answers)).toEqual(names);
    expect(most).toBe(2);
    expect(order).toEqual(names);
    expect(queue.state()).toEqual({ active: 0, waiting: 0, limit: 2 });
  });

  it("gives a turn back when the answer's headers are out: streams do not hold it", async () => {
    const a = new AbortController();
    const b = new AbortController();
    const s1 = await fetch(`${base}/stream`, { signal: a.signal });
    const s2 = await fetch(`${base}/stream`, { signal: b.signal });
    expect(s1.status).toBe(200);
    expect(s2.status).toBe(200);
    // Two streams open, and pages are still served at once.
    expect(await (await fetch(`${base}/work/g`)).text()).toBe("g");
    a.abort();
    b.abort();
  });

  it("drops a waiting client that goes away, and the rest go on", async () => {
    const from = arrivals;
    const slow = [fetch(`${base}/work/h?ms=1500`), fetch(`${base}/work/i?ms=1500`)];
    await arrived(2, from);
    const gone = new AbortController();
    const left = fetch(`${base}/work/never`, { signal: gone.signal }).catch(() => "aborted");
    await arrived(3, from);
    expect(queue.state().waiting).toBe(1);
    gone.abort();
    expect(await left).toBe("aborted");
    await expect.poll(() => queue.state().waiting).toBe(0);
    await Promise.all(slow);
    expect(await (await fetch(`${base}/work/j`)).text()).toBe("j");
    expect(order).not.toContain("never");
    expect(queue.state()).toEqual({ active: 0, waiting: 0, limit: 2 });
  });
});

describe("PAGE_CONCURRENCY", () => {
  it("is 8 unless set, 0 turns the queue off, and anything but a whole number is refused", () => {
    expect(pageConcurrency(undefined)).toBe(8);
    expect(pageConcurrency("")).toBe(8);
    expect(pageConcurrency("0")).toBe(0);
    expect(pageConcurrency("16")).toBe(16);
    for (const bad of ["-1", "1.5", "eight", "8 ", "99999"])
      expect(() => pageConcurrency(bad)).toThrow(/PAGE_CONCURRENCY/);
  });
});
