import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * platform/ folders import one way (issue 24, decision 030): each folder imports only folders
 * below it in this order, lowest first. The files at platform/'s root stand outside the order:
 * index.ts and in-process.ts compose every folder; context.ts, settings.ts and storage.ts are
 * what every folder is handed.
 */
const ORDER = [
  "builtin", // the built-in ontologies (data: the seed, the corpora, a migration's labels)
  "db", // the store: connections, dialects, migrations, read scopes
  "i18n", // the platform's message catalogues
  "files", // file storage
  "http", // errors, parameters and bodies, rate limits
  "auth", // users, sessions, permissions, the login
  "resources", // the generic resources of spec §7 (users, groups, grants, files, audit)
  "common", // configuration, nonces, secrets, the write guards, client errors
  "kg", // the knowledge graph and its reads
  "jobs", // the job queue and its worker
  "interchange", // RDF, OWL, CSV in and out
  "admin", // graph administration and insight
  "seed", // the first run's users, graphs and demo data
];

const root = path.resolve(__dirname, "../../platform");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const folderOf = (file: string) => {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 ? parts[0] : null;
};

/** Every import (value or type, static or dynamic) from one platform folder into another. */
function folderImports() {
  const edges: { from: string; to: string; file: string; spec: string }[] = [];
  for (const file of sources(root)) {
    const from = folderOf(file);
    if (from === null) continue;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    for (const { fileName: spec } of importedFiles) {
      if (!spec.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(root + path.sep)) continue;
      const to = folderOf(target);
      if (to !== null && to !== from)
        edges.push({ from, to, file: path.relative(root, file), spec });
    }
  }
  return edges;
}

describe("platform/ folders import one way", () => {
  const edges = folderImports();
  const pairs = new Set(edges.map((e) => `${e.from} → ${e.to}`));

  it("reads the imports (the graph is not empty)", () => {
    expect(pairs).toContain("admin → kg");
    expect(pairs).toContain("resources → auth");
  });

  it("has every folder in the order", () => {
    const folders = fs
      .readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !ORDER.includes(f))).toEqual([]);
  });

  it("has no two folders importing each other", () => {
    const twoWay = [...pairs]
      .map((p) => p.split(" → "))
      .filter(([a, b]) => a < b && pairs.has(`${b} → ${a}`))
      .map(([a, b]) => `${a} ↔ ${b}`);
    expect(twoWay).toEqual([]);
  });

  it("has no folder importing one above it", () => {
    const upward = edges
      .filter((e) => ORDER.indexOf(e.to) > ORDER.indexOf(e.from))
      .map((e) => `${e.file} → ${e.spec} (${e.from} imports ${e.to}, above it)`);
    expect(upward).toEqual([]);
  });
});
