import { REGISTRATIONS_PER_HOUR } from "../../core/oauth/lifetimes.ts";
import { resolve } from "node:path";

/** The service's configuration: read from the environment here and nowhere else, and checked at start. */
export interface Config {
  readonly port: number;
  /** Public address; when unset, http://localhost:<the port actually bound>. */
  readonly baseUrl: string | undefined;
  readonly dataDir: string;
  readonly store: "sqlite" | "mongodb";
  readonly mongodbUri: string | undefined;
  readonly assistant: "local" | "openai";
  readonly openai: {
    readonly apiKey: string | undefined;
    readonly baseUrl: string | undefined;
    readonly model: string;
    readonly embeddingModel: string;
    /** Cosine similarity of embeddings from which two reports are the same subject. */
    readonly groupingThreshold: number;
    readonly suggestionThreshold: number;
    readonly timeoutMs: number;
  };
  readonly logLevel: string;
  readonly trustedProxyHops: number;
  readonly reportsPerMinute: number;
  readonly widgetKeyPerMinute: number;
  readonly registrationsPerHour: number;
  readonly apiPerMinute: number;
  /** How long each process keeps an anonymous portal page or public JSON for all its readers; 0: not kept. */
  readonly portalCacheMs: number;
  /** How long a stopping server waits for the requests in flight before it closes their connections. */
  readonly shutdownGraceMs: number;
  readonly webhooksAllowPrivate: boolean;
  /** Admins may give a tracker an http or private address (GitHub Enterprise, a bridge inside the network). */
  readonly trackersAllowPrivate: boolean;
  readonly webhookRetrySchedule: readonly number[] | undefined;
  /**
   * Sends notifications by e-mail when set, e.g. smtps://user:password@mail.example.com, from
   * `from`; a person's reply goes to `replyTo` when given (a no-reply sender's replies are lost).
   */
  readonly smtp: { readonly url: string; readonly from: string; readonly replyTo?: string } | undefined;
  /** Seals stored secrets (webhook signing secrets); 64 hex characters. */
  readonly secretKey: string | undefined;
  /** Test only: a file holding a clock offset in milliseconds. */
  readonly testClockFile: string | undefined;
  /** Slack's Web API, ending in a slash; a test points it at a local server. An organization's `--api-url` wins. */
  readonly slackApiUrl: string;
  /** Whether the first start on an empty store creates the demo organization (and prints its admin's password). */
  readonly demo: boolean;
  /** Settings given that have no effect as the others stand, or that are for development only: the server says so as it starts. */
  readonly warnings: readonly string[];
}

/** What only ASSISTANT=openai reads. */
const OPENAI_SETTINGS = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "OPENAI_MODEL",
  "OPENAI_EMBEDDING_MODEL",
  "OPENAI_GROUPING_THRESHOLD",
  "OPENAI_SUGGESTION_THRESHOLD",
  "OPENAI_TIMEOUT_MS",
] as const;

/**
 * Settings that do nothing as the others stand (given for a reason, most likely a mistake), and
 * those meant for development, which weaken a production service.
 */
function warningsOf(env: Env, assistant: Config["assistant"], store: Config["store"], behindTls: boolean, proxyHops: number): string[] {
  // A local model's address alone reads as enough to use it: it is not, without ASSISTANT=openai.
  const openai = OPENAI_SETTINGS.filter((name) => env[name]);
  return [
    ...(openai.length > 0 && assistant !== "openai"
      ? [
          `${openai.join(", ")} ${openai.length === 1 ? "is" : "are"} set, but ASSISTANT is not openai: the offline assistant answers (set ASSISTANT=openai)`,
        ]
      : []),
    ...(["SMTP_FROM", "SMTP_REPLY_TO"] as const)
      .filter((name) => env[name] && !env.SMTP_URL)
      .map((name) => `${name} is set without SMTP_URL: no e-mail is sent (set SMTP_URL)`),
    // The default sender names the mail server's host, a domain that mail services refuse to send
    // for (it is not the operator's, or not a domain at all: no-reply@127.0.0.1).
    ...(env.SMTP_URL && !env.SMTP_FROM
      ? [
          "SMTP_URL is set without SMTP_FROM: e-mail is sent from no-reply at the mail server's host, a sender mail services refuse (set SMTP_FROM to an address of your own domain)",
        ]
      : []),
    // The server speaks plain http alone, so an https BASE_URL means a proxy terminates TLS in front:
    // trusting none of its X-Forwarded-For entries counts every client as the proxy's address.
    ...(behindTls && proxyHops === 0
      ? [
          "BASE_URL is https, so a reverse proxy terminates TLS in front of the server, but TRUST_PROXY is 0: rate limits count the proxy's address, one budget for every client (set TRUST_PROXY to the number of proxies in front)",
        ]
      : []),
    ...(env.MONGODB_URI && store !== "mongodb"
      ? ["MONGODB_URI is set, but STORE is not mongodb: the embedded SQLite store in DATA_DIR is used (set STORE=mongodb)"]
      : []),
    ...(flag(env, "WEBHOOKS_ALLOW_PRIVATE")
      ? ["WEBHOOKS_ALLOW_PRIVATE is on: webhooks may reach this machine and its private network, over plain http (for development only)"]
      : []),
    ...(flag(env, "TRACKERS_ALLOW_PRIVATE")
      ? [
          "TRACKERS_ALLOW_PRIVATE is on: every organization's Admins may point an issue tracker at this machine and its private network, over plain http, and the service calls it with the tracker's token (the operator's tracker set needs no such setting)",
        ]
      : []),
    ...(env.WEBHOOK_RETRY_SCHEDULE
      ? [
          `WEBHOOK_RETRY_SCHEDULE is set: a failed webhook delivery is retried after ${env.WEBHOOK_RETRY_SCHEDULE}, not the specification's schedule (for tests and development only)`,
        ]
      : []),
    ...(env.TEST_CLOCK_FILE ? [`TEST_CLOCK_FILE is set: the service's clock is moved by the offset in ${env.TEST_CLOCK_FILE} (for tests only)`] : []),
  ];
}

export class ConfigError extends Error {}

type Env = Readonly<Record<string, string | undefined>>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  // Digits alone: Number() would also take 1.0, 1e3 and 0x10 for whole numbers.
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function ratio(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!(value > 0 && value < 1)) throw new ConfigError(`${name} must be a number between 0 and 1, got "${raw}"`);
  return value;
}

/**
 * An address as a refusal may print it: a password in it would land in the process manager's logs.
 * Whatever stands between `//` and the last `@` of the authority is masked (a password may hold `@`
 * or `/`).
 */
function withoutCredentials(address: string): string {
  const start = address.indexOf("//");
  const at = address.lastIndexOf("@");
  return start >= 0 && at > start ? `${address.slice(0, start + 2)}***${address.slice(at)}` : address;
}

function smtp(env: Env): Config["smtp"] {
  const url = env.SMTP_URL;
  // Checked even without SMTP_URL: a wrong value stops the start, whichever it is.
  if (env.SMTP_FROM) mailbox("SMTP_FROM", env.SMTP_FROM);
  if (env.SMTP_REPLY_TO) mailbox("SMTP_REPLY_TO", env.SMTP_REPLY_TO);
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// address, got "${withoutCredentials(url)}"`);
  }
  if ((parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") || !parsed.hostname)
    throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// address with a host, got "${withoutCredentials(url)}"`);
  return {
    url,
    from: mailbox("SMTP_FROM", env.SMTP_FROM || `Retour <no-reply@${parsed.hostname}>`),
    ...(env.SMTP_REPLY_TO && { replyTo: env.SMTP_REPLY_TO }),
  };
}

/** A From or Reply-To header (the setting `name`): an address alone, or a name and an address in angle brackets. */
function mailbox(name: string, value: string): string {
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  if (!/^[^\s@<>]+@[^\s@<>.]+(\.[^\s@<>.]+)*$/.test(address.trim()))
    throw new ConfigError(`${name} must be an e-mail address, or a name and one: Retour <feedback@example.com>, got "${value}"`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  // Words like INFO and SQLite are read as the lower-case words they name.
  const word = raw.toLowerCase();
  if (!values.includes(word as T)) throw new ConfigError(`${name} must be one of ${values.join(", ")}, got "${raw}"`);
  return word as T;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === "" || raw === "0" || raw === "false") return false;
  if (raw === "1" || raw === "true") return true;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

const DURATION = /^(\d+)(ms|s|m|h)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function schedule(env: Env, name: string): number[] | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  return raw.split(",").map((part) => {
    const match = DURATION.exec(part.trim());
    if (!match) throw new ConfigError(`${name} must be a comma-separated list of durations like 1s,2s,3s, got "${raw}"`);
    return Number(match[1]) * UNIT_MS[match[2]!]!;
  });
}

function slackApiUrl(env: Env): string {
  const raw = env.SLACK_API_URL;
  if (!raw) return "https://slack.com/api/";
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    throw new ConfigError(`SLACK_API_URL must be an absolute http(s) address, got "${raw}"`);
  }
  return raw.endsWith("/") ? raw : `${raw}/`;
}

/** Checked whichever the assistant: an address without its scheme would fail every call to the model, silently, from the first report on. */
function openaiBaseUrl(env: Env): string | undefined {
  const raw = env.OPENAI_BASE_URL;
  if (!raw) return undefined;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol))
    throw new ConfigError(`OPENAI_BASE_URL must be an absolute http(s) address, got "${withoutCredentials(raw)}"`);
  return raw;
}

function baseUrl(env: Env): string | undefined {
  const raw = env.BASE_URL;
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`BASE_URL must be an absolute http(s) address, got "${withoutCredentials(raw)}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ConfigError(`BASE_URL must use http or https, got "${withoutCredentials(raw)}"`);
  // The service answers at the root of its address: a path would be in every link and answered by none.
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password)
    throw new ConfigError(
      `BASE_URL must be an origin (scheme, host and port) without a path, a query or credentials, got "${withoutCredentials(raw)}"; the service answers at the root of its address`,
    );
  return url.origin;
}

/** The proxies in front whose X-Forwarded-For entries are trusted: a number, or true for one. */
function trustedProxyHops(env: Env): number {
  const raw = env.TRUST_PROXY?.toLowerCase();
  if (raw === "true") return 1;
  if (raw === "false") return 0;
  if (raw && !(/^\d+$/.test(raw) && Number(raw) <= 10))
    throw new ConfigError(
      `TRUST_PROXY must be the number of reverse proxies in front, from 0 to 10, or true (one) or false (none), got "${env.TRUST_PROXY}"`,
    );
  return raw ? Number(raw) : 0;
}

export function loadConfig(env: Env): Config {
  const port = integer(env, "PORT", 3000, 0, 65535);
  const store = oneOf(env, "STORE", ["sqlite", "mongodb"], "sqlite");
  if (store === "mongodb" && !env.MONGODB_URI) throw new ConfigError("MONGODB_URI is required when STORE=mongodb");
  const assistant = oneOf(env, "ASSISTANT", ["local", "openai"], "local");
  if (assistant === "openai" && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    throw new ConfigError("OPENAI_API_KEY (or OPENAI_BASE_URL for a local server) is required when ASSISTANT=openai");
  }
  // What was wrong with the key, never the key itself: a start message lands in the process manager's logs.
  if (env.SECRET_KEY && !/^[0-9a-fA-F]{64}$/.test(env.SECRET_KEY))
    throw new ConfigError(
      `SECRET_KEY must be 64 hexadecimal characters (32 bytes), got ${env.SECRET_KEY.length === 64 ? "64 characters not all hexadecimal" : `${env.SECRET_KEY.length} characters`}`,
    );
  const [base, proxyHops] = [baseUrl(env), trustedProxyHops(env)];
  return {
    port,
    baseUrl: base,
    dataDir: resolve(env.DATA_DIR || "./data"),
    store,
    mongodbUri: env.MONGODB_URI,
    assistant,
    openai: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: openaiBaseUrl(env),
      model: env.OPENAI_MODEL || "gpt-4o-mini",
      embeddingModel: env.OPENAI_EMBEDDING_MODEL || "text-embedding-3-small",
      groupingThreshold: ratio(env, "OPENAI_GROUPING_THRESHOLD", 0.85),
      suggestionThreshold: ratio(env, "OPENAI_SUGGESTION_THRESHOLD", 0.75),
      timeoutMs: integer(env, "OPENAI_TIMEOUT_MS", 20_000, 100, 600_000),
    },
    logLevel: oneOf(env, "LOG_LEVEL", ["fatal", "error", "warn", "info", "debug", "trace", "silent"], "info"),
    trustedProxyHops: proxyHops,
    reportsPerMinute: integer(env, "RATE_LIMIT_REPORTS_PER_MINUTE", 120, 1, 1_000_000_000),
    widgetKeyPerMinute: integer(env, "RATE_LIMIT_WIDGET_KEY_PER_MINUTE", 600, 1, 1_000_000_000),
    registrationsPerHour: integer(env, "RATE_LIMIT_REGISTRATIONS_PER_HOUR", REGISTRATIONS_PER_HOUR, 1, 1_000_000_000),
    apiPerMinute: integer(env, "RATE_LIMIT_API_PER_MINUTE", 600, 1, 1_000_000_000),
    portalCacheMs: integer(env, "PORTAL_CACHE_MS", 1000, 0, 30_000),
    shutdownGraceMs: integer(env, "SHUTDOWN_GRACE_MS", 10_000, 0, 600_000),
    webhooksAllowPrivate: flag(env, "WEBHOOKS_ALLOW_PRIVATE"),
    trackersAllowPrivate: flag(env, "TRACKERS_ALLOW_PRIVATE"),
    webhookRetrySchedule: schedule(env, "WEBHOOK_RETRY_SCHEDULE"),
    smtp: smtp(env),
    secretKey: env.SECRET_KEY || undefined,
    testClockFile: env.TEST_CLOCK_FILE || undefined,
    slackApiUrl: slackApiUrl(env),
    demo: env.DEMO === undefined || env.DEMO === "" || flag(env, "DEMO"),
    warnings: warningsOf(env, assistant, store, base?.startsWith("https:") === true, proxyHops),
  };
}
