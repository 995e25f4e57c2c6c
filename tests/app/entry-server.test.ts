import { describe, expect, it } from "vitest";
import { documentBody } from "~/entry.server";

async function through(chunks: Buffer[]) {
  const t = documentBody();
  const out: Buffer[] = [];
  t.on("data", (c: Buffer) => out.push(c));
  const done = new Promise((r) => t.on("end", r));
  for (const c of chunks) t.write(c);
  t.end();
  await done;
  return Buffer.concat(out);
}

describe("the document stream", () => {
  it("drops stray zero bytes and keeps every character whole", async () => {
    const text = "美国海军向釜山部署密歇根号核潜艇";
    const a = Buffer.from(text.slice(0, 5), "utf8");
    const b = Buffer.from(text.slice(5), "utf8");
    const padded = Buffer.concat([a, Buffer.alloc(7), b]);
    const out = await through([padded, Buffer.from("<p>ok</p>")]);
    expect(out.includes(0)).toBe(false);
    expect(out.toString("utf8")).toBe(text + "<p>ok</p>");
  });

  it("passes clean chunks through untouched", async () => {
    const clean = Buffer.from("<div>知识图谱</div>");
    expect((await through([clean])).equals(clean)).toBe(true);
  });

  it("passes each burst on as one chunk: at flush(), else at the end of the turn", async () => {
    const t = documentBody();
    const out: string[] = [];
    t.on("data", (c: Buffer) => out.push(c.toString()));
    t.write(Buffer.from("<html>"));
    t.write(Buffer.from("<body>"));
    t.flush();
    t.write(Buffer.from("<p>a</p>"));
    t.write(Buffer.from("<p>b</p>"));
    expect(out).toEqual(["<html><body>"]);
    await new Promise((r) => setImmediate(r));
    expect(out).toEqual(["<html><body>", "<p>a</p><p>b</p>"]);
    t.write(Buffer.from("</body></html>"));
    const ended = new Promise((r) => t.on("end", r));
    t.end();
    await ended;
    expect(out).toEqual(["<html><body>", "<p>a</p><p>b</p>", "</body></html>"]);
  });
});

describe("the whole document, for keeping (app/render-memo.server.ts)", () => {
  async function wholeOf(chunks: string[], upTo?: number) {
    let got: string | undefined;
    const t = documentBody((all) => (got = Buffer.concat(all).toString()), upTo);
    t.resume();
    const ended = new Promise((r) => t.on("end", r));
    for (const c of chunks) {
      t.write(Buffer.from(c));
      await new Promise((r) => setImmediate(r));
    }
    t.end();
    await ended;
    return got;
  }

  it("is every chunk passed on, once the document is complete", async () => {
    expect(await wholeOf(["<html>", "<body>", "</body></html>"])).toBe(
      "<html><body></body></html>",
    );
  });

  it("is not held past its limit", async () => {
    expect(await wholeOf(["<html>", "<body>", "</body></html>"], 12)).toBeUndefined();
    expect(await wholeOf(["<html>", "<body>"], 12)).toBe("<html><body>");
  });
});
