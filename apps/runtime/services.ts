import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Services } from "../../core/services.ts";
import { createLocalAssistant } from "../../adapters/assistant-local/assistant.ts";
import type { Usage } from "../../adapters/openai/client.ts";
import { createLexicalGrouper } from "../../adapters/grouping-lexical/grouper.ts";
import type { Logger } from "../../adapters/logging/logger.ts";
import { createLogNotifier } from "../../adapters/logging/notifier.ts";
import { markdownIt } from "../../adapters/markdown/markdown.ts";
import { createSqliteStore } from "../../adapters/sqlite/store.ts";
import { StoreRefused } from "../../adapters/sqlite/open.ts";
import type { Store } from "../../core/services.ts";
import type { Assistant, Grouper, Notifier } from "../../core/ports.ts";
import { offsetClock, systemClock } from "../../adapters/system/clock.ts";
import { systemIds } from "../../adapters/system/ids.ts";
import { sha256Digest } from "../../adapters/system/digest.ts";
import { argon2Hasher } from "../../adapters/system/password.ts";
import { createSecretBox } from "../../adapters/system/secret-box.ts";
import { createWebhookTransport } from "../../adapters/webhooks/transport.ts";
import { createGithubTracker } from "../../adapters/github/tracker.ts";
import { createSlackApi } from "../../adapters/slack/web-api.ts";
import { createBridgeTracker } from "../../adapters/tracker-bridge/tracker.ts";
import { createLinearTracker } from "../../adapters/linear/tracker.ts";
import { createJiraTracker } from "../../adapters/jira/tracker.ts";
import { createDiskStorage } from "../../adapters/disk/files.ts";
import { DEFAULT_RETRY_SCHEDULE_MS } from "../../core/webhooks/schedule.ts";
import { createInFlight } from "../../core/report/in-flight.ts";
import { loadSecretKey, secretKeyFile } from "./secret-key.ts";
import { keyOpensStore, storeHoldsSealed } from "../../core/upkeep/check-secret-key.ts";
import { ConfigError, type Config } from "./config.ts";

function openaiOptions(config: Config, logger: Logger) {
  return { ...config.openai, maxRetries: 2, onUsage: (usage: Usage) => logger.info({ assistant: usage }, "assistant call") };
}

/** Opens the embedded store's file: one a newer release upgraded, one that cannot be read or written, or a backup beside another store's WAL, is a configuration error, told in one line. */
export function openingSqlite<T>(open: () => T): T {
  try {
    return open();
  } catch (error) {
    if (error instanceof StoreRefused) throw new ConfigError(error.message);
    throw error;
  }
}

/** The embedded store's file in DATA_DIR (and in a backup). */
export const sqliteFile = (dataDir: string): string => join(dataDir, "retour.sqlite");

/** The embedded SQLite file, or the MongoDB deployment shared by several processes. */
async function openStore(config: Config, role: Role, logger: Logger, onWritesAgain?: () => void): Promise<Store> {
  if (config.store === "sqlite")
    return openingSqlite(() =>
      createSqliteStore(sqliteFile(config.dataDir), {
        backgroundCheckpoints: role === "server",
        ...(onWritesAgain && { onWritesAgain }),
        onUpgrade: (schema) => logger.info({ schema }, "upgrading the store's schema; on a large store this takes a while, once"),
        onUpgraded: (schema, ms) => logger.info({ schema, ms }, "the store's schema is upgraded"),
      }),
    );
  // Loaded only when asked for: the driver costs every process (servers, CLI commands) about 0.1 s of start-up.
  const { MongoUnavailable, openMongoStore } = await import("../../adapters/mongodb/store.ts");
  try {
    return await openMongoStore(config.mongodbUri!, onWritesAgain);
  } catch (error) {
    if (error instanceof MongoUnavailable) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * The OpenAI assistant and grouper, or the offline ones. The OpenAI client is loaded only when
 * asked for, as the SMTP client below: without them a server idles at 68 MB instead of 74 (measured).
 */
async function assistance(config: Config, logger: Logger): Promise<{ assistant: Assistant; grouper: Grouper }> {
  if (config.assistant !== "openai") return { assistant: createLocalAssistant(), grouper: createLexicalGrouper() };
  const [{ createOpenAIAssistant }, { createEmbeddingGrouper }] = await Promise.all([
    import("../../adapters/openai/assistant.ts"),
    import("../../adapters/openai/grouper.ts"),
  ]);
  return {
    assistant: loggingFailures(createOpenAIAssistant(openaiOptions(config, logger)), logger),
    grouper: createEmbeddingGrouper({
      ...openaiOptions(config, logger),
      model: config.openai.embeddingModel,
      threshold: config.openai.groupingThreshold,
      suggestionThreshold: Math.min(config.openai.suggestionThreshold, config.openai.groupingThreshold),
    }),
  };
}

/**
 * The client of a qualification the assistant fails is told `502 qualification_failed` and no more
 * (the port's contract): the cause (a wrong key, a provider down, an answer off its schema) is the
 * operator's, in the log.
 */
function loggingFailures(assistant: Assistant, logger: Logger): Assistant {
  return {
    ...assistant,
    qualify: (context) =>
      assistant.qualify(context).catch((error: unknown) => {
        logger.warn({ err: error }, "the assistant did not qualify a report; the client was answered 502 qualification_failed");
        throw error;
      }),
  };
}

/** E-mail through SMTP_URL, or the log. */
async function notifier(config: Config, logger: Logger, baseUrl: string): Promise<Notifier> {
  if (!config.smtp) return createLogNotifier(logger);
  const { createSmtpNotifier } = await import("../../adapters/smtp/notifier.ts");
  return createSmtpNotifier({ ...config.smtp, messageIdDomain: new URL(baseUrl).hostname });
}

/** A long-running server, or a short command of the CLI. */
type Role = "server" | "cli";

/** Closes what the composition root opened: the store's connections and files. */
export const closeServices = (services: Services): Promise<void> => services.store.close();

/** The file system calls useDataDir makes. */
interface DataDirCalls {
  mkdirSync(path: string, options: { recursive: true }): unknown;
  accessSync(path: string, mode: number): void;
  existsSync(path: string): boolean;
}

/**
 * Makes DATA_DIR if it is missing and checks that this process may write there (the store, the
 * secret key and the attachments live in it): a directory it cannot use is one line naming DATA_DIR.
 * `fs` is given by tests, since root may write where no one else may.
 */
export function useDataDir(dir: string, fs: DataDirCalls = { mkdirSync, accessSync, existsSync }): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const problem =
      code === "EACCES" || code === "EPERM" || code === "EROFS"
        ? "is not writable by this process"
        : code === "EEXIST" || code === "ENOTDIR"
          ? "is not a directory"
          : `cannot be made (${message})`;
    throw new ConfigError(`DATA_DIR ${dir} ${problem}: set DATA_DIR to a directory this process may write to`);
  }
  // Made on the first attachment; one already there must take them, or the first would fail then.
  const attachments = join(dir, "attachments");
  try {
    if (fs.existsSync(attachments)) fs.accessSync(attachments, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    throw new ConfigError(`${attachments} is not writable by this process: give it to the user the service runs as`);
  }
}

/** Assembles the services from the configuration: the one place adapters are chosen. */
export async function createServices(
  config: Config,
  logger: Logger,
  baseUrl: string,
  role: Role = "cli",
  // checkKey: off for `secret-key reset` alone, which gives the store this key when its own is lost.
  // onWritesAgain: told when the store commits a write after refusing one because it could not write (MongoDB: answers a ping after no primary could be reached).
  { checkKey = true, onWritesAgain }: { readonly checkKey?: boolean; readonly onWritesAgain?: () => void } = {},
): Promise<Services> {
  useDataDir(config.dataDir);
  const store = await openStore(config, role, logger, onWritesAgain);
  const keyFile = secretKeyFile(config.dataDir);
  // A store restored without its key: refused before a new key is written, so none is left behind to be
  // blamed. Looked at again after the store: a process starting beside this one writes its key before its check.
  const keyless = () => !config.secretKey && !existsSync(keyFile);
  if (checkKey && keyless() && (await storeHoldsSealed(store)) && keyless()) {
    await store.close();
    throw new ConfigError(
      `${keyFile} is missing, and this store's secrets are sealed with a key: restore the secret.key of this store's backup, or set SECRET_KEY to that key; if it is lost, see secret-key reset`,
    );
  }
  const secrets = await createSecretBox(loadSecretKey(config.secretKey, config.dataDir));
  if (checkKey && !(await keyOpensStore({ store, secrets }))) {
    await store.close();
    throw new ConfigError(
      config.secretKey
        ? "SECRET_KEY is not the key this store's secrets were sealed with: set it to that key (the store's secret.key, or the SECRET_KEY its servers had); if it is lost, see secret-key reset"
        : `${keyFile} is not the key this store's secrets were sealed with: restore the secret.key of this store's backup, or set SECRET_KEY to that key; if it is lost, see secret-key reset`,
    );
  }
  const webhookTransport = createWebhookTransport({ allowPrivate: config.webhooksAllowPrivate });
  // Resolved as webhooks' addresses are, by the same resolver; the trackers connect where it answered.
  const trackerAddresses = { resolve: webhookTransport.resolve, allowPrivate: config.trackersAllowPrivate };
  return {
    store,
    clock: config.testClockFile ? offsetClock(config.testClockFile) : systemClock,
    ids: systemIds,
    digest: sha256Digest,
    ...(await assistance(config, logger)),
    notifier: await notifier(config, logger, baseUrl),
    markdown: markdownIt,
    passwords: argon2Hasher,
    secrets,
    trackerAddresses,
    trackers: {
      github: createGithubTracker({ addresses: trackerAddresses }),
      bridge: createBridgeTracker({ addresses: trackerAddresses }),
      linear: createLinearTracker({ addresses: trackerAddresses }),
      jira: createJiraTracker({ addresses: trackerAddresses }),
    },
    slack: createSlackApi(config.slackApiUrl),
    files: createDiskStorage(join(config.dataDir, "attachments")),
    webhooks: {
      transport: webhookTransport,
      allowPrivate: config.webhooksAllowPrivate,
      retrySchedule: config.webhookRetrySchedule ?? DEFAULT_RETRY_SCHEDULE_MS,
    },
    inFlight: createInFlight(),
    baseUrl,
    addressAliases: config.baseUrl === undefined ? loopbackAliases(baseUrl) : [],
  };
}

/**
 * Without BASE_URL the service answers as http://localhost:PORT; a client may as well use the
 * other loopback names of the machine, which are then the same resource.
 */
function loopbackAliases(baseUrl: string): string[] {
  const { port } = new URL(baseUrl);
  return ["127.0.0.1", "[::1]"].map((host) => `http://${host}${port ? `:${port}` : ""}`);
}
