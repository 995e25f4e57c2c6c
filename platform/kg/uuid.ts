import crypto from "node:crypto";

/**
 * A stable entity uuid (version-5 layout) from the graph and a name, so seeded and
 * generated graphs get the same ids on every machine.
 */
export function stableUuid(graphId: number, name: string): string {
  const h = crypto.createHash("sha1").update(`kg:${graphId}:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
