import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { statSync } from "node:fs";
import { join } from "node:path";
import { createSqliteStore } from "../../adapters/sqlite/store.ts";
import { compact } from "../../apps/cli/compact.ts";
import { UsageError } from "../../apps/cli/commands.ts";
import { recordAddress } from "../../apps/runtime/address.ts";
import { loadConfig } from "../../apps/runtime/config.ts";
import { scratchDir } from "../support/scratch.ts";

const CLI = join(import.meta.dir, "../../apps/cli/main.ts");

/** The command as the CLI runs it, in the test's process: what it printed. */
async function compactIn(env: Record<string, string>): Promise<string> {
  let out = "";
  await compact(loadConfig(env), {}, (line) => {
    out += `${line}\n`;
  });
  return out;
}

async function cli(env: Record<string, string>, ...args: string[]) {
  const proc = Bun.spawn([process.execPath, CLI, ...args], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { out, err, code };
}

describe("retour compact", () => {
  test("gives the store's free pages back to the disk and keeps what it holds", async () => {
    const dataDir = scratchDir("compact");
    const file = join(dataDir, "retour.sqlite");
    const store = createSqliteStore(file);
    await store.createOrganization({ id: "org", name: "Org", keyPrefix: "ORG", plan: "enterprise", quotaOverride: null });
    await store.close();
    // 8 MB written, then dropped: pages SQLite keeps for reuse.
    const db = new Database(file);
    db.exec(
      "CREATE TABLE scratch (b BLOB); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO scratch SELECT randomblob(4000) FROM n;",
    );
    db.exec("DROP TABLE scratch; PRAGMA wal_checkpoint(TRUNCATE)");
    db.close();
    const before = statSync(file).size;
    expect(before).toBeGreaterThan(8_000_000);

    const out = await compactIn({ DATA_DIR: dataDir });
    expect(out).toMatch(/^compacting .*retour\.sqlite \([\d.,]+ MB\)/);
    expect(out).toMatch(/compacted: [\d.,]+ MB → [\d.,]+ MB/);
    expect(statSync(file).size).toBeLessThan(before - 8_000_000);
    const reopened = createSqliteStore(file);
    expect(await reopened.findOrganization("ORG")).toMatchObject({ id: "org", name: "Org" });
    await reopened.close();
  });

  test("on MongoDB it says that the deployment compacts its own files", async () => {
    const refused = compactIn({ DATA_DIR: scratchDir("compact"), STORE: "mongodb", MONGODB_URI: "mongodb://127.0.0.1:1/retour" });
    await expect(refused).rejects.toThrow(
      new UsageError("compact rewrites the embedded store's file; MongoDB compacts its own (its compact command)"),
    );
  });

  // The CLI process itself: a refusal is one line on standard error and exit code 2.
  test("while a server runs on the DATA_DIR it refuses, naming it, and leaves the store as it was", async () => {
    const dataDir = scratchDir("compact");
    await createSqliteStore(join(dataDir, "retour.sqlite")).close();
    // This test's process stands for the server: its address record says it runs.
    recordAddress(dataDir, "http://localhost:3000");
    const { err, code } = await cli({ DATA_DIR: dataDir }, "compact");
    expect([code, err.trim()]).toEqual([
      2,
      `retour: stop the servers on this DATA_DIR first (pid ${process.pid}): their writes would wait for the compaction, and fail after 5 s`,
    ]);
  });

  test("with no store in DATA_DIR it names the file it looked for", async () => {
    const dataDir = scratchDir("compact");
    const { err, code } = await cli({ DATA_DIR: dataDir }, "compact");
    expect(code).toBe(2);
    expect(err).toContain(`retour: no embedded store at ${join(dataDir, "retour.sqlite")}`);
  });
});
