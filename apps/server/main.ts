import type { Elysia } from "elysia";
import { serve } from "../../adapters/http/serve.ts";
import { createLogger, requestLogger } from "../../adapters/logging/logger.ts";
import type { Services } from "../../core/services.ts";
import { ConfigError, loadConfig, type Config } from "../runtime/config.ts";
import { recordAddress } from "../runtime/address.ts";
import { demo } from "../runtime/demo.ts";
import { closeServices, createServices } from "../runtime/services.ts";
import { purgeExpired } from "../../core/upkeep/purge-expired.ts";
import { listOrganizations } from "../../core/organizations/list-organizations.ts";
import { startWorker } from "./worker.ts";
import { storeRefusals } from "./store-refusals.ts";
import { stopSignals } from "./stop-signals.ts";
import { requestsSaturate } from "./saturation.ts";
import { assembleHttpApp } from "./http-app.ts";
import { emptyStartMessage, firstStartMessage, startMessage } from "./start-message.ts";

const HOUSEKEEPING_MS = 60_000;

function fatal(message: string): never {
  console.error(`retour: ${message}`);
  process.exit(2);
}

function configure(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fatal(error.message);
    throw error;
  }
}

// What the service writes (the store, its WAL, attachments, the key) is its owner's alone.
process.umask(0o077);
const config = configure();
const logger = createLogger(config.logLevel, process.stdout.isTTY === true);
for (const warning of config.warnings) logger.warn(warning);

/** Listens on PORT; a port another process holds is one clear line, as for the other settings. */
function listen(handle: (request: Request, clientAddress: string) => Response | Promise<Response>): ReturnType<typeof serve> {
  try {
    return serve(handle, {
      port: config.port,
      trustedProxyHops: config.trustedProxyHops,
      httpsOnly: config.baseUrl?.startsWith("https:") === true,
      logger: requestLogger(logger),
    });
  } catch (error) {
    if ((error as { code?: string }).code === "EADDRINUSE")
      fatal(`PORT ${config.port} is already in use by another process: stop it, or set PORT to a free port`);
    throw error;
  }
}

// Listen first, so that the default base address carries the port actually bound (PORT=0 picks one).
let app: Elysia | undefined;
// Until the store is open (a MongoDB deployment may take seconds to answer), /health says the store
// is not reachable yet, as it says once it is lost, and other requests wait for the application.
const { promise: assembled, resolve: assemble } = Promise.withResolvers<Elysia>();
const starting = (request: Request): Response | Promise<Response> =>
  new URL(request.url).pathname === "/health" ? Response.json({ ok: false }, { status: 503 }) : assembled.then((ready) => ready.handle(request));
// Elysia hands a route the request alone: the address the server saw travels beside it.
const clients = new WeakMap<Request, string>();
const server = listen((request, clientAddress) => {
  clients.set(request, clientAddress);
  return app ? app.handle(request) : starting(request);
});
const baseUrl = config.baseUrl ?? `http://localhost:${server.port}`;
let services: Services;
let address: ReturnType<typeof recordAddress>;
// Each store says when it cannot write (adapters/sqlite/write-batch.ts, adapters/mongodb/unavailable.ts), and when it serves again.
// MongoDB's is named by its setting alone: the connection string may hold a password.
const { refused: storeRefused, writesAgain } = storeRefusals(
  logger,
  config.store,
  config.store === "sqlite" ? `DATA_DIR=${config.dataDir}` : "MONGODB_URI",
);
try {
  services = await createServices(config, logger, baseUrl, "server", { onWritesAgain: writesAgain });
  address = recordAddress(config.dataDir, baseUrl);
} catch (error) {
  server.stop(true);
  fatal(error instanceof Error ? error.message : String(error));
}
app = assembleHttpApp(services, {
  reportsPerMinute: config.reportsPerMinute,
  widgetKeyPerMinute: config.widgetKeyPerMinute,
  apiPerMinute: config.apiPerMinute,
  registrationsPerHour: config.registrationsPerHour,
  clientAddress: (request) => clients.get(request)!,
  portalCacheMs: config.portalCacheMs,
  onStoreUnavailable: storeRefused,
  onUnexpected: (error, request) => logger.error({ err: error, path: new URL(request.url).pathname }, "unexpected error"),
  onServiceFailure: (failure, request) => {
    const said = { code: failure.code, said: failure.cause, path: new URL(request.url).pathname };
    // An issue opened and left unlinked: the operator may link it (tracker link) before someone opens a second.
    if (failure.unlinked) logger.error({ ...said, issue: failure.unlinked }, "the tracker opened an issue that could not be linked to its feedback");
    else logger.warn({ ...said, credentialsRefused: failure.credentialsRefused ?? false }, "a service the request needed failed");
  },
});
assemble(app);

const firstStart = (await listOrganizations(services)).length === 0;
const worker = startWorker(services, logger, { requestsSaturate: requestsSaturate(() => server.pendingRequests), storeRefused });
const housekeeping = setInterval(
  () =>
    void purgeExpired(services).catch(
      (error) => storeRefused(error) || logger.warn({ err: error }, "housekeeping failed; it runs again in a minute"),
    ),
  HOUSEKEEPING_MS,
);
/**
 * In-flight requests finish and new connections are refused, for SHUTDOWN_GRACE_MS at most: a client
 * that holds its connection (a long export, a body never sent) would otherwise hold the stop forever.
 */
async function drain(): Promise<void> {
  const drained = server.stop(false);
  const grace = setTimeout(() => {
    logger.warn({ graceMs: config.shutdownGraceMs }, "requests still in flight after the grace: closing their connections");
    void server.stop(true);
  }, config.shutdownGraceMs);
  try {
    await drained;
  } finally {
    clearTimeout(grace);
  }
}
// Before the start message: whoever read it may stop the server at once. Kept for every signal, not
// once: a signal to the process group (Ctrl-C, timeout, systemd's control-group stop) reaches the
// server twice, directly and passed on by npm, and a second one without a listener kills it mid-stop.
const onStopSignal = stopSignals({
  steps: [
    ["stop the housekeeping", () => clearInterval(housekeeping)],
    ["finish the requests in flight", drain],
    ["stop the worker", () => worker.stop()],
    ["close the store", () => closeServices(services)],
    ["mark the address record stopped", () => address.stopped()],
  ],
  logger,
  // Monotonic: a wall clock set between two signals (NTP, a person) would lengthen or shorten the time between them.
  now: () => performance.now(),
  exit: (code) => process.exit(code),
});
process.on("SIGINT", () => onStopSignal("SIGINT"));
process.on("SIGTERM", () => onStopSignal("SIGTERM"));

// The proxy hops trusted are said with the rest: behind a proxy, whether rate limits see the clients' addresses hangs on them.
logger.info(
  { port: server.port, baseUrl, trustedProxyHops: config.trustedProxyHops, store: config.store, assistant: config.assistant },
  "retour listening",
);
// People read these lines; standard output stays JSON lines for log collectors.
console.error(startMessage(baseUrl, services.addressAliases, server.port ?? config.port));

if (firstStart && config.demo) console.error(firstStartMessage(baseUrl, await demo(services)));
else if (firstStart) console.error(emptyStartMessage(baseUrl, process.env.DATA_DIR ? config.dataDir : undefined));
