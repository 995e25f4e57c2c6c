import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import express from "express";
import inject from "light-my-request";

/**
 * A Node stream as a web stream, with back-pressure: read as the reader asks, destroyed when it
 * cancels, an error (or an end before the end: a handler that destroyed its response) passed
 * on. Not Readable.toWeb: in Node 20 its stream, cancelled before its first read (a caller
 * that only wanted the status), throws "Controller is already closed" from a later tick, which
 * ends the process.
 */
function webStream(stream: Readable): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      stream.pause();
      stream.on("data", (chunk: Buffer | string) => {
        if (settled) return;
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) stream.pause();
      });
      stream.once("end", () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      stream.once("error", (e) => {
        if (settled) return;
        settled = true;
        controller.error(e);
      });
      stream.once("close", () => {
        if (settled) return;
        settled = true;
        controller.error(new Error("the answer ended before its end"));
      });
    },
    pull() {
      stream.resume();
    },
    cancel() {
      settled = true;
      stream.destroy();
    },
  });
}

/** Statuses whose answers have no body (a Response refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch-style function that hands a `Request` to a Node handler in this process, with no
 * socket, and answers the handler's response as a `Response` (issue 11): headers, status and
 * body as over HTTP. The request body is streamed in (multipart uploads), the response body
 * streamed out as the handler writes it (CSV exports, server-sent events) with back-pressure.
 * The request appears to come from `remoteAddress` (loopback by default, as the console's own
 * HTTP calls did), so the handler's `trust proxy` decides about X-Forwarded-For the same way.
 * Aborting the request's signal, or cancelling the answer's body, closes the request and the
 * response on the handler's side ('close'), as a client hanging up would.
 */
export function inProcessFetch(app: express.Express, opts: { remoteAddress?: string } = {}) {
  const remoteAddress = opts.remoteAddress ?? "127.0.0.1";
  let prepared = false;
  // Handed a plain function, light-my-request leaves Express alone (handed an Express app, it
  // re-parents Express's shared request and response prototypes: every app in the process,
  // the console's own server included). This app's request and response instead get Express's
  // methods over light-my-request's objects, for this app only.
  const dispatch = (req: IncomingMessage, res: ServerResponse) => {
    if (!prepared) {
      prepared = true;
      const own = (proto: object, methods: object) =>
        Object.defineProperties(Object.create(proto), Object.getOwnPropertyDescriptors(methods));
      const link = { app: { configurable: true, enumerable: true, writable: true, value: app } };
      app.request = Object.create(own(Object.getPrototypeOf(req), express.request), link);
      app.response = Object.create(own(Object.getPrototypeOf(res), express.response), link);
    }
    // Express reads `req.connection`: the same socket, without the library's deprecation warning.
    Object.defineProperty(req, "connection", { value: req.socket, configurable: true });
    app(req as express.Request, res as express.Response);
  };
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    headers.host = url.host;
    const payload = request.body ? Readable.fromWeb(request.body as NodeReadableStream) : undefined;
    // A streamed body of unknown length arrives chunked, as over HTTP (body parsers look for it).
    if (payload && !headers["content-length"]) headers["transfer-encoding"] = "chunked";
    const injected = inject(dispatch, {
      method: request.method as "GET",
      url: url.pathname + url.search,
      headers,
      payload,
      remoteAddress,
      payloadAsStream: true,
      signal: request.signal,
      validate: false,
    } as Parameters<typeof inject>[1]);
    // A handler that never answers is given up when the signal aborts (fetch's timeout).
    const signal = request.signal;
    const answer = await new Promise<Awaited<typeof injected>>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      injected.then(
        (a) => {
          signal.removeEventListener("abort", onAbort);
          resolve(a);
        },
        (e: unknown) => {
          signal.removeEventListener("abort", onAbort);
          reject(e);
        },
      );
    });

    const out = new Headers();
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) out.append(key, String(v));
      else out.set(key, String(value));
    }
    const res = answer.raw.res as ServerResponse & { req: IncomingMessage };
    const stream = answer.stream();
    // The reader went away before the end (cancelled body, aborted signal): tell the handler.
    stream.once("close", () => {
      if (res.writableFinished) return;
      res.req?.emit("close");
      res.emit("close");
    });
    if (request.method === "HEAD" || NULL_BODY.has(answer.statusCode)) {
      stream.resume();
      return new Response(null, {
        status: answer.statusCode,
        statusText: answer.statusMessage,
        headers: out,
      });
    }
    return new Response(webStream(stream), {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: out,
    });
  };
}
