import fs from "node:fs";
import path from "node:path";
import { createPlatform } from "/work/wt-ins/platform/index.js";
const runs = Number(process.argv[2] ?? 3);
for (let i = 0; i < runs; i++) {
  const dir = fs.mkdtempSync("/tmp/ins-seed-");
  const t = performance.now();
  const p = await createPlatform({ dataDir: dir, dbFile: path.join(dir, "platform.sqlite"), adminPassword: "admin-pass-1", captcha: false, seed: "demo", tokenIdleSeconds: 900, passwordMaxAgeDays: 90, databaseUrl: process.env.PG_URL } as any);
  console.log("first start", Math.round(performance.now() - t), "ms");
  await p.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
