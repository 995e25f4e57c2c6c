import { describe, expect, it } from "vitest";
import { parseRdf } from "../../platform/interchange/rdf-parse.js";
import { pacer } from "../../platform/pace.js";

/**
 * An N-Triples file given as bytes is decoded a block of 1 MB at a time (issue 26 item 4): the
 * statements, their lines and the problems must be exactly those of the whole text decoded at
 * once, whatever falls on a block's edge (a CJK character, a CRLF, a bad line).
 */
const EX = "http://example.org/kg/";

function document(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const end = i % 7 === 3 ? "\r\n" : i % 11 === 5 ? "\r" : "\n";
    if (i % 997 === 500) out.push(`<${EX}e${i}> <${EX}p> "未闭合的文字 ${end}`);
    else if (i % 1409 === 700) out.push(`<e${i}> <${EX}p> <${EX}e${i + 1}> .${end}`);
    else if (i % 613 === 17) out.push(end);
    else if (i % 2 === 0)
      out.push(`<${EX}e${i}> <http://www.w3.org/2000/01/rdf-schema#label> "实体${i}号"@zh .${end}`);
    else out.push(`<${EX}e${i}> <${EX}关联> _:b${i % 50} .${end}`);
  }
  return `\uFEFF${out.join("")}`;
}

const decoded = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

describe("N-Triples bytes read a block at a time", () => {
  it("gives the statements, lines and problems of the whole text, across 3 blocks", async () => {
    const bytes = new TextEncoder().encode(document(40_000));
    expect(bytes.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const fromBytes = await parseRdf(bytes, "ntriples");
    const fromText = await parseRdf(decoded(bytes), "ntriples");
    expect(fromBytes.statements.length).toBeGreaterThan(35_000);
    expect(fromBytes.problems.length).toBeGreaterThan(60);
    expect(fromBytes.statements.at(-1)!.line).toBeGreaterThan(39_990);
    expect(fromBytes).toEqual(fromText);
  });

  it("ends with the last line, with or without a line feed; an empty file has nothing", async () => {
    const enc = new TextEncoder();
    for (const text of [
      "",
      "\n",
      `<${EX}a> <${EX}p> <${EX}b> .`,
      `<${EX}a> <${EX}p> <${EX}b> .\n<${EX}a> <${EX}p> "x" .\n`,
    ]) {
      expect(await parseRdf(enc.encode(text), "ntriples")).toEqual(
        await parseRdf(text, "ntriples"),
      );
    }
  });

  it("refuses a byte that is not UTF-8 in a later block as a whole decode would (TypeError)", async () => {
    const good = new TextEncoder().encode(document(30_000));
    const bad = new Uint8Array(good.length + 3);
    bad.set(good);
    bad.set([0xff, 0x0a, 0x0a], good.length);
    expect(() => decoded(bad)).toThrow(TypeError);
    await expect(parseRdf(bad, "ntriples")).rejects.toBeInstanceOf(TypeError);
  });

  it("Turtle and JSON-LD bytes are decoded whole, as their text", async () => {
    const ttl = `@prefix ex: <${EX}> .\nex:a ex:p "中文" .\n`;
    expect(await parseRdf(new TextEncoder().encode(ttl), "turtle")).toEqual(
      await parseRdf(ttl, "turtle"),
    );
  });
});

describe("pacer", () => {
  // Counted in items, not in time, so a loaded machine cannot make it pass or fail: 1,280
  // items of at least 0.2 ms each; the clock is read every 64 items (at least 12.8 ms apart),
  // so at least every second read finds 20 ms passed and yields: 10 yields or more, and the
  // 5 ms timer is due at each.
  const work = async (pace: (() => Promise<void> | undefined) | null) => {
    const fired: number[] = [];
    const timer = setInterval(() => fired.push(performance.now()), 5);
    for (let i = 0; i < 1280; i++) {
      const until = performance.now() + 0.2;
      while (performance.now() < until);
      const paused = pace?.();
      if (paused) await paused;
    }
    clearInterval(timer);
    return fired.length;
  };

  it("lets a timer run while a long loop goes on (at least every 128 items here)", async () => {
    expect(await work(pacer())).toBeGreaterThanOrEqual(10);
  });

  it("without it the same loop holds every timer back", async () => {
    expect(await work(null)).toBe(0);
  });
});
