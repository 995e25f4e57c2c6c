import path from "node:path";
import { chromiumLaunchOptions } from "./tests/helpers/chromium";
import { defineConfig } from "@playwright/test";

/** The e2e server: the real console with its embedded platform on a fresh store. */
export const E2E_PORT = Number(process.env.E2E_PORT || 3200);
export const E2E_DATA_DIR = path.resolve(`.e2e-data/${E2E_PORT}`);

const chromium = {
  browserName: "chromium" as const,
  launchOptions: chromiumLaunchOptions,
  locale: "zh-CN",
  baseURL: `http://127.0.0.1:${E2E_PORT}`,
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results/artifacts",
  use: { trace: "off", screenshot: "only-on-failure" },
  projects: [
    // lynx.spec.ts drives lynx, not the browser, and html-valid.spec.ts reads the server's
    // HTML: once, with the no-JS project.
    {
      name: "js",
      use: { ...chromium, javaScriptEnabled: true },
      testIgnore: ["**/lynx.spec.ts", "**/html-valid.spec.ts"],
    },
    // The server-lifecycle spec starts servers of its own: once is enough. Tests tagged
    // @js-only check what JavaScript adds (e.g. the save lock) and have no no-JS meaning.
    {
      name: "nojs",
      use: { ...chromium, javaScriptEnabled: false },
      testIgnore: "**/server.spec.ts",
      grepInvert: /@js-only/,
    },
  ],
  webServer: {
    command: `node scripts/ensure-build.mjs && rm -rf ${E2E_DATA_DIR} && node build/server.js`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_PASSWORD: "e2e-admin-pass-1",
      SEED: "demo",
      CAPTCHA: "on",
      SESSION_SECRET: "e2e-session-secret",
      TOKEN_IDLE_MINUTES: "15",
    },
  },
});
