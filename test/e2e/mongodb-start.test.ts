import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { scratchDir } from "../support/scratch.ts";

const ROOT = join(import.meta.dir, "..", "..");

/** Runs an entry point with STORE=mongodb and the given URI; returns its exit, stderr and duration. */
async function startWith(entry: string[], uri: string) {
  const started = Date.now();
  const proc = Bun.spawn([process.execPath, ...entry], {
    cwd: ROOT,
    env: { ...process.env, STORE: "mongodb", MONGODB_URI: uri, PORT: "0", DATA_DIR: scratchDir("mongo") },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill(), 20_000);
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  clearTimeout(timer);
  return { code, lines: stderr.trim().split("\n"), seconds: (Date.now() - started) / 1000 };
}

// Each waits out its own connection timeout: they run side by side.
describe("STORE=mongodb start-up", () => {
  test.concurrent("a malformed MONGODB_URI stops the server at once with one line naming MONGODB_URI", async () => {
    const run = await startWith(["apps/server/main.ts"], "not-a-uri");
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([expect.stringMatching(/^retour: MONGODB_URI is not a valid MongoDB connection string/)]);
  });

  test.concurrent("an unreachable server stops the server within a few seconds with one line naming MONGODB_URI", async () => {
    const run = await startWith(["apps/server/main.ts"], "mongodb://127.0.0.1:1/retour");
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([expect.stringMatching(/^retour: MONGODB_URI: cannot reach MongoDB within 5 s/)]);
    expect(run.seconds).toBeLessThan(15);
  });

  test.concurrent("the CLI stops the same way", async () => {
    const run = await startWith(["apps/cli/main.ts", "org", "list"], "mongodb://127.0.0.1:1/retour");
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([expect.stringMatching(/^retour: MONGODB_URI: cannot reach MongoDB/)]);
  });
});
