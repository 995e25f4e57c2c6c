/**
 * Migrations are append-only: a migration that has shipped runs the same statements for ever,
 * on a fresh store and on one it already ran on. This pins the text each engine runs (a
 * SHA-256 prefix per migration and engine, taken when the migration shipped), so that sharing
 * text between the two engines' forms (platform/db/both-engines.ts) cannot change a byte.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { migrations } from "../../platform/db/migrations.js";

const shipped: [name: string, sqlite: string, postgres: string][] = [
  ["001-core", "a2a2308541aa06fb", "26e9ca949f7eb309"],
  ["002-rate-events", "3a9a2d46147f1bc0", "e2cd58d5552131eb"],
  ["003-kg", "20bdccfdb26ad8a4", "57f4074bf6bc7ccb"],
  ["002-resources", "352235639849135b", "4bb509f52a870c3d"],
  ["005-graph-admin", "17f8e25d2e53599b", "27e2e2030c9ca9f5"],
  ["006-insight", "610e097716433802", "43cea818779482fd"],
  ["007-resource-counts", "5eb69b36a548726b", "2e735b1d31263092"],
  ["008-search-version", "40a6a73a20ed1322", "a733b7a1cae2e0d7"],
  ["009-interchange", "fffd729c0f833a2e", "fffd729c0f833a2e"],
  ["010-predicate-mappings", "fb10f34bfc05fe99", "31983b3b6eafc7c0"],
  ["011-captcha-kind", "dead61d56c238744", "dead61d56c238744"],
  ["012-product-title", "9b3ba41023ca73b6", "9b3ba41023ca73b6"],
  ["013-english-labels", "6d44c541170d2283", "6d44c541170d2283"],
  ["014-file-chunks", "a421b85d9e796c84", "add96aa4eb09c93e"],
  ["015-seek-indexes", "709a8b92884d5190", "173c31a95840cebb"],
  ["016-extraction-reviews", "2f454febb332e2cc", "0643f3cde0aa7301"],
  ["017-relation-seek-indexes", "78ad5864e2e8b2a6", "77237e306afee80b"],
  ["019-saved-views", "3faea7cb240219c6", "89db7c55d214caad"],
  ["021-triples-search-text", "49ca5f1be2eb5ced", "abb5c052de10bb1e"],
  ["023-relation-insert-version", "bd21a2be55212804", "e76451f7d2ed7bd1"],
  ["022-graph-writes", "b86b10b805b504fe", "8e90b33abfd4d1fb"],
  ["024-graph-write-resume", "6337564c95ba6d53", "fb8fbd70f0e6b677"],
  ["025-foreign-key-indexes", "0826e50259146103", "0826e50259146103"],
];

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

describe("the migrations' text (append-only)", () => {
  it("every shipped migration runs, on each engine, the text it shipped with", () => {
    const now = migrations.map((m) => [m.name, digest(m.sqlite), digest(m.postgres)]);
    expect(now.slice(0, shipped.length)).toEqual(shipped);
  });
});
