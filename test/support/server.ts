import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { createLogger } from "../../adapters/logging/logger.ts";
import { serviceAddress } from "../../apps/runtime/address.ts";
import { loadConfig } from "../../apps/runtime/config.ts";
import { demo, type DemoInfo } from "../../apps/runtime/demo.ts";
import { closeServices, createServices } from "../../apps/runtime/services.ts";
import { SCRATCH_ROOT, scratchDir } from "./scratch.ts";
import type { TestClock } from "./test-clock.ts";

export type { DemoInfo };

const ROOT = join(import.meta.dir, "..", "..");
const BUN = process.execPath;

export interface TestServer extends TestClock {
  readonly url: string;
  readonly dataDir: string;
  readonly demo: DemoInfo;
  /** What the server process wrote for people on its standard error (the start message). */
  messages(): string;
  /** What the running (or last stopped) server process wrote on its standard output: its JSON log lines. */
  output(): string;
  /** Runs the CLI on the server's data directory and returns its standard output. */
  cli(...args: string[]): Promise<string>;
  /** Stops the process with SIGTERM and returns its exit code once it has ended and its output is all read. */
  stop(): Promise<number>;
  /** Kills the process at once (SIGKILL), as a crash or a power cut would. */
  kill(): Promise<void>;
  /** Stops and starts the process again on the same data directory. */
  restart(): Promise<void>;
  /** Starts another server process on the same store and clock, as a second instance behind a load balancer. */
  peer(): Promise<{ readonly url: string; stop(): Promise<void> }>;
}

async function runCli(env: Record<string, string>, args: string[]): Promise<string> {
  const proc = Bun.spawn([BUN, join(ROOT, "apps/cli/main.ts"), ...args], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`cli ${args.join(" ")} exited ${code}: ${err}`);
  return out;
}

interface Launched {
  readonly proc: Subprocess<"ignore", "pipe", "pipe">;
  readonly port: number;
  /** Everything the process wrote on its standard output (JSON log lines) so far. */
  output(): string;
  /** Everything it wrote on its standard error: the messages for people. */
  messages(): string;
  /** Settles once standard output has ended (the process closed it, or exited). */
  readonly drained: Promise<void>;
}

async function launch(env: Record<string, string>): Promise<Launched> {
  const proc = Bun.spawn([BUN, join(ROOT, "apps/server/main.ts")], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  let told = "";
  void (async () => {
    for await (const chunk of proc.stderr) told += new TextDecoder().decode(chunk);
  })();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value);
    const match = /"port":(\d+)[^\n]*retour listening/.exec(seen);
    if (match) {
      // Keep draining stdout so the server never blocks on a full pipe.
      const drained = (async () => {
        for (let read = await reader.read(); !read.done; read = await reader.read()) seen += decoder.decode(read.value);
      })().catch(() => undefined);
      return { proc, port: Number(match[1]), output: () => seen, messages: () => told, drained };
    }
  }
  proc.kill();
  await proc.exited;
  throw new Error(`server did not start: ${seen}${told}`);
}

/** A run cannot remove its demo templates as it ends (its files run in several processes): the next run removes them once this old. */
const TEMPLATE_LIFETIME_MS = 60 * 60 * 1000;
let templatesPruned = false;

function removeOldTemplates(run: string): void {
  templatesPruned = true;
  for (const name of readdirSync(SCRATCH_ROOT)) {
    if (!name.startsWith("retour-demo-") || name.startsWith(`retour-demo-${run}-`)) continue;
    const path = join(SCRATCH_ROOT, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > TEMPLATE_LIFETIME_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another test process.
    }
  }
}

/**
 * Makes the demo organization in `dataDir` as `cli demo --json` does (the same services on the same
 * environment, real password hashes), in the test's process: a CLI process costs most of a second
 * of CPU to load, and the CLI process itself is tested where it is the point.
 */
async function makeDemo(env: Record<string, string>): Promise<DemoInfo> {
  const config = loadConfig({ ...process.env, ...env });
  const services = await createServices(config, createLogger("silent", false), serviceAddress(config), "cli");
  try {
    const { created: _, ...info } = await demo(services);
    return info;
  } finally {
    await closeServices(services);
  }
}

/**
 * Makes the demo organization in `dataDir` and returns what `cli demo --json` would tell. Making it
 * migrates a new store and hashes three passwords; within one `npm test` run (RETOUR_TEST_RUN,
 * which the script sets) it is made once per environment, and later servers start from a copy.
 */
async function seedDemo(dataDir: string, env: Record<string, string>): Promise<DemoInfo> {
  const run = process.env.RETOUR_TEST_RUN;
  if (!run) return makeDemo(env);
  if (!templatesPruned) removeOldTemplates(run);
  const { DATA_DIR: _, TEST_CLOCK_FILE: __, ...settings } = env;
  const key = new Bun.CryptoHasher("sha256")
    .update(JSON.stringify(Object.entries(settings).sort()))
    .digest("hex")
    .slice(0, 16);
  // Beside the scratch directories: the fresh one is renamed into place.
  const template = join(SCRATCH_ROOT, `retour-demo-${run}-${key}`);
  const told = join(template, "demo.json");
  if (!existsSync(told)) {
    const fresh = scratchDir("demo");
    writeFileSync(join(fresh, "demo.json"), JSON.stringify(await makeDemo({ ...env, DATA_DIR: fresh })));
    try {
      renameSync(fresh, template);
    } catch {
      // Another test file made the same template first: it is as good.
    }
  }
  cpSync(template, dataDir, { recursive: true, filter: (source) => source !== told });
  return JSON.parse(readFileSync(told, "utf8")) as DemoInfo;
}

/** Starts the real server on a free port with a fresh data directory and the demo organization. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = scratchDir("test");
  const clockFile = join(dataDir, "clock-offset");
  writeFileSync(clockFile, "0");
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: "0",
    LOG_LEVEL: "info",
    TEST_CLOCK_FILE: clockFile,
    RATE_LIMIT_REPORTS_PER_MINUTE: "100000",
    RATE_LIMIT_REGISTRATIONS_PER_HOUR: "100000",
    ...extraEnv,
  };
  const demo = await seedDemo(dataDir, env);
  let { proc, port, messages, output, drained } = await launch(env);
  let offset = 0;
  const server: TestServer = {
    get url() {
      return `http://localhost:${port}`;
    },
    dataDir,
    demo,
    messages: () => messages(),
    output: () => output(),
    cli: (...args) => runCli(env, args),
    advanceClock(ms) {
      offset += ms;
      writeFileSync(clockFile, String(offset));
    },
    startFreshMinute() {
      server.startFreshWindow(60_000);
    },
    startFreshWindow(ms) {
      server.advanceClock(ms - ((Date.now() + offset) % ms) + 200);
    },
    async stop() {
      proc.kill("SIGTERM");
      const code = await proc.exited;
      await drained;
      return code;
    },
    async kill() {
      proc.kill("SIGKILL");
      await proc.exited;
    },
    async restart() {
      await server.stop();
      ({ proc, port, messages, output, drained } = await launch(env));
    },
    async peer() {
      const other = await launch(env);
      return {
        url: `http://localhost:${other.port}`,
        async stop() {
          other.proc.kill("SIGTERM");
          await other.proc.exited;
        },
      };
    },
  };
  return server;
}

/** POSTs JSON and returns status, headers and parsed body. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

export async function get(url: string, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { ...(token && { authorization: `Bearer ${token}` }), ...headers } });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

export async function patch(url: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "PATCH",
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}
