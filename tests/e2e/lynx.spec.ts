import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { seedExploreGraph } from "../app/kg-fixtures";
import { createUser, db, e2eStore, expect, test } from "./fixtures";
import { fixtureGraph, lynxDump } from "./kg-shared";

/**
 * Issue 12: a person with a text browser logs in (captcha on, through the text question),
 * searches the users table and adds a user. Real lynx, driven by keystrokes (`-cmd_script`)
 * fed through a FIFO: the test reads each page as lynx renders it (printed to a file, as
 * lynx's `p` command does for a person) and only then decides what to type next — the
 * question's answer is worked out from its words, the fields are found by their labels.
 * Runs in the no-JS project only (playwright.config.ts); CI installs lynx (.ci/run). Also: an
 * exploration page (issue 23) as lynx prints it, signed in.
 */

/** A lynx.cfg of its own: cookies accepted without asking, Chinese pages, UTF-8, fields numbered. */
const LYNX_CFG = `ACCEPT_ALL_COOKIES:TRUE
SET_COOKIES:TRUE
PERSISTENT_COOKIES:FALSE
PREFERRED_LANGUAGE:zh-CN
CHARACTER_SET:utf-8
ASSUME_CHARSET:utf-8
DEFAULT_KEYPAD_MODE:LINKS_AND_FIELDS_ARE_NUMBERED
NO_PAUSE:TRUE
`;

class Lynx {
  private printed = 0;
  private constructor(
    private readonly dir: string,
    private readonly child: ChildProcess,
    private readonly script: FileHandle,
    private readonly output: () => string,
  ) {}

  static async start(url: string): Promise<Lynx> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-lynx-"));
    const fifo = path.join(dir, "keys");
    execFileSync("mkfifo", [fifo]);
    fs.writeFileSync(path.join(dir, "lynx.cfg"), LYNX_CFG);
    // -tna: a text field takes keys only once activated with Enter, so typed digits between
    // fields are link numbers, not text.
    const child = spawn("lynx", ["-tna", "-display_charset=utf-8", `-cmd_script=${fifo}`, url], {
      env: { ...process.env, HOME: dir, LYNX_CFG: path.join(dir, "lynx.cfg"), TERM: "vt100" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const gone = new Promise<never>((_, reject) => {
      child.once("error", (e) => reject(new Error(`lynx did not start (is it installed?): ${e}`)));
      child.once("exit", (code) => reject(new Error(`lynx exited (${code}): ${output}`)));
    });
    // Opening the writing end waits for lynx to open the script.
    const script = await Promise.race([fs.promises.open(fifo, "w"), gone]);
    return new Lynx(dir, child, script, () => output);
  }

  /** Presses keys: one character, or a lynx key name such as ^J (Enter). */
  async keys(...keys: string[]) {
    await this.script.write(keys.map((k) => `key ${k}\n`).join(""));
  }

  type = (text: string) => this.keys(...text);

  /** Follows the link numbered `no` (its number, then Enter). */
  async follow(no: number) {
    await this.type(String(no));
    await this.keys("^J");
  }

  /** Presses the button numbered `no`: its number and Enter go to it, Enter presses it. */
  async press(no: number) {
    await this.follow(no);
    await this.keys("^J");
  }

  /** Types into the text field numbered `no` (activated with Enter, left with Enter). */
  async fill(no: number, text: string) {
    await this.press(no);
    await this.type(text);
    await this.keys("^J");
  }

  /** The page as lynx shows it, saved with Print → "Save to a local file". */
  async page(): Promise<string> {
    const file = path.join(this.dir, `page-${++this.printed}.txt`);
    const done = `${file}.done`;
    const print = async (to: string) => {
      await this.keys("p", "^J", "^U");
      await this.type(to);
      await this.keys("^J");
    };
    await print(file);
    // Keys run in order: once the second print exists, the first is complete.
    await print(done);
    await expect
      .poll(() => fs.existsSync(done), { timeout: 20_000, message: this.output().slice(-2000) })
      .toBe(true);
    return fs.readFileSync(file, "utf8");
  }

  async quit() {
    await this.keys("Q").catch(() => undefined);
    await this.script.close().catch(() => undefined);
    if (this.child.exitCode === null) {
      const exited = new Promise((r) => this.child.once("exit", r));
      if (!this.child.kill()) throw new Error("could not stop lynx");
      await exited;
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The number lynx gives the first link or field that `pattern`'s group captures. */
function numberOf(page: string, pattern: RegExp): number {
  const m = pattern.exec(page);
  if (!m) throw new Error(`${pattern} is not on the page:\n${page}`);
  return Number(m[1]);
}

/** The number of the field written after its label (lynx puts it below or beside it). */
const fieldAfter = (page: string, label: string) =>
  numberOf(page, new RegExp(`${label}[^\\[]*\\[(\\d+)\\]`));

/** lynx's list of links and fields at the end of a printed page: number → what it is. */
function references(page: string) {
  const list = page.slice(page.lastIndexOf("References"));
  return [...list.matchAll(/^\s*(\d+)\. (.*)$/gm)].map((m) => ({ no: Number(m[1]), what: m[2] }));
}

test("a lynx user logs in with the text question, searches the users table and adds a user", async ({}, testInfo) => {
  test.setTimeout(120_000);
  const admin = createUser({ codenames: ["admin"], prefix: "lynx" });
  const newName = `lynx-new-${process.pid}-${Date.now().toString(36)}`;
  const baseURL = testInfo.project.use.baseURL!;
  const lynx = await Lynx.start(`${baseURL}/login?redirect=%2Fbackend%2Fsetting%2Fusers`);
  try {
    // The image says nothing to lynx: the link beside it asks a question instead.
    let page = await lynx.page();
    expect(page).toContain("验证码图片：请输入图中的 4 个字符");
    await lynx.follow(numberOf(page, /\[(\d+)\]看不清？换成文字题/));
    page = await lynx.page();
    const question = /(\d+) ([加减]) (\d+) 等于几？/.exec(page);
    expect(question, page).not.toBeNull();
    const [, a, op, b] = question!;
    const answer = op === "加" ? Number(a) + Number(b) : Number(a) - Number(b);
    await lynx.fill(fieldAfter(page, "用户名"), admin.username);
    await lynx.fill(fieldAfter(page, "密码"), admin.password);
    await lynx.fill(fieldAfter(page, "等于几？"), String(answer));
    await lynx.press(numberOf(page, /\(\[(\d+)\]login\)/));

    // Logged in, on the users table (the login's redirect): search it for the new user's
    // prefix, the search box being the text field between 新增 and the 搜索 button.
    page = await lynx.page();
    expect(page).toContain("退出登录");
    const add = numberOf(page, /\[(\d+)\]新增/);
    const searchButton = numberOf(page, /\(\[(\d+)\][^)]*\)\s*搜索/);
    const searchBox = references(page).find(
      (r) => r.no > add && r.no < searchButton && r.what === "form field = text entry field",
    );
    expect(searchBox, page).toBeDefined();
    await lynx.fill(searchBox!.no, admin.username);
    await lynx.press(searchButton);
    page = await lynx.page();
    expect(page).toContain("共 1 条");
    expect(page).toContain(`/backend/setting/users/new?search=${admin.username}`);

    // The add form: username and password, then 保存 (the first button after the password).
    await lynx.follow(numberOf(page, /\[(\d+)\]新增/));
    page = await lynx.page();
    const password = fieldAfter(page, "密码 \\*");
    await lynx.fill(fieldAfter(page, "用户名 \\*"), newName);
    await lynx.fill(password, "Passw0rd-lynx-1");
    const save = references(page).find(
      (r) => r.no > password && r.what === "form field = submit button",
    );
    expect(save, page).toBeDefined();
    await lynx.press(save!.no);
    page = await lynx.page();
    expect(page).toContain("记录新增成功！");
    const created = db().prepare("SELECT COUNT(*) FROM users WHERE username = ?").pluck();
    expect(created.get(newName)).toBe(1);
  } finally {
    await lynx.quit();
  }
});

test("an exploration reads in lynx: the nodes in order, each action a numbered link", async ({
  adminPage: page,
}, testInfo) => {
  const { graphId, uuid } = await seedExploreGraph(e2eStore(), fixtureGraph(testInfo, 936));
  const explore = `/${graphId}/explore?entity=${uuid("C")}&x=${uuid("C")}~*~any~1`;
  await page.goto(explore);
  const [text] = await lynxDump(page, [explore]);
  expect(text).toContain("展开探索");
  expect(text).toContain("25 个节点，25 条关系");
  // The node list in order, the entity first, each with its actions as numbered links.
  const first = text.indexOf("点C");
  expect(first).toBeGreaterThan(-1);
  expect(text.indexOf("点O0", first)).toBeGreaterThan(first);
  expect(text).toMatch(/\[\d+\]还有 13 个（.+，出向）/);
  expect(text).toMatch(/\[\d+\]设为中心/);
  expect(text).toMatch(/\[\d+\]隐藏/);
  // The references lead to the next batch.
  expect(text).toContain(`x=${uuid("C")}~`);
});
