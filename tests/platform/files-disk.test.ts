import { sql } from "kysely";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createPlatform } from "../../platform/index.js";
import type { PlatformSettings } from "../../platform/settings.js";
import { StartupError, fileWriteFailure } from "../../platform/storage.js";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { rows, run, value, sqliteHandle } from "../helpers/sql.js";

type Token = { token: string; csrf: string };

/**
 * A full disk or an unwritable files folder: uploads and store writes answer with the cause,
 * leave no partial file, and start-up names the path it cannot use.
 *
 * Tests run as root, where chmod 0555 does not stop a write, and a small filesystem needs a
 * mount: an unwritable folder is made real by putting a file where a folder must be (ENOTDIR /
 * EEXIST from the kernel); a full store is real through SQLite's max_page_count (SQLITE_FULL),
 * and on PostgreSQL the server's own disk_full error raised by a trigger; only a full disk under
 * an upload is injected, at the fs call, as the kernel's ENOSPC. On PostgreSQL an upload's bytes
 * live in the store, so the node's files folder and disk do not stop one.
 */
describe("disk full and unwritable folders", () => {
  let p: TestPlatform;
  let admin: Token;
  const filesFolder = () => path.join(p.ctx.settings.dataDir, "files");
  const folderFiles = () =>
    (fs.existsSync(filesFolder()) ? fs.readdirSync(filesFolder()) : []).sort();
  /** SQLite keeps an upload's bytes in the files folder, PostgreSQL in the store (any node reads them). */
  const onDisk = () => p.ctx.store.engine === "sqlite";
  const storedFiles = async () =>
    onDisk()
      ? folderFiles()
      : (
          await rows<{ uuid: string }>(
            p.ctx,
            sql`SELECT DISTINCT uuid FROM data_file_chunks ORDER BY uuid`,
          )
        ).map((r) => r.uuid);
  const fileRows = () => value<number>(p.ctx, sql`SELECT count(*) AS n FROM data_files`);

  async function upload(name: string, content = "主语,谓语,宾语\n甲,属于,乙\n") {
    const form = new FormData();
    form.append("file", new Blob([content]), name);
    form.append("name", name);
    const res = await fetch(`${p.api}/data/files/`, {
      method: "POST",
      headers: authHeaders(admin, false),
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  beforeAll(async () => {
    p = await startPlatform();
    admin = await createUserWithToken(p.ctx, "disk-admin", ["admin"]);
  });
  afterAll(() => p.close());
  afterEach(() => vi.restoreAllMocks());

  it("stores an upload when the disk is fine (the baseline the failures are compared with)", async () => {
    const ok = await upload("fine.csv");
    expect(ok.status).toBe(201);
    expect(await storedFiles()).toEqual([ok.body.uuid]);
    expect(folderFiles()).toEqual(onDisk() ? [ok.body.uuid] : []);
  });

  it("answers 507 naming a full disk and removes the partial file (on PostgreSQL the node's disk holds no upload)", async () => {
    const before = { files: await storedFiles(), rows: await fileRows() };
    const realWrite = fs.promises.writeFile;
    const write = vi
      .spyOn(fs.promises, "writeFile")
      .mockImplementationOnce(async (target, data) => {
        // What the kernel does on a full disk: the file exists, part of it written, then ENOSPC.
        await realWrite(target, (data as Buffer).subarray(0, 4));
        throw Object.assign(new Error(`ENOSPC: no space left on device, write`), {
          code: "ENOSPC",
          errno: -28,
          syscall: "write",
        });
      });
    const r = await upload("full.csv");
    if (!onDisk()) {
      expect(r.status).toBe(201);
      expect(write).not.toHaveBeenCalled();
      expect(await storedFiles()).toEqual([...before.files, r.body.uuid].sort());
      expect(await fileRows()).toBe(before.rows + 1);
      return;
    }
    expect(r).toEqual({
      status: 507,
      body: { detail: "磁盘空间不足，文件未保存", code: "disk_full" },
    });
    expect(await storedFiles()).toEqual(before.files);
    expect(await fileRows()).toBe(before.rows);
  });

  it("answers 500 naming the files folder when it cannot be written, and writes no record (on PostgreSQL the folder is not used)", async () => {
    const before = await fileRows();
    const moved = `${filesFolder()}-moved`;
    fs.renameSync(filesFolder(), moved);
    fs.writeFileSync(filesFolder(), "a file where the folder should be");
    try {
      const r = await upload("blocked.csv");
      if (onDisk()) {
        expect(r).toEqual({
          status: 500,
          body: { detail: "文件目录不可写：files", code: "storage_not_writable" },
        });
        expect(await fileRows()).toBe(before);
      } else {
        expect(r.status).toBe(201);
        expect(await storedFiles()).toContain(r.body.uuid);
        expect(await fileRows()).toBe(before + 1);
      }
    } finally {
      fs.rmSync(filesFolder());
      fs.renameSync(moved, filesFolder());
    }
  });

  it("names permission and read-only failures the same way, with the folder relative to DATA_DIR", () => {
    const settings = { dataDir: "/srv/kg" } as PlatformSettings;
    for (const code of ["EACCES", "EPERM", "EROFS"]) {
      const failure = fileWriteFailure(
        settings,
        "/srv/kg/files/abc",
        Object.assign(new Error(code), { code }),
      );
      expect(failure).toMatchObject({
        status: 500,
        detail: "文件目录不可写：files",
        code: "storage_not_writable",
      });
    }
    expect(fileWriteFailure(settings, "/srv/kg/files/abc", new Error("other"))).toBeNull();
  });

  describe("a full store (SQLITE_FULL, PostgreSQL's disk_full)", () => {
    let restore: (() => Promise<void>) | undefined;

    /**
     * SQLite: fills the store to a page limit, as a full disk would stop it growing.
     * PostgreSQL (a server's disk cannot be filled from here): every insert fails as the
     * server's does when it cannot extend a file, SQLSTATE 53100 (disk_full).
     */
    async function fillStore() {
      if (p.ctx.store.engine === "postgres") {
        await run(
          p.ctx,
          sql`CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'
              USING ERRCODE = 'disk_full'; END $$`,
        );
        await run(
          p.ctx,
          sql`DO $$ DECLARE t text; BEGIN
            FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
              EXECUTE format('CREATE TRIGGER disk_full BEFORE INSERT ON %I
                FOR EACH ROW EXECUTE FUNCTION disk_full()', t);
            END LOOP; END $$`,
        );
        restore = async () => {
          await run(p.ctx, sql`DROP FUNCTION disk_full() CASCADE`);
        };
        return;
      }
      const db = sqliteHandle(p.ctx);
      db.exec("CREATE TABLE disk_filler (x BLOB)");
      const pages = db.pragma("page_count", { simple: true }) as number;
      db.pragma(`max_page_count = ${pages}`);
      const insert = db.prepare("INSERT INTO disk_filler VALUES (zeroblob(512))");
      expect(() => {
        for (;;) insert.run();
      }).toThrow(expect.objectContaining({ code: "SQLITE_FULL" }));
      restore = async () => {
        db.pragma("max_page_count = 1073741823");
        db.exec("DROP TABLE disk_filler");
      };
    }

    afterEach(async () => {
      await restore?.();
      restore = undefined;
    });

    it("answers a generic write with 507 naming the full disk", async () => {
      await fillStore();
      const res = await fetch(`${p.api}/common/configs/`, {
        method: "POST",
        headers: authHeaders(admin),
        // 9 KB: more than any page has free, so the row needs pages the store cannot add.
        body: JSON.stringify({
          key: "disk_full_probe",
          value: "x".repeat(9000),
          type: "str",
          public: 1,
        }),
      });
      expect(res.status).toBe(507);
      expect(await res.json()).toEqual({ detail: "磁盘空间不足，数据未保存", code: "disk_full" });
    });

    it("answers an upload with 507 once the store is full, and keeps no file without its record", async () => {
      await fillStore();
      // Uploads fit in the pages' free room until one needs a new page.
      let r = await upload("room-0.csv");
      for (let i = 1; r.status === 201 && i < 200; i++) r = await upload(`room-${i}.csv`);
      expect(r).toEqual({
        status: 507,
        body: { detail: "磁盘空间不足，数据未保存", code: "disk_full" },
      });
      const recorded = (await rows<{ uuid: string }>(p.ctx, sql`SELECT uuid FROM data_files`)).map(
        (r) => r.uuid,
      );
      expect(await storedFiles()).toEqual(recorded.sort());
    });
  });
});

describe("start-up with a store it cannot use", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "kg-startup-"));
  const settings = (
    dataDir: string,
    dbFile = path.join(dataDir, "platform.sqlite"),
  ): PlatformSettings => ({
    dataDir,
    dbFile,
    adminPassword: "admin-pass-1",
    captcha: false,
    seed: "none",
    tokenIdleSeconds: 900,
    passwordMaxAgeDays: 90,
  });
  const startupError = async (s: PlatformSettings) => {
    try {
      await (await createPlatform(s)).close();
    } catch (e) {
      return e;
    }
    return null;
  };
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("names a DATA_DIR that cannot be created", async () => {
    fs.writeFileSync(path.join(root, "plain-file"), "");
    const dataDir = path.join(root, "plain-file", "data");
    const e = await startupError(settings(dataDir));
    expect(e).toBeInstanceOf(StartupError);
    expect((e as Error).message).toBe(
      `platform: cannot start: data folder (DATA_DIR) ${dataDir} is not writable: part of the path is a file, not a folder (ENOTDIR)`,
    );
  });

  it("names a files folder that cannot be made", async () => {
    const dataDir = path.join(root, "blocked-files");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, "files"), "");
    const e = await startupError(settings(dataDir));
    expect(e).toBeInstanceOf(StartupError);
    expect((e as Error).message).toMatch(
      new RegExp(
        `^platform: cannot start: files folder ${path.join(dataDir, "files")} is not writable: .+ \\((EEXIST|ENOTDIR)\\)$`,
      ),
    );
  });

  it("names a database file that cannot be opened", async () => {
    const dataDir = path.join(root, "bad-db");
    fs.mkdirSync(path.join(dataDir, "platform.sqlite"), { recursive: true });
    const folder = await startupError(settings(dataDir));
    expect(folder).toBeInstanceOf(StartupError);
    expect((folder as Error).message).toMatch(
      new RegExp(
        `^platform: cannot start: database file ${path.join(dataDir, "platform.sqlite")} cannot be opened: .+ \\(SQLITE_CANTOPEN\\)$`,
      ),
    );

    const garbage = path.join(dataDir, "garbage.sqlite");
    fs.writeFileSync(garbage, "not a database, just text ".repeat(200));
    expect(((await startupError(settings(dataDir, garbage))) as Error).message).toBe(
      `platform: cannot start: database file ${garbage} cannot be opened: file is not a database (SQLITE_NOTADB)`,
    );
  });

  it("stops the process with that one line and no stack", () => {
    fs.writeFileSync(path.join(root, "another-file"), "");
    const dataDir = path.join(root, "another-file", "data");
    const script = `import { createPlatformOrExit } from "./platform/index.ts";
      await createPlatformOrExit({ dataDir: ${JSON.stringify(dataDir)}, dbFile: ${JSON.stringify(path.join(dataDir, "p.sqlite"))},
        captcha: false, seed: "none", tokenIdleSeconds: 900, passwordMaxAgeDays: 90 });
      console.log("started");`;
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: path.resolve(__dirname, "../.."),
        encoding: "utf8",
      },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([
      `platform: cannot start: data folder (DATA_DIR) ${dataDir} is not writable: part of the path is a file, not a folder (ENOTDIR)`,
    ]);
  });
});
