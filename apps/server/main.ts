import { createHttpApp } from "../../adapters/http/app.ts";
import { serve } from "../../adapters/http/serve.ts";
import { createLogger } from "../../adapters/logging/logger.ts";
import { ConfigError, loadConfig, type Config } from "../runtime/config.ts";
import { demo } from "../runtime/demo.ts";
import { createServices } from "../runtime/services.ts";
import { startWorker } from "./worker.ts";

const HOUSEKEEPING_MS = 60_000;

function configure(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`retour: ${error.message}`);
    process.exit(2);
  }
}

const config = configure();
const logger = createLogger(config.logLevel, process.stdout.isTTY === true);
let services;
try {
  services = createServices(config, logger);
} catch (error) {
  console.error(`retour: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

const firstStart = (await services.store.listOrganizations()).length === 0;
const app = createHttpApp(services, {
  reportsPerMinute: config.reportsPerMinute,
  apiPerMinute: config.apiPerMinute,
  onUnexpected: (error, request) => logger.error({ err: error, path: new URL(request.url).pathname }, "unexpected error"),
});
const server = serve((request) => app.handle(request), { port: config.port, trustedProxyHops: config.trustedProxyHops, logger });
const worker = startWorker(services, logger);
const housekeeping = setInterval(() => void services.store.purgeExpired(services.clock()).catch(() => {}), HOUSEKEEPING_MS);

logger.info({ port: server.port, baseUrl: config.baseUrl, store: config.store, assistant: config.assistant }, "retour listening");

if (firstStart) {
  const info = await demo(services);
  const reportUrl = `http://localhost:${server.port}/v1/reports`;
  console.log(`
Demo organization created. Send a first report:

  curl -s -X POST ${reportUrl} -H 'content-type: application/json' \\
    -d '{"publicKey":"${info.publicKey}","kind":"problem","message":"The checkout button does nothing on Safari"}'

Then read it with the admin token:

  curl -s http://localhost:${server.port}/v1/feedbacks -H 'authorization: Bearer ${info.tokens.admin}'

More keys and tokens: npm run cli -- demo --json
`);
}

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, "shutting down");
  clearInterval(housekeeping);
  // In-flight requests finish; new connections are refused.
  await server.stop(false);
  await worker.stop();
  await services!.store.close();
  process.exit(0);
}
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));
