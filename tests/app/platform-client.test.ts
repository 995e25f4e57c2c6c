import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlatformError, platformFor, REQUEST_TIMEOUT_MS } from "~/platform-client/client.server";
import { invalidatePlatformConfig } from "~/platform-client/config.server";
import { encryptBody } from "~/platform-client/encrypt.server";
import { browser, get } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
  process.env.PLATFORM_API_URL = p.api;
});
afterAll(() => p.close());

function setConfig(key: string, value: string) {
  p.ctx.db.prepare("UPDATE configs SET value = ? WHERE key = ?").run(value, key);
  invalidatePlatformConfig();
}

describe("the platform client (spec §7)", () => {
  it("uses the spec's request timeout", () => {
    expect(REQUEST_TIMEOUT_MS).toBe(3_600_000);
  });

  it("sends the token and unwraps the body", async () => {
    const u = userWithToken(p.ctx, "client1", ["admin"]);
    const api = await platformFor(get("/", await browser(u)));
    const info = await api.get<{ username: string }>("/common/users/info/");
    expect(info.username).toBe("client1");
  });

  it("sends the anti-forgery token on writes (the platform accepts them)", async () => {
    const u = userWithToken(p.ctx, "client2", ["admin"]);
    const api = await platformFor(get("/", await browser(u)));
    await expect(api.post("/common/users/valid/", { password: "pass-client2" })).resolves.toEqual({ valid: true });
  });

  it("fetches a nonce before every write when anti-resubmission is on", async () => {
    setConfig("YF_ANTI_RESUBMIT", "true");
    try {
      const u = userWithToken(p.ctx, "client3", ["admin"]);
      const api = await platformFor(get("/", await browser(u)));
      await expect(api.post("/common/users/valid/", { password: "pass-client3" })).resolves.toEqual({ valid: true });
      // The same write without a nonce is refused, so the client's success came from its nonces.
      const bare = await fetch(`${p.api}/common/users/valid/`, {
        method: "POST",
        headers: { Authorization: `Token ${u.token}`, "X-CSRFToken": u.csrf, "Content-Type": "application/json" },
        body: JSON.stringify({ password: "pass-client3" }),
      });
      expect(bare.status).toBe(403);
    } finally {
      setConfig("YF_ANTI_RESUBMIT", "false");
    }
  });

  it("encrypts bodies with the platform's public key when body encryption is on", async () => {
    setConfig("YF_BODY_ENCRYPT", "true");
    try {
      const u = userWithToken(p.ctx, "client4", ["admin"]);
      const api = await platformFor(get("/", await browser(u)));
      await expect(api.post("/common/users/valid/", { password: "pass-client4" })).resolves.toEqual({ valid: true });
      // A long Chinese body takes several pieces and still arrives whole.
      const wrong = api.post("/common/users/valid/", { password: "错误的密码".repeat(30) });
      await expect(wrong).rejects.toBeInstanceOf(PlatformError);
      await expect(wrong).rejects.toMatchObject({ detail: "密码错误" });
    } finally {
      setConfig("YF_BODY_ENCRYPT", "false");
    }
  });

  it("cuts the JSON into 100-character pieces, one ciphertext each", async () => {
    const cfg = (await (await fetch(`${p.api}/common/configs/all`)).json()) as { YF_RSA_PUBLIC_KEY: string };
    const body = { text: "知识图谱".repeat(60) };
    const { data } = encryptBody(cfg.YF_RSA_PUBLIC_KEY, body);
    const asciiLength = JSON.stringify(body).replace(/[\u007f-\uffff]/g, "\\uXXXX").length;
    expect(data.split(",")).toHaveLength(Math.ceil(asciiLength / 100));
  });

  it("throws the platform's own message on an error", async () => {
    const u = userWithToken(p.ctx, "client5", ["admin"]);
    const api = await platformFor(get("/", await browser(u)));
    await expect(api.post("/common/users/valid/", { password: "wrong" })).rejects.toMatchObject({ status: 400, detail: "密码错误" });
  });
});
