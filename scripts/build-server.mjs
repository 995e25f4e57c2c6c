// Compiles server.ts and the embedded platform to build/server.js: production runs JavaScript,
// with no TypeScript compiler at run time. Packages stay in node_modules (not bundled).
import { build } from "esbuild";

export async function buildServer() {
  await build({
    entryPoints: ["server.ts"],
    outfile: "build/server.js",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
