import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(__dirname, "app"),
      // Mantine's files one by one, as the app imports them (app/mantine-modules.d.ts).
      "@mantine/core/esm": path.resolve(__dirname, "node_modules/@mantine/core/esm"),
    },
  },
  test: {
    include: ["tests/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    env: { SESSION_SECRET: "vitest-session-secret", NODE_ENV: "test" },
    pool: "forks",
    // On SQLite a test file waits on its files and on the servers it starts about as much as
    // it computes: one fork per core (vitest's default leaves one of two idle) took the unit
    // run from 441 s to 281 s here. On PostgreSQL the cluster needs that core: 239 s against
    // 231 s with two, so the default stays. A fixed TEST_SERVER_PORT (tests/helpers/built-server.ts)
    // serves one server at a time: one file at a time then.
    maxWorkers:
      process.env.TEST_ENGINE === "postgres"
        ? undefined
        : process.env.TEST_SERVER_PORT
          ? 1
          : os.availableParallelism(),
    setupFiles: ["tests/setup-locales.ts"],
    // TEST_ENGINE=postgres: one throwaway PostgreSQL cluster for the run, a database per test
    // platform (tests/helpers/postgres.ts); unset: SQLite, nothing started.
    globalSetup: ["tests/helpers/stylesheets-global-setup.ts", "tests/helpers/pg-global-setup.ts"],
    // On PostgreSQL each query is a round trip to the server: the tests that run thousands of
    // them (every seek case) or write 20,000 rows take several times SQLite's time.
    testTimeout: process.env.TEST_ENGINE === "postgres" ? 60_000 : 20_000,
    hookTimeout: process.env.TEST_ENGINE === "postgres" ? 90_000 : 30_000,
  },
});
