import { commandLine } from "../../apps/cli/command-line.ts";
import { COMMANDS } from "../../apps/cli/commands.ts";
import { serve } from "../../adapters/http/serve.ts";
import { createLogger } from "../../adapters/logging/logger.ts";
import { loadConfig } from "../../apps/runtime/config.ts";
import { demo, type DemoInfo } from "../../apps/runtime/demo.ts";
import { createServices, sqliteFile } from "../../apps/runtime/services.ts";
import { assembleHttpApp } from "../../apps/server/http-app.ts";
import { startWorker } from "../../apps/server/worker.ts";
import type { Services } from "../../core/services.ts";
import { runJob } from "../../core/jobs/run-job.ts";
import { FormBrowser, signIn } from "./browser.ts";
import { writeEmptyStore } from "./new-store-file.ts";
import { scratchDir } from "./scratch.ts";
import type { TestClock } from "./test-clock.ts";

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
}

/**
 * Slack's Web API for a test that gives it no stand-in: a closed local port, so that a token saved
 * is never sent to Slack itself, and counts as unchecked (Slack unreachable), whatever the network.
 */
const NO_SLACK = "http://127.0.0.1:9/api";

/** The address the in-process application answers as (its base URL, and the Host of its requests). */
const ORIGIN = "http://localhost:3000";

export interface InProcess extends TestClock {
  readonly services: Services;
  readonly demo: DemoInfo;
  /** The service's own address, as a real server's `url`: absolute links it writes lead back to it. */
  readonly url: string;
  /** `fetch` for this application: an absolute URL of its address, without a socket. */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Sends one request to the HTTP application without a socket; a JSON body is encoded. */
  /** `body` is sent as JSON; `raw` as it is, with the content type the headers give. */
  request(method: string, path: string, options?: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> }): Promise<Reply>;
  /** Hands one request, as it is, to the HTTP application (for a FormBrowser without a socket). */
  handle(request: Request): Promise<Response>;
  /** Runs an operator command of the CLI (`org create OTHER …`) on the same services and returns what it printed. */
  cli(...words: string[]): Promise<string>;
  /** Runs the queued background jobs (grouping, triage, notifications) until the queue is empty; returns how many ran. */
  runJobs(): Promise<number>;
  close(): void;
}

interface InProcessOptions {
  readonly env?: Record<string, string>;
  /** Replaces parts of the real services, e.g. a clock the test moves. */
  readonly with?: Partial<Services>;
  /** Budgets per minute; generous unless a test is about them. */
  readonly reportsPerMinute?: number;
  readonly apiPerMinute?: number;
  readonly widgetKeyPerMinute?: number;
  readonly registrationsPerHour?: number;
  /** The portals' people routes: which slugs name a portal (the portal's settings unless a test gives its own), and how SSO tokens are read. */
  readonly portals?: Parameters<typeof assembleHttpApp>[1]["portals"];
  /** How long anonymous portal answers are kept for all readers, as the server keeps them (PORTAL_CACHE_MS); not kept by default. */
  readonly portalCacheMs?: number;
  /** Where what a failing service answered a request goes (the server's log); nowhere by default. */
  readonly onServiceFailure?: Parameters<typeof assembleHttpApp>[1]["onServiceFailure"];
  /** Where requests refused because the store cannot write are said (the server's log); the test's stderr by default. */
  readonly onStoreUnavailable?: Parameters<typeof assembleHttpApp>[1]["onStoreUnavailable"];
}

/**
 * argon2id at its smallest cost: real hashes that verify as the server's do, in 1 ms instead of
 * 40 ms, since every application here hashes the demo's three passwords and most tests sign in
 * (Django's test settings swap in a fast hasher for the same reason). The server's parameters are
 * tested in test/adapters/password.test.ts.
 */
const CHEAP_ARGON2: Services["passwords"] = {
  hash: (password) => Bun.password.hash(password, { algorithm: "argon2id", memoryCost: 64, timeCost: 1 }),
  verify: (password, hash) => Bun.password.verify(password, hash),
};

/** The services and application a test talks to, at `origin`, with the demo organization (made unless `known`, as a restart finds it). */
async function assemble(
  options: InProcessOptions,
  origin: string,
  clientAddress: (request: Request) => string,
  dataDir = scratchDir("http"),
  known?: DemoInfo,
) {
  const config = loadConfig({ DATA_DIR: dataDir, SLACK_API_URL: NO_SLACK, ...options.env });
  // A new data directory's store, copied rather than written schema and all: most test files start one.
  if (!known && config.store === "sqlite") writeEmptyStore(sqliteFile(dataDir));
  const real = await createServices(config, createLogger("silent", false), origin);
  let offset = 0;
  const services: Services = { ...real, clock: () => Date.now() + offset, passwords: CHEAP_ARGON2, ...options.with };
  const app = assembleHttpApp(services, {
    reportsPerMinute: options.reportsPerMinute ?? 100_000,
    apiPerMinute: options.apiPerMinute ?? 100_000,
    widgetKeyPerMinute: options.widgetKeyPerMinute ?? 100_000,
    registrationsPerHour: options.registrationsPerHour ?? 100_000,
    clientAddress,
    onUnexpected: (e) => console.error(e),
    onStoreUnavailable: options.onStoreUnavailable ?? ((e) => console.error(e)),
    onServiceFailure: options.onServiceFailure ?? (() => undefined),
    ...(options.portals && { portals: options.portals }),
    ...(options.portalCacheMs !== undefined && { portalCacheMs: options.portalCacheMs }),
  });
  const info = known ?? (await demo(services));
  return {
    services,
    app,
    demo: info,
    config,
    advanceClock(ms: number) {
      offset += ms;
    },
    startFreshWindow(ms: number) {
      offset += ms - (services.clock() % ms) + 200;
    },
    cli: (...words: string[]) => runCommand(services, words),
  };
}

/**
 * Runs an operator command of the CLI on the given services, as the CLI reads its command line, and returns what it printed;
 * a line the CLI refuses before running anything (an unknown option, an argument too many) throws its message.
 */
export async function runCommand(services: Services, words: string[]): Promise<string> {
  const asked = commandLine(words);
  if (asked.kind === "said") throw new Error(asked.err.split("\n")[0] || asked.out);
  if (asked.kind === "alone") throw new Error(`${asked.command} opens the store itself: run it as a process`);
  let printed = "";
  await COMMANDS[asked.name]!(services, { args: asked.args, options: asked.parsed.values }, (line) => {
    printed += `${line}\n`;
  });
  return printed;
}

/** The HTTP application on a fresh SQLite store with the demo organization, called through app.handle. */
export async function inProcess(options: InProcessOptions = {}): Promise<InProcess> {
  const {
    services,
    app,
    demo: info,
    advanceClock,
    startFreshWindow,
    cli,
  } = await assemble(options, ORIGIN, (request) => request.headers.get("x-test-client-address") ?? "192.0.2.1");
  // A request that came over a socket carries its Host (the MCP endpoint checks it against its own address).
  const send = (request: Request): Promise<Response> => {
    if (request.headers.has("host")) return app.handle(request);
    const headers = new Headers(request.headers);
    headers.set("host", new URL(request.url).host);
    return app.handle(new Request(request, { headers }));
  };
  const claim = () => services.store.claimJob(services.clock(), 60_000, "test");
  return {
    services,
    demo: info,
    async request(method, path, { body, raw, token, headers = {} } = {}) {
      const response = await send(
        new Request(`${ORIGIN}${path}`, {
          method,
          headers: {
            ...(body !== undefined && { "content-type": "application/json" }),
            ...(token && { authorization: `Bearer ${token}` }),
            ...headers,
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
          ...(raw !== undefined && { body: raw }),
        }),
      );
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
      };
    },
    handle: send,
    url: ORIGIN,
    fetch: (url, init) => send(new Request(url, init)),
    advanceClock,
    startFreshMinute: () => startFreshWindow(60_000),
    startFreshWindow,
    cli,
    async runJobs() {
      let ran = 0;
      for (let job = await claim(); job; job = await claim()) {
        await runJob(services, job.request);
        await services.store.completeJob(job);
        ran++;
      }
      return ran;
    },
    close: () => services.store.close(),
  };
}

/** The application served in the test's own process: a real socket, the server's own serving and background worker, no process of its own. */
/**
 * A browser on the in-process application, signed in through the form as one of the demo's people
 * and left at `next`; `headers` go with each of its requests.
 */
export async function signedInAs(
  http: InProcess,
  role: keyof DemoInfo["users"],
  next = "/inbox",
  headers: Record<string, string> = {},
): Promise<FormBrowser> {
  const browser = new FormBrowser(http.url, headers, http.handle);
  await signIn(browser, http.demo.users[role].email, http.demo.users[role].password, next);
  return browser;
}

export interface Served extends TestClock {
  readonly services: Services;
  readonly demo: DemoInfo;
  /** `http://localhost:{port}`: the service's address, which absolute links it writes lead back to. */
  readonly url: string;
  readonly dataDir: string;
  /** Runs an operator command of the CLI on the same services and returns what it printed. */
  cli(...words: string[]): Promise<string>;
  stop(): Promise<void>;
  /**
   * Stops serving, the worker and the store, then starts them again from the same data directory
   * on the same port and clock, as a stop and new start of the server would: nothing but what the
   * store kept carries over (the demo organization is found, not made again).
   */
  restart(): Promise<void>;
}

/**
 * Serves the application on a free port through the server's own `serve` (body limits, request
 * ids, client addresses) with its background worker running, as `startServer` does in a process
 * of its own. For tests whose point is the browser or a real client, not the process: a server
 * process costs a second of CPU to start, this costs what the test worker already loaded.
 */
export async function serveInProcess(options: InProcessOptions = {}): Promise<Served> {
  let handle: ((request: Request) => Response | Promise<Response>) | undefined;
  // Elysia hands a route the request alone: the address the server saw travels beside it.
  const clients = new WeakMap<Request, string>();
  const silent = createLogger("silent", false);
  const dataDir = scratchDir("served");
  // Proxies in front are trusted as the server trusts them: as many as TRUST_PROXY says (none unless given).
  const { trustedProxyHops, baseUrl } = loadConfig({ DATA_DIR: dataDir, ...options.env });
  const listen = (port: number) =>
    serve(
      (request, clientAddress) => {
        clients.set(request, clientAddress);
        return handle!(request);
      },
      { port, trustedProxyHops, httpsOnly: baseUrl?.startsWith("https:") === true, logger: silent },
    );
  let server = listen(0);
  const port = server.port!;
  const url = `http://localhost:${port}`;
  const start = async (known?: DemoInfo) => {
    const assembled = await assemble(
      { ...options, env: { LOG_LEVEL: "silent", ...options.env } },
      url,
      (request) => clients.get(request) ?? "unknown",
      dataDir,
      known,
    );
    handle = (request) => assembled.app.handle(request);
    return { assembled, worker: startWorker(assembled.services, silent) };
  };
  let running = await start();
  const stop = async () => {
    await server.stop(true);
    await running.worker.stop();
    await running.assembled.services.store.close();
  };
  return {
    get services() {
      return running.assembled.services;
    },
    demo: running.assembled.demo,
    url,
    dataDir,
    cli: (...words) => running.assembled.cli(...words),
    advanceClock: (ms) => running.assembled.advanceClock(ms),
    startFreshMinute: () => running.assembled.startFreshWindow(60_000),
    startFreshWindow: (ms) => running.assembled.startFreshWindow(ms),
    stop,
    async restart() {
      const ahead = running.assembled.services.clock() - Date.now();
      await stop();
      running = await start(running.assembled.demo);
      running.assembled.advanceClock(ahead);
      server = listen(port);
    },
  };
}

/** The JSON helpers of test/support/server.ts (same arguments, same answers), sent to an in-process application. */
export function jsonClient(app: () => InProcess) {
  const call = async (url: string, init: RequestInit) => {
    const response = await app().fetch(url, init);
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };
  const encode = (body: unknown) => (typeof body === "string" ? body : JSON.stringify(body));
  const bearer = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    get: (url: string, token?: string, headers: Record<string, string> = {}) => call(url, { headers: { ...bearer(token), ...headers } }),
    post: (url: string, body: unknown, headers: Record<string, string> = {}) =>
      call(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: encode(body) }),
    patch: (url: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
      call(url, { method: "PATCH", headers: { "content-type": "application/json", ...bearer(token), ...headers }, body: encode(body) }),
  };
}
