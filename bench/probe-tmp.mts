import { spawn } from "node:child_process";
import fs from "node:fs";
import { startCluster } from "../scripts/pg-cluster.mjs";
const engine = process.argv[2] ?? "postgres";
const port = Number(process.argv[3] ?? 3321);
const pages = ["/backend/setting/users", "/245/articles", "/?id=245"];
const log = `/tmp/probe/sql-${engine}.log`;
fs.rmSync(log, { force: true });
const dataDir = fs.mkdtempSync(`/tmp/probe/data-${engine}-`);
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, SEED: "demo", CAPTCHA: "off", ADMIN_PASSWORD: "Bench-Admin-1", STORE_LOG_STATEMENTS: log };
if (engine === "postgres") {
  const c = await startCluster({});
  env.DATABASE_URL = c.url; env.SESSION_SECRET = "x".repeat(40);
}
env.WORKERS = "1";
const child = spawn(process.execPath, ["build/server.js"], { env, stdio: ["ignore", "ignore", "inherit"] });
const origin = `http://127.0.0.1:${port}`;
for (;;) { if (await fetch(`${origin}/readyz`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 300)); }
await new Promise((r) => setTimeout(r, 8000));
const jar = new Map<string, string>();
const take = (res: Response) => { for (const c of res.headers.getSetCookie()) { const [kv] = c.split(";"); const i = kv.indexOf("="); jar.set(kv.slice(0, i), kv.slice(i + 1)); } };
const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
const form = await fetch(`${origin}/login`); take(form); const html = await form.text();
const field = (n: string) => new RegExp(`name="${n}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
const body = new URLSearchParams({ username: "admin", password: "Bench-Admin-1", captcha_id: field("captcha_id"), captcha: "x", intent: "login", ...(field("nonce") ? { nonce: field("nonce") } : {}) });
for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) if (!body.has(m[1])) body.set(m[1], m[2]);
const res = await fetch(`${origin}/login`, { method: "POST", body, redirect: "manual", headers: { Cookie: cookie(), "Content-Type": "application/x-www-form-urlencoded" } });
take(res); console.log("login", res.status);
for (const p of pages) for (let i = 0; i < 3; i++) await (await fetch(origin + p, { headers: { Cookie: cookie() } })).text();
for (const p of pages) {
  fs.appendFileSync(log, `=== ${p}\n`);
  const r = await fetch(origin + p, { headers: { Cookie: cookie() } }); console.log(p, r.status, (await r.text()).length);
  await new Promise((r) => setTimeout(r, 200));
}
child.kill(); process.exit(0);
