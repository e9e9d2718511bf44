import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { createLogger } from "../../adapters/logging/logger.ts";
import { backup } from "../../apps/cli/backup.ts";
import { CommandFailed, UsageError } from "../../apps/cli/commands.ts";
import { loadConfig } from "../../apps/runtime/config.ts";
import { closeServices, createServices } from "../../apps/runtime/services.ts";
import { scratchDir } from "../support/scratch.ts";

/** The command as the CLI runs it, in the test's process: what it printed. */
async function backupIn(env: Record<string, string>, ...args: string[]): Promise<string> {
  let out = "";
  await backup(loadConfig(env), { args }, (line) => {
    out += `${line}\n`;
  });
  return out;
}

const open = (dataDir: string) => createServices(loadConfig({ DATA_DIR: dataDir }), createLogger("silent", false), "http://localhost:3000", "server");

describe("retour backup", () => {
  test("writes the store, its attachments and its secret key into a new directory, from which the service starts where the store was", async () => {
    const dataDir = scratchDir("backup");
    const services = await open(dataDir);
    await services.store.createOrganization({ id: "org", name: "Org", keyPrefix: "ORG", plan: "enterprise", quotaOverride: null });
    mkdirSync(join(dataDir, "attachments", "org"), { recursive: true });
    writeFileSync(join(dataDir, "attachments", "org", "shot.png"), "png bytes");
    // The server goes on running while the backup is made.
    const into = join(scratchDir("backup"), "2026-11-26");
    const told = await backupIn({ DATA_DIR: dataDir }, into);
    await services.store.createOrganization({ id: "later", name: "Later", keyPrefix: "LATER", plan: "free", quotaOverride: null });
    await closeServices(services);

    expect(told).toContain(`store: ${join(into, "retour.sqlite")}`);
    expect(told).toContain("to restore: stop the servers");
    expect(statSync(into).mode & 0o777).toBe(0o700);
    expect(readFileSync(join(into, "attachments", "org", "shot.png"), "utf8")).toBe("png bytes");
    expect(readFileSync(join(into, "secret.key"), "utf8")).toBe(readFileSync(join(dataDir, "secret.key"), "utf8"));
    // Restored: the key opens the store's secrets (a start checks it), and the store is as it was.
    const restored = await open(into);
    expect(await restored.store.findOrganization("ORG")).toMatchObject({ id: "org" });
    expect(await restored.store.findOrganization("LATER")).toBeNull();
    await closeServices(restored);
  });

  test("with SECRET_KEY set, the key is not copied, and the command says to keep it with the backup", async () => {
    const key = "c".repeat(64);
    const dataDir = scratchDir("backup");
    await closeServices(
      await createServices(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: key }), createLogger("silent", false), "http://localhost:3000", "cli"),
    );
    const into = join(scratchDir("backup"), "b");
    expect(await backupIn({ DATA_DIR: dataDir, SECRET_KEY: key }, into)).toContain(
      "secret key: from SECRET_KEY, not copied; keep it with this backup",
    );
    // Run without it, the backup names what is missing, and writes nothing.
    const without = join(scratchDir("backup"), "c");
    const refused = await backupIn({ DATA_DIR: dataDir }, without).catch((error: Error) => error);
    expect([refused instanceof UsageError, (refused as Error).message, existsSync(without)]).toEqual([
      true,
      `${join(dataDir, "secret.key")} does not exist: this store's key comes from SECRET_KEY, which is not set; set it and run backup again`,
      false,
    ]);
  });

  test("an empty directory given is made private, and the store's copy readable by its owner alone", async () => {
    const dataDir = scratchDir("backup");
    await closeServices(await open(dataDir));
    const into = scratchDir("backup");
    chmodSync(into, 0o755);
    await backupIn({ DATA_DIR: dataDir }, into);
    expect([statSync(into).mode & 0o777, statSync(join(into, "retour.sqlite")).mode & 0o777]).toEqual([0o700, 0o600]);
  });

  test("a backup that cannot be written leaves nothing behind, and the CLI says why in one line, exit status 1", async () => {
    const dataDir = scratchDir("backup");
    await closeServices(await open(dataDir));
    const file = join(scratchDir("backup"), "a-file");
    writeFileSync(file, "");
    const into = join(file, "backup");
    await expect(backupIn({ DATA_DIR: dataDir }, into)).rejects.toBeInstanceOf(CommandFailed);
    const cli = Bun.spawnSync([process.execPath, join(import.meta.dir, "../../apps/cli/main.ts"), "backup", into], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(cli.exitCode).toBe(1);
    expect(cli.stderr.toString()).toStartWith(`retour: backup failed, and nothing of it is left at ${into}: `);
    expect(cli.stderr.toString().trim().split("\n")).toHaveLength(1);
    // A failure once the store is copied (an attachment that is no file, a pipe): what was written is taken away again.
    mkdirSync(join(dataDir, "attachments"), { recursive: true });
    expect(Bun.spawnSync(["mkfifo", join(dataDir, "attachments", "a-pipe")]).exitCode).toBe(0);
    const after = join(scratchDir("backup"), "late");
    await expect(backupIn({ DATA_DIR: dataDir }, after)).rejects.toBeInstanceOf(CommandFailed);
    expect(existsSync(after)).toBe(false);
  });

  test("a directory that holds files already is refused, as is a backup without a directory or on MongoDB", async () => {
    const dataDir = scratchDir("backup");
    await closeServices(await open(dataDir));
    const used = scratchDir("backup");
    writeFileSync(join(used, "retour.sqlite"), "an earlier backup");
    await expect(backupIn({ DATA_DIR: dataDir }, used)).rejects.toThrow(
      new UsageError(`${used} is not a new, empty directory: give one, so that no backup is mixed with another`),
    );
    await expect(backupIn({ DATA_DIR: dataDir })).rejects.toThrow(new UsageError("missing <dir>: a new directory to write the backup into"));
    await expect(backupIn({ DATA_DIR: dataDir, STORE: "mongodb", MONGODB_URI: "mongodb://127.0.0.1:1/retour" }, "x")).rejects.toThrow(
      "on MongoDB use mongodump",
    );
  });

  test("a backup killed while it writes the store leaves no retour.sqlite, so that no half-written file passes for the backup", async () => {
    const dataDir = scratchDir("backup");
    // Large enough that the copy takes a while: the kill lands while it writes.
    const db = new Database(join(dataDir, "retour.sqlite"));
    db.exec("CREATE TABLE filler (bytes BLOB)");
    const insert = db.query("INSERT INTO filler VALUES (randomblob(1000000))");
    for (let i = 0; i < 80; i++) insert.run();
    db.close();
    writeFileSync(join(dataDir, "secret.key"), "ab".repeat(32));
    const into = join(scratchDir("backup"), "killed");
    const cli = Bun.spawn([process.execPath, join(import.meta.dir, "..", "..", "apps/cli/main.ts"), "backup", into], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdout: "ignore",
      stderr: "ignore",
    });
    const deadline = Date.now() + 10_000;
    while (!(existsSync(into) && readdirSync(into).length > 0)) {
      if (Date.now() > deadline) throw new Error("the backup wrote nothing within 10 s");
      await Bun.sleep(1);
    }
    cli.kill("SIGKILL");
    await cli.exited;

    expect(readdirSync(into)).not.toContain("retour.sqlite");
  });
});
