import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, readFileSync, rmSync, statSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createLogger } from "../../adapters/logging/logger.ts";
import { ConfigError, loadConfig } from "../../apps/runtime/config.ts";
import { createServices, useDataDir } from "../../apps/runtime/services.ts";
import { recordAddress } from "../../apps/runtime/address.ts";
import { UsageError } from "../../apps/cli/commands.ts";
import { secretKeyReset } from "../../apps/cli/secret-key-reset.ts";
import { Database } from "bun:sqlite";
import { scratchDir } from "../support/scratch.ts";
import { waitFor } from "../support/wait.ts";

const ROOT = join(import.meta.dir, "..", "..");
const CLI = join(ROOT, "apps/cli/main.ts");

async function run(command: string[], env: Record<string, string>) {
  const proc = Bun.spawn(command, { env: { ...process.env, PORT: "0", ...env }, stdout: "pipe", stderr: "pipe" });
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  return { code, stderr: stderr.trim() };
}

describe("a DATA_DIR the process cannot use", () => {
  // Root writes through any permission, and tests and CI run as root: a directory this process may
  // not write to is met through the file system calls useDataDir makes, failing as the kernel does.
  const refusing = (code: string, where = (_path: string) => true) => ({
    mkdirSync: () => undefined,
    existsSync: () => true,
    accessSync: (path: string) => {
      if (where(path)) throw Object.assign(new Error(`${code}: permission denied`), { code });
    },
  });

  test("an attachments directory this process may not write to is one line naming it, at start rather than at the first attachment", () => {
    expect(() =>
      useDataDir(
        "/srv/retour",
        refusing("EACCES", (path) => path.endsWith("/attachments")),
      ),
    ).toThrow(new ConfigError("/srv/retour/attachments is not writable by this process: give it to the user the service runs as"));
  });

  test("a DATA_DIR this process may not write to is one line naming DATA_DIR and the path", () => {
    for (const code of ["EACCES", "EPERM", "EROFS"]) {
      expect(() => useDataDir("/srv/retour", refusing(code))).toThrow(
        new ConfigError("DATA_DIR /srv/retour is not writable by this process: set DATA_DIR to a directory this process may write to"),
      );
    }
  });

  test("a DATA_DIR refused by the file system stops the CLI with that line, exit code 2", async () => {
    const file = join(scratchDir("data-dir"), "a-file");
    writeFileSync(file, "");
    expect(await run([process.execPath, CLI, "org", "list"], { DATA_DIR: join(file, "below") })).toEqual({
      code: 2,
      stderr: `retour: DATA_DIR ${join(file, "below")} is not a directory: set DATA_DIR to a directory this process may write to`,
    });
  });

  // The CLI above shows the process (one line, exit code 2); the server's start makes the same services, in process here.
  test("a DATA_DIR that is a file is refused at the server's start with one line naming DATA_DIR", async () => {
    const file = join(scratchDir("data-dir"), "a-file");
    writeFileSync(file, "");
    const config = loadConfig({ DATA_DIR: file, PORT: "0" });
    await expect(createServices(config, createLogger("silent", false), "http://localhost:3000", "server")).rejects.toThrow(
      new ConfigError(`DATA_DIR ${file} is not a directory: set DATA_DIR to a directory this process may write to`),
    );
  });
});

/**
 * Root writes through any permission, and tests and CI often run as root: a store this process may
 * not write to is met as another user (nobody, through util-linux's setpriv), where this checkout
 * is readable by that user.
 */
async function canRunAsNobody(): Promise<boolean> {
  if (process.getuid?.() !== 0 || !Bun.which("setpriv")) return false;
  const probe = Bun.spawn(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "test", "-r", CLI], { stderr: "ignore" });
  return (await probe.exited) === 0;
}
const asNobody = await canRunAsNobody();
if (!asNobody) console.warn("the read-only store test is skipped: it needs root, setpriv and a checkout the user nobody may read");

describe.skipIf(!asNobody)("a store this process may not write to", () => {
  test("the CLI and the server stop with one line naming the store's file, exit code 2", async () => {
    const DATA_DIR = scratchDir("read-only-store");
    expect((await run([process.execPath, CLI, "org", "list"], { DATA_DIR })).code).toBe(0);
    chmodSync(DATA_DIR, 0o777);
    for (const file of ["retour.sqlite", "secret.key"]) chmodSync(join(DATA_DIR, file), 0o644);
    const asNobodyRun = (entry: string) =>
      run(
        [
          "setpriv",
          "--reuid=nobody",
          "--regid=nogroup",
          "--clear-groups",
          process.execPath,
          join(ROOT, entry),
          ...(entry.includes("cli") ? ["org", "list"] : []),
        ],
        {
          DATA_DIR,
        },
      );
    const line = `retour: the store at ${join(DATA_DIR, "retour.sqlite")} is read-only for this process: give it (and its -wal and -shm files) to the user the service runs as`;
    expect(await asNobodyRun("apps/cli/main.ts")).toEqual({ code: 2, stderr: line });
    expect(await asNobodyRun("apps/server/main.ts")).toEqual({ code: 2, stderr: line });
  });
});

describe("a secret key that is not the store's", () => {
  const KEY_A = "a".repeat(64);
  const KEY_B = "b".repeat(64);
  const start = async (env: Record<string, string>) => {
    const services = await createServices(loadConfig({ PORT: "0", ...env }), createLogger("silent", false), "http://localhost:3000", "server");
    await services.store.close();
  };

  test("a SECRET_KEY other than the one the store's secrets were sealed with is refused at start, naming SECRET_KEY; the store's own key still starts", async () => {
    const DATA_DIR = scratchDir("secret-key");
    await start({ DATA_DIR, SECRET_KEY: KEY_A });
    await expect(start({ DATA_DIR, SECRET_KEY: KEY_B })).rejects.toThrow(
      new ConfigError(
        "SECRET_KEY is not the key this store's secrets were sealed with: set it to that key (the store's secret.key, or the SECRET_KEY its servers had); if it is lost, see secret-key reset",
      ),
    );
    await start({ DATA_DIR, SECRET_KEY: KEY_A });
  });

  test("a store made before the key check takes a key only if it opens a secret the store keeps", async () => {
    const DATA_DIR = scratchDir("secret-key");
    const services = await createServices(
      loadConfig({ PORT: "0", DATA_DIR, SECRET_KEY: KEY_A }),
      createLogger("silent", false),
      "http://localhost:3000",
      "cli",
    );
    const orgId = "org";
    await services.store.createOrganization({ id: orgId, name: "Org", keyPrefix: "ORG", plan: "enterprise", quotaOverride: null });
    await services.store.createWebhook(
      {
        id: "wh",
        orgId,
        url: "https://example.com/hook",
        events: ["feedback.created"],
        secretSealed: await services.secrets.seal("whsec"),
        previousSecretSealed: null,
        previousExpiresAt: null,
        createdAt: 0,
        lastDelivery: null,
      },
      10,
    );
    await services.store.close();
    // As a release before the check left it.
    const db = new Database(join(DATA_DIR, "retour.sqlite"));
    db.exec("DELETE FROM settings WHERE name = 'key_check'");
    db.close();
    await expect(start({ DATA_DIR, SECRET_KEY: KEY_B })).rejects.toThrow("SECRET_KEY is not the key this store's secrets were sealed with");
    await start({ DATA_DIR, SECRET_KEY: KEY_A });
    await expect(start({ DATA_DIR, SECRET_KEY: KEY_B })).rejects.toThrow("SECRET_KEY is not the key");
  });

  test("when the store's key is lost, secret-key reset --yes gives it this process's key and says which; with the right key there is nothing to reset", async () => {
    const DATA_DIR = scratchDir("secret-key");
    await start({ DATA_DIR, SECRET_KEY: KEY_A });
    await expect(start({ DATA_DIR, SECRET_KEY: KEY_B })).rejects.toThrow("if it is lost, see secret-key reset");
    const reset = async (env: Record<string, string>, yes = true) => {
      let told = "";
      await secretKeyReset(loadConfig({ PORT: "0", ...env }), { args: ["reset"], yes }, (line) => {
        told += `${line}\n`;
      });
      return told;
    };
    await expect(reset({ DATA_DIR, SECRET_KEY: KEY_B }, false)).rejects.toThrow("add --yes to do it");
    expect(await reset({ DATA_DIR, SECRET_KEY: KEY_B })).toStartWith(
      "the store now takes the key of SECRET_KEY: every server needs it from now on\n",
    );
    await expect(reset({ DATA_DIR, SECRET_KEY: KEY_B })).rejects.toThrow(
      new UsageError("this key opens the store's secrets: there is nothing to reset"),
    );
    await start({ DATA_DIR, SECRET_KEY: KEY_B });
    await expect(start({ DATA_DIR, SECRET_KEY: KEY_A })).rejects.toThrow("SECRET_KEY is not the key");
    await expect(reset({ DATA_DIR: scratchDir("secret-key"), STORE: "mongodb", MONGODB_URI: "mongodb://127.0.0.1:1/retour" })).rejects.toThrow(
      "on MongoDB, set SECRET_KEY",
    );
    // While a server runs on the data directory, the CLI refuses to reset.
    recordAddress(DATA_DIR, "http://localhost:3000");
    expect(await run([process.execPath, CLI, "secret-key", "reset", "--yes"], { DATA_DIR, SECRET_KEY: KEY_A })).toEqual({
      code: 2,
      stderr: `retour: stop the servers on this DATA_DIR first (pid ${process.pid}): they seal with the key being replaced`,
    });
  });

  test("processes started together on a new DATA_DIR agree on one key: each starts, and the file holds a whole key", async () => {
    const DATA_DIR = join(scratchDir("secret-key"), "new");
    const runs = await Promise.all(Array.from({ length: 4 }, () => run([process.execPath, CLI, "org", "list"], { DATA_DIR })));
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    expect(readFileSync(join(DATA_DIR, "secret.key"), "utf8")).toMatch(/^[0-9a-f]{64}$/);
  });

  test("a store restored without its secret.key is refused at start, saying the file is missing, and no new key is left behind", async () => {
    const DATA_DIR = scratchDir("secret-key");
    const services = await createServices(loadConfig({ PORT: "0", DATA_DIR }), createLogger("silent", false), "http://localhost:3000", "cli");
    await services.store.close();
    rmSync(join(DATA_DIR, "secret.key"));
    // Watched while it refuses: no key is written, not even one deleted after.
    const touched: string[] = [];
    const watcher = watch(DATA_DIR, (_event, name) => touched.push(String(name)));
    await expect(start({ DATA_DIR })).rejects.toThrow(`${join(DATA_DIR, "secret.key")} is missing, and this store's secrets are sealed with a key`);
    writeFileSync(join(DATA_DIR, "watched"), "");
    await waitFor(
      "the watcher to see the file written after the refusal",
      () => touched.includes("watched"),
      (seen) => seen,
    );
    watcher.close();
    expect(touched.filter((name) => name.startsWith("secret.key"))).toEqual([]);
    expect(existsSync(join(DATA_DIR, "secret.key"))).toBe(false);
  });

  test("a secret.key that is not the store's is refused at start, naming the file", async () => {
    const DATA_DIR = scratchDir("secret-key");
    await start({ DATA_DIR });
    writeFileSync(join(DATA_DIR, "secret.key"), KEY_B);
    await expect(start({ DATA_DIR })).rejects.toThrow(
      new ConfigError(
        `${join(DATA_DIR, "secret.key")} is not the key this store's secrets were sealed with: restore the secret.key of this store's backup, or set SECRET_KEY to that key; if it is lost, see secret-key reset`,
      ),
    );
  });
});

describe("the CLI on a DATA_DIR without a store", () => {
  test("says on standard error that it made a new store, asking whether DATA_DIR is the server's; a second command says nothing", async () => {
    const DATA_DIR = join(scratchDir("cli-new-store"), "mistyped");
    const line = `retour: no store was at ${join(DATA_DIR, "retour.sqlite")}: this command made a new one (is DATA_DIR the server's?)`;
    expect(await run([process.execPath, CLI, "org", "list"], { DATA_DIR })).toEqual({ code: 0, stderr: line });
    expect(await run([process.execPath, CLI, "org", "list"], { DATA_DIR })).toEqual({ code: 0, stderr: "" });
  });
});

/** A server process on DATA_DIR with DEMO=false, once it has told its start message (returned), and its log so far. */
async function startedWithoutDemo(DATA_DIR: string, env: Record<string, string> = {}) {
  const server = Bun.spawn([process.execPath, join(ROOT, "apps/server/main.ts")], {
    env: { ...process.env, DATA_DIR, PORT: "0", DEMO: "false", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  let log = "";
  void (async () => {
    for await (const chunk of server.stdout) log += new TextDecoder().decode(chunk);
  })();
  let told = "";
  const reader = server.stderr.getReader();
  while (!told.includes("user create")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server ended before its start message: ${told}`);
    told += new TextDecoder().decode(value);
  }
  return { server, told, logged: () => log };
}

describe("a server stopped with SIGTERM", () => {
  test("closes its store (no WAL left beside it) and marks its address record stopped before it exits", async () => {
    const DATA_DIR = scratchDir("sigterm");
    const { server } = await startedWithoutDemo(DATA_DIR);
    server.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(join(DATA_DIR, "retour.sqlite-wal"))).toBe(false);
    // What it wrote is its owner's alone.
    expect(["retour.sqlite", "secret.key", "servers"].map((f) => statSync(join(DATA_DIR, f)).mode & 0o077)).toEqual([0, 0, 0]);
    expect(JSON.parse(readFileSync(join(DATA_DIR, "servers", String(server.pid)), "utf8")).stopped).toBeNumber();
  });

  test("twice, as a signal to its process group arrives (from npm passing it on, and from the terminal's Ctrl-C or timeout), still stops once, cleanly", async () => {
    const DATA_DIR = scratchDir("sigterm-twice");
    const { server, logged } = await startedWithoutDemo(DATA_DIR);
    server.kill("SIGTERM");
    await waitFor("the first signal to start the shutdown", logged, (lines) => lines.includes('"msg":"shutting down"'), 10_000);
    server.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(join(DATA_DIR, "retour.sqlite-wal"))).toBe(false);
    expect(JSON.parse(readFileSync(join(DATA_DIR, "servers", String(server.pid)), "utf8")).stopped).toBeNumber();
  });
});

describe("a server stopping", () => {
  test("logs that it has stopped once its store is closed", async () => {
    const { server, logged } = await startedWithoutDemo(scratchDir("stopped-line"));
    server.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const lines = logged().trim().split("\n");
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ msg: "stopped", signal: "SIGTERM", ms: expect.any(Number) });
  });

  test("closes a connection whose request is still in flight after SHUTDOWN_GRACE_MS, and stops", async () => {
    const { server, logged } = await startedWithoutDemo(scratchDir("stop-grace"), { SHUTDOWN_GRACE_MS: "300" });
    const port = Number(/"port":(\d+)[^\n]*retour listening/.exec(logged())![1]);
    // A report whose body never comes: its request stays in flight until its connection is closed.
    const client = await Bun.connect({ hostname: "localhost", port, socket: { data() {} } });
    client.write("POST /v1/reports HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{");
    // A request sent after it and answered: the server's loop has taken the report's headers by then,
    // which a fixed sleep did not promise on a busy machine (the shutdown then found nothing in flight).
    await Bun.sleep(100);
    expect((await fetch(`http://localhost:${port}/health`)).status).toBe(200);
    server.kill("SIGTERM");
    await waitFor(
      "the server to exit",
      () => server.exitCode,
      (code) => code !== null,
      5_000,
    );
    expect(server.exitCode).toBe(0);
    expect(logged()).toContain('"msg":"requests still in flight after the grace: closing their connections"');
    expect(logged()).toContain('"msg":"stopped"');
  });
});

describe("a first start without the demo", () => {
  test("with DEMO=false, the first start creates no organization, says so and how to make the first; no password is printed", async () => {
    const DATA_DIR = scratchDir("no-demo");
    const { server, told } = await startedWithoutDemo(DATA_DIR);
    server.kill("SIGTERM");
    await server.exited;
    expect(told).toContain("No organization yet (DEMO=false).");
    expect(told).not.toContain("password");
    const organizations = Bun.spawnSync([process.execPath, CLI, "org", "list"], { env: { ...process.env, DATA_DIR } });
    expect([organizations.exitCode, organizations.stdout.toString()]).toEqual([0, ""]);
  });
});

describe("npm start under a process manager", () => {
  test("SIGTERM sent to the npm process stops the server: its port closes and npm exits", async () => {
    const npm = Bun.spawn(["npm", "start"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: scratchDir("npm-start"), PORT: "0" },
      stdout: "pipe",
      stderr: "ignore",
      // Its own process group, so that whatever npm leaves behind can be ended with it.
      detached: true,
    });
    let seen = "";
    void (async () => {
      for await (const chunk of npm.stdout) seen += new TextDecoder().decode(chunk);
    })();
    try {
      const port = await waitFor(
        "the server to listen",
        () => /"port":(\d+)[^\n]*retour listening/.exec(seen)?.[1],
        (found) => found !== undefined,
        20_000,
      );
      const health = `http://localhost:${port}/health`;
      expect((await fetch(health)).status).toBe(200);

      npm.kill("SIGTERM");
      await waitFor(
        "npm to exit",
        () => npm.exitCode ?? npm.signalCode,
        (ended) => ended !== null,
        10_000,
      );
      await waitFor(
        "the server's port to close",
        () =>
          fetch(health).then(
            () => "open",
            () => "closed",
          ),
        (state) => state === "closed",
        10_000,
      );
    } finally {
      try {
        process.kill(-npm.pid, "SIGKILL");
      } catch {
        // The group has ended: nothing is left.
      }
    }
  });
});

describe("the CLI's usage", () => {
  // What each command line is answered with is test/apps/cli-command-line.test.ts; here, that the process says it and exits so.
  test("an unknown command is named on standard error, before the usage, exit code 2; --help prints the usage on standard output, exit code 0", async () => {
    const answer = await run([process.execPath, CLI, "bogus", "thing"], { DATA_DIR: scratchDir("data-dir") });
    expect(answer.code).toBe(2);
    expect(answer.stderr).toStartWith('retour: unknown command "bogus thing"\n\nusage: retour <command>');
    const help = Bun.spawnSync([process.execPath, CLI, "--help"]);
    expect([help.exitCode, help.stdout.toString().startsWith("usage: retour"), help.stderr.toString()]).toEqual([0, true, ""]);
  });

  test("a missing argument is one line, then that command's usage", async () => {
    const answer = await run([process.execPath, CLI, "app", "list"], { DATA_DIR: scratchDir("data-dir") });
    expect(answer.code).toBe(2);
    expect(answer.stderr).toEndWith("retour: missing <org>\n\nusage: retour <command> [arguments] [--options]\n\n  app list <org>");
  });
});
