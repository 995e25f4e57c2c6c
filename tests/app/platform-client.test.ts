import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PlatformError,
  PlatformUnavailable,
  REQUEST_TIMEOUT_MS,
} from "~/platform-client/client.server";
import { platformFor } from "~/auth/platform.server";
import { invalidatePlatformConfig } from "~/platform-client/config.server";
import { encryptBody } from "~/platform-client/encrypt.server";
import { goesInProcess, setInProcessTransport } from "~/platform-client/transport.server";
import { inProcessFetch } from "../../platform/in-process";
import { registerJobKind } from "../../platform/jobs/kinds";
import { enqueueJob } from "../../platform/jobs/worker";
import { browser, get } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { sqliteHandle } from "../helpers/sql.js";

// A job that reports progress until it is cancelled (server-sent events below).
registerJobKind("test.client.ticker", async (job) => {
  for (let i = 0; ; i++) {
    job.progress(i % 100, `第 ${i} 步`);
    await new Promise((r) => setTimeout(r, 50));
    await job.checkpoint();
  }
});

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
  process.env.PLATFORM_API_URL = p.api;
});
afterAll(() => p.close());

function setConfig(key: string, value: string) {
  sqliteHandle(p.ctx).prepare("UPDATE configs SET value = ? WHERE key = ?").run(value, key);
  invalidatePlatformConfig();
}

/** Calls that went through the in-process transport. */
let injected = 0;

// Every test runs both ways: over HTTP, and in-process (the same Request and Response, no socket).
describe.each(["http", "in-process"] as const)("the platform client (spec §7), %s", (mode) => {
  beforeAll(() => {
    if (mode !== "in-process") return;
    const inner = express();
    inner.set("trust proxy", "loopback");
    inner.use("/api", p.platform.router);
    const handle = inProcessFetch(inner);
    setInProcessTransport({
      base: p.api,
      handle: (request) => {
        injected++;
        return handle(request);
      },
    });
  });
  afterAll(() => setInProcessTransport(undefined));

  it("goes the chosen way", async () => {
    expect(goesInProcess(`${p.api}/common/configs/all`)).toBe(mode === "in-process");
    expect(goesInProcess("http://elsewhere.test/api/common/configs/all")).toBe(false);
    const before = injected;
    const u = userWithToken(p.ctx, `way-${mode}`, ["admin"]);
    await (await platformFor(get("/", await browser(u)))).get("/common/users/info/");
    expect(injected > before).toBe(mode === "in-process");
  });

  it("uses the spec's request timeout", () => {
    expect(REQUEST_TIMEOUT_MS).toBe(3_600_000);
  });

  it("sends the token and unwraps the body", async () => {
    const u = userWithToken(p.ctx, `client1-${mode}`, ["admin"]);
    const api = await platformFor(get("/", await browser(u)));
    const info = await api.get<{ username: string }>("/common/users/info/");
    expect(info.username).toBe(`client1-${mode}`);
  });

  it("sends the anti-forgery token on writes (the platform accepts them)", async () => {
    const u = userWithToken(p.ctx, `client2-${mode}`, ["admin"]);
    const api = await platformFor(get("/", await browser(u)));
    await expect(
      api.post("/common/users/valid/", { password: `pass-client2-${mode}` }),
    ).resolves.toEqual({ valid: true });
  });

  it("fetches a nonce before every write when anti-resubmission is on", async () => {
    setConfig("YF_ANTI_RESUBMIT", "true");
    try {
      const u = userWithToken(p.ctx, `client3-${mode}`, ["admin"]);
      const api = await platformFor(get("/", await browser(u)));
      await expect(
        api.post("/common/users/valid/", { password: `pass-client3-${mode}` }),
      ).resolves.toEqual({ valid: true });
      // The same write without a nonce is refused, so the client's success came from its nonces.
      const bare = await fetch(`${p.api}/common/users/valid/`, {
        method: "POST",
        headers: {
          Authorization: `Token ${u.token}`,
          "X-CSRFToken": u.csrf,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ password: `pass-client3-${mode}` }),
      });
      expect(bare.status).toBe(403);
    } finally {
      setConfig("YF_ANTI_RESUBMIT", "false");
    }
  });

  it("encrypts bodies with the platform's public key when body encryption is on", async () => {
    setConfig("YF_BODY_ENCRYPT", "true");
    try {
      const u = userWithToken(p.ctx, `client4-${mode}`, ["admin"]);
      const api = await platformFor(get("/", await browser(u)));
      await expect(
        api.post("/common/users/valid/", { password: `pass-client4-${mode}` }),
      ).resolves.toEqual({ valid: true });
      // A long Chinese body takes several pieces and still arrives whole.
      const wrong = api.post("/common/users/valid/", { password: "错误的密码".repeat(30) });
      await expect(wrong).rejects.toBeInstanceOf(PlatformError);
      await expect(wrong).rejects.toMatchObject({ detail: "密码错误" });
    } finally {
      setConfig("YF_BODY_ENCRYPT", "false");
    }
  });

  it("cuts the JSON into 100-character pieces, one ciphertext each", async () => {
    const cfg = (await (await fetch(`${p.api}/common/configs/all`)).json()) as {
      YF_RSA_PUBLIC_KEY: string;
    };
    const body = { text: "知识图谱".repeat(60) };
    const { data } = encryptBody(cfg.YF_RSA_PUBLIC_KEY, body);
    const asciiLength = JSON.stringify(body).replace(/[\u007f-\uffff]/g, "\\uXXXX").length;
    expect(data.split(",")).toHaveLength(Math.ceil(asciiLength / 100));
  });

  it("throws the platform's own message on an error", async () => {
    const u = userWithToken(p.ctx, `client5-${mode}`, ["admin"]);
    const api = await platformFor(get("/", await browser(u)));
    await expect(api.post("/common/users/valid/", { password: "wrong" })).rejects.toMatchObject({
      status: 400,
      detail: "密码错误",
    });
  });

  it("asks in the page's language: an English page gets the platform's English words", async () => {
    const u = userWithToken(p.ctx, `client6-${mode}`, ["admin"]);
    const english = get("/", await browser(u), { "Accept-Language": "en-US,en;q=0.9" });
    const api = await platformFor(english);
    expect(api.lng).toBe("en");
    await expect(api.post("/common/users/valid/", { password: "wrong" })).rejects.toMatchObject({
      status: 400,
      detail: "Incorrect password",
    });
    const schema = await api.get<{ table_fields: Record<string, { label: string }> }>(
      "/common/users/schema/",
    );
    expect(schema.table_fields.username.label).toBe("Username");
  });

  it("keeps headers and streams a CSV export", async () => {
    const u = userWithToken(p.ctx, `csv-${mode}`, ["admin"]);
    const api = await platformFor(get("/", await browser(u)));
    const res = await api.raw("GET", "/common/users/export", {
      query: { username: `csv-${mode}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="export.csv"');
    expect(res.headers.get("cache-control")).toBeNull(); // no-store is server.ts's, for /api over the socket and in-process alike
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\n")[0]).toMatch(/^id,username,/);
    expect(text).toContain(`csv-${mode}@example.com`);
  });

  it("sends multipart uploads whole", async () => {
    const u = userWithToken(p.ctx, `upload-${mode}`, ["admin"]);
    const api = await platformFor(get("/", await browser(u)));
    const form = new FormData();
    const csv = `username,email,password,is_active\nup-${mode}-a,a@example.com,Passw0rd-1,1\nup-${mode}-b,b@example.com,Passw0rd-1,0\n`;
    form.append("file", new Blob([csv], { type: "text/csv" }), "users.csv");
    const result = await api.call<{ dry_run: boolean; errors: unknown[] }>(
      "POST",
      "/common/users/upload",
      {
        form,
        query: { dry_run: 1 },
      },
    );
    expect(result).toMatchObject({ dry_run: true, errors: [] });
  });

  it("forwards the browser's address (login throttling counts it)", async () => {
    const address = mode === "http" ? "203.0.113.10" : "203.0.113.11";
    const api = await platformFor(get("/", await browser(), { "x-console-client-ip": address }));
    await expect(
      api.post("/common/users/login/", { username: `nobody-${mode}`, password: "wrong-pass-1" }),
    ).rejects.toMatchObject({ status: 400 });
    const keys = sqliteHandle(p.ctx)
      .prepare("SELECT key FROM login_failures WHERE key = ?")
      .pluck()
      .all(`address:${address}`);
    expect(keys).toHaveLength(1);
  });

  it("streams a job's progress as server-sent events while the job runs", async () => {
    const u = userWithToken(p.ctx, `sse-${mode}`, ["admin"]);
    const api = await platformFor(get("/", await browser(u)));
    const id = await enqueueJob(p.ctx, { kind: "test.client.ticker", userId: u.id });
    try {
      const res = await api.raw("GET", `/jobs/${id}/events`);
      expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      // Two progress events a step apart: the stream flows while the job runs.
      while ((text.match(/event: progress/g) ?? []).length < 2) {
        const { value, done } = await reader.read();
        expect(done).toBe(false);
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toMatch(/"status":"running"/);
      await reader.cancel();
    } finally {
      await api.post(`/jobs/${id}/cancel`);
    }
  });

  it("lets an answer be dropped unread (its body cancelled before the first read)", async () => {
    const u = userWithToken(p.ctx, `drop-${mode}`, ["admin"]);
    const api = await platformFor(get("/", await browser(u)));
    for (let i = 0; i < 5; i++) {
      const res = await api.raw("GET", "/common/users/export", { query: { username: "x" } });
      await res.body!.cancel();
    }
    // A later tick is where Readable.toWeb's stream threw ("Controller is already closed").
    await new Promise((r) => setTimeout(r, 50));
    expect((await api.get<{ username: string }>("/common/users/info/")).username).toBe(
      `drop-${mode}`,
    );
  });

  it("turns a 401 into the login redirect with the platform's reason", async () => {
    const api = await platformFor(
      get("/backend/setting/users?page=2", await browser({ token: "no-such-token", csrf: "x" })),
    );
    const thrown = await api.get("/common/users/info/").catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe(
      "/login?redirect=%2Fbackend%2Fsetting%2Fusers%3Fpage%3D2",
    );
  });
});

describe("a platform that cannot serve now (503: its store is unreachable)", () => {
  it("is an outage for the console (PlatformUnavailable: the service message), not a refusal", async () => {
    const outage = express();
    outage.use((_req, res) =>
      res.status(503).json({ detail: "服务异常，请联系系统管理员！", code: "store_unavailable" }),
    );
    const server = outage.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const { port } = server.address() as AddressInfo;
    process.env.PLATFORM_API_URL = `http://127.0.0.1:${port}/api`;
    try {
      const api = await platformFor(get("/", await browser({ token: "t", csrf: "c" })));
      await expect(api.get("/common/users/info/")).rejects.toBeInstanceOf(PlatformUnavailable);
      await expect(api.post("/common/users/valid/", { password: "x" })).rejects.toBeInstanceOf(
        PlatformUnavailable,
      );
    } finally {
      process.env.PLATFORM_API_URL = p.api;
      await new Promise((r) => server.close(r));
    }
  });
});
