import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createLogger } from "../../adapters/logging/logger.ts";
import { ConfigError, loadConfig } from "../../apps/runtime/config.ts";
import { createServices } from "../../apps/runtime/services.ts";
import { scratchDir } from "../support/scratch.ts";
import { waitFor } from "../support/wait.ts";

const ROOT = join(import.meta.dir, "..", "..");
const env = (uri: string) => ({ STORE: "mongodb", MONGODB_URI: uri, PORT: "0", DATA_DIR: scratchDir("mongo") });

/** Runs an entry point with STORE=mongodb and the given URI; returns its exit, stderr and duration. */
async function startWith(entry: string[], uri: string) {
  const started = Date.now();
  const proc = Bun.spawn([process.execPath, ...entry], {
    cwd: ROOT,
    env: { ...process.env, ...env(uri) },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill(), 20_000);
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  clearTimeout(timer);
  return { code, lines: stderr.trim().split("\n"), seconds: (Date.now() - started) / 1000 };
}

/**
 * What a start (the server's, or the CLI's) is refused with, made in process: the services both
 * entry points make first. A ConfigError is what each prints as its one line, with exit code 2.
 */
async function refusal(uri: string, role: "server" | "cli"): Promise<ConfigError> {
  const error = await createServices(loadConfig(env(uri)), createLogger("silent", false), "http://localhost:3000", role).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

// Each waits out its own connection timeout: they run side by side. The server's process shows the
// start that stops (one line, exit code 2); the other two are the same services, refused in process.
describe("STORE=mongodb start-up", () => {
  test.concurrent("a malformed MONGODB_URI stops the server at once with one line naming MONGODB_URI", async () => {
    const started = Date.now();
    const error = await refusal("not-a-uri", "server");
    expect(error.message.split("\n")).toEqual([expect.stringMatching(/^MONGODB_URI is not a valid MongoDB connection string/)]);
    // Well before the 5 s an unreachable deployment is given.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  test.concurrent("an unreachable server stops the server within a few seconds with one line naming MONGODB_URI", async () => {
    const run = await startWith(["apps/server/main.ts"], "mongodb://127.0.0.1:1/retour");
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([expect.stringMatching(/^retour: MONGODB_URI: cannot reach MongoDB within 5 s/)]);
    expect(run.seconds).toBeLessThan(15);
  });

  test.concurrent("the CLI stops the same way, within the timeout MONGODB_URI gives when it gives one", async () => {
    const started = Date.now();
    const error = await refusal("mongodb://127.0.0.1:1/retour?serverSelectionTimeoutMS=1000", "cli");
    expect(error.message.split("\n")).toEqual([expect.stringMatching(/^MONGODB_URI: cannot reach MongoDB within 1 s/)]);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  test.concurrent("while MongoDB is not reached yet, /health answers 503 { ok: false } and other requests wait: none gets an error of the server's own", async () => {
    // A port that is free now: the server listens on it before it reaches its store.
    const probe = Bun.serve({ port: 0, fetch: () => new Response() });
    const port = probe.port;
    probe.stop(true);
    const server = Bun.spawn([process.execPath, "apps/server/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, ...env("mongodb://127.0.0.1:1/retour?serverSelectionTimeoutMS=3000"), PORT: String(port) },
      stdout: "ignore",
      stderr: "ignore",
    });
    const health = await waitFor(
      "the server to listen",
      () =>
        fetch(`http://127.0.0.1:${port}/health`).then(
          async (r) => [r.status, await r.json()],
          () => undefined,
        ),
      (answer) => answer !== undefined,
      10_000,
    );
    const list = fetch(`http://127.0.0.1:${port}/v1/feedbacks`).then(
      (r) => r.status,
      () => "no answer: the start stopped",
    );
    expect(health).toEqual([503, { ok: false }]);
    expect(await server.exited).toBe(2);
    expect(await list).toBe("no answer: the start stopped");
  });
});
