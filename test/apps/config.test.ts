import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../../apps/runtime/config.ts";

// That the server stops with status 2 and prints the message is tested on a real start (test/e2e/operations.test.ts).
test("a wrong configuration value is refused with a message naming the variable", () => {
  for (const [name, value] of [
    ["PORT", "eighty"],
    ["STORE", "postgres"],
    ["RATE_LIMIT_REPORTS_PER_MINUTE", "-1"],
    ["BASE_URL", "not a url"],
    ["BASE_URL", "http://localhost:3101/retour"],
    ["BASE_URL", "https://retour.example.com?x=1"],
    ["BASE_URL", "https://user:pass@retour.example.com"],
    ["WEBHOOK_RETRY_SCHEDULE", "soon"],
    ["SLACK_API_URL", "slack.com/api"],
    ["PORTAL_CACHE_MS", "60000"],
    // A whole number is digits alone.
    ["TRUST_PROXY", "1.0"],
    ["PORTAL_CACHE_MS", "1e3"],
    ["RATE_LIMIT_API_PER_MINUTE", "0x10"],
    ["SHUTDOWN_GRACE_MS", "10s"],
    ["SMTP_URL", "smtp://"],
  ] as const) {
    let refused: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      refused = error;
    }
    expect({ name, refused: refused instanceof ConfigError }).toEqual({ name, refused: true });
    expect((refused as ConfigError).message).toContain(name);
  }
});

test("TRUST_PROXY is a number of proxies from 0 to 10, or true (one) or false (none); a word it is not is refused naming them all", () => {
  expect(["2", "TRUE", "false", ""].map((value) => loadConfig({ TRUST_PROXY: value }).trustedProxyHops)).toEqual([2, 1, 0, 0]);
  for (const value of ["yes", "11", "constructor"]) {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      `TRUST_PROXY must be the number of reverse proxies in front, from 0 to 10, or true (one) or false (none), got "${value}"`,
    );
  }
});

test("OPENAI_BASE_URL is an absolute http(s) address, with the path the provider answers at; one without its scheme is refused at start, not at the first report", () => {
  expect(loadConfig({ ASSISTANT: "openai", OPENAI_BASE_URL: "http://localhost:11434/v1" }).openai.baseUrl).toBe("http://localhost:11434/v1");
  expect(() => loadConfig({ ASSISTANT: "openai", OPENAI_BASE_URL: "localhost:11434/v1" })).toThrow(
    'OPENAI_BASE_URL must be an absolute http(s) address, got "localhost:11434/v1"',
  );
  expect(() => loadConfig({ ASSISTANT: "openai", OPENAI_BASE_URL: "ftp://models.acme.test/v1" })).toThrow("OPENAI_BASE_URL");
  expect(() => loadConfig({ ASSISTANT: "openai", OPENAI_BASE_URL: "https://key:hunter2@models acme.test/v1" })).toThrow(
    'got "https://***@models acme.test/v1"',
  );
});

test("a setting that has no effect as the others stand is said as the server starts: an OpenAI key without ASSISTANT=openai, SMTP_FROM without SMTP_URL", () => {
  expect(loadConfig({ OPENAI_API_KEY: "sk-x", SMTP_FROM: "feedback@acme.test" }).warnings).toEqual([
    "OPENAI_API_KEY is set, but ASSISTANT is not openai: the offline assistant answers (set ASSISTANT=openai)",
    "SMTP_FROM is set without SMTP_URL: no e-mail is sent (set SMTP_URL)",
  ]);
  expect(
    loadConfig({ OPENAI_API_KEY: "sk-x", ASSISTANT: "openai", SMTP_FROM: "feedback@acme.test", SMTP_URL: "smtp://mail.acme.test" }).warnings,
  ).toEqual([]);
});

test("SMTP_URL without SMTP_FROM is said as the server starts: the default sender names the mail server's host, not the operator's domain", () => {
  const { smtp, warnings } = loadConfig({ SMTP_URL: "smtp://127.0.0.1:1025" });
  expect(smtp?.from).toBe("Retour <no-reply@127.0.0.1>");
  expect(warnings).toEqual([
    "SMTP_URL is set without SMTP_FROM: e-mail is sent from no-reply at the mail server's host, a sender mail services refuse (set SMTP_FROM to an address of your own domain)",
  ]);
});

test("any OpenAI setting without ASSISTANT=openai is said as the server starts, a local model's base address and name among them", () => {
  expect(loadConfig({ OPENAI_BASE_URL: "http://localhost:11434/v1", OPENAI_MODEL: "llama3.2" }).warnings).toEqual([
    "OPENAI_BASE_URL, OPENAI_MODEL are set, but ASSISTANT is not openai: the offline assistant answers (set ASSISTANT=openai)",
  ]);
  expect(loadConfig({ OPENAI_GROUPING_THRESHOLD: "0.9" }).warnings).toEqual([
    "OPENAI_GROUPING_THRESHOLD is set, but ASSISTANT is not openai: the offline assistant answers (set ASSISTANT=openai)",
  ]);
  expect(loadConfig({ ASSISTANT: "openai", OPENAI_BASE_URL: "http://localhost:11434/v1", OPENAI_MODEL: "llama3.2" }).warnings).toEqual([]);
});

test("trackers allowed to private addresses are said as the server starts, with what an Admin may then do", () => {
  expect(loadConfig({ TRACKERS_ALLOW_PRIVATE: "true" }).warnings).toEqual([
    "TRACKERS_ALLOW_PRIVATE is on: every organization's Admins may point an issue tracker at this machine and its private network, over plain http, and the service calls it with the tracker's token (the operator's tracker set needs no such setting)",
  ]);
  expect(loadConfig({ TRACKERS_ALLOW_PRIVATE: "false" }).warnings).toEqual([]);
});

test("a MongoDB address without STORE=mongodb, and webhooks allowed to private addresses, are said as the server starts", () => {
  expect(loadConfig({ MONGODB_URI: "mongodb://db.acme.test", WEBHOOKS_ALLOW_PRIVATE: "true" }).warnings).toEqual([
    "MONGODB_URI is set, but STORE is not mongodb: the embedded SQLite store in DATA_DIR is used (set STORE=mongodb)",
    "WEBHOOKS_ALLOW_PRIVATE is on: webhooks may reach this machine and its private network, over plain http (for development only)",
  ]);
  expect(loadConfig({ MONGODB_URI: "mongodb://db.acme.test", STORE: "mongodb", WEBHOOKS_ALLOW_PRIVATE: "false" }).warnings).toEqual([]);
});

test("the settings for tests and development alone are said as the server starts: a shorter webhook retry schedule, a test clock", () => {
  expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: "1s,2s,3s", TEST_CLOCK_FILE: "/tmp/clock" }).warnings).toEqual([
    "WEBHOOK_RETRY_SCHEDULE is set: a failed webhook delivery is retried after 1s,2s,3s, not the specification's schedule (for tests and development only)",
    "TEST_CLOCK_FILE is set: the service's clock is moved by the offset in /tmp/clock (for tests only)",
  ]);
});

test("SLACK_API_URL defaults to Slack's Web API, and any address given ends in a slash, as the client joins method names to it", () => {
  expect(loadConfig({}).slackApiUrl).toBe("https://slack.com/api/");
  expect(loadConfig({ SLACK_API_URL: "http://127.0.0.1:9999/api" }).slackApiUrl).toBe("http://127.0.0.1:9999/api/");
});

test("BASE_URL is an origin: a trailing slash is dropped, and a path or a query is refused (the service answers at the root)", () => {
  expect(loadConfig({ BASE_URL: "https://retour.example.com/" }).baseUrl).toBe("https://retour.example.com");
  expect(loadConfig({ BASE_URL: "http://retour.example.com:8080" }).baseUrl).toBe("http://retour.example.com:8080");
  expect(() => loadConfig({ BASE_URL: "http://localhost:3101/retour" })).toThrow("without a path");
});

test("a word from a list (LOG_LEVEL, STORE, ASSISTANT) is read in any case", () => {
  expect(loadConfig({ LOG_LEVEL: "INFO" }).logLevel).toBe("info");
  expect(loadConfig({ STORE: "SQLite" }).store).toBe("sqlite");
});

test("DEMO is on unless set to false", () => {
  expect([loadConfig({}).demo, loadConfig({ DEMO: "true" }).demo, loadConfig({ DEMO: "false" }).demo, loadConfig({ DEMO: "0" }).demo]).toEqual([
    true,
    true,
    false,
    false,
  ]);
  expect(() => loadConfig({ DEMO: "maybe" })).toThrow("DEMO must be true or false");
});

test("SMTP_FROM is an address, or a name and an address in angle brackets", () => {
  const smtp = (from: string) => loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525", SMTP_FROM: from }).smtp?.from;
  expect(smtp("feedback@example.com")).toBe("feedback@example.com");
  expect(smtp("Acme feedback <feedback@example.com>")).toBe("Acme feedback <feedback@example.com>");
  expect(() => smtp("notanaddress")).toThrow("SMTP_FROM must be an e-mail address");
  expect(() => loadConfig({ SMTP_FROM: "notanaddress" })).toThrow("SMTP_FROM must be an e-mail address");
  expect(loadConfig({ SMTP_URL: "smtp://mail.example.com" }).smtp?.from).toBe("Retour <no-reply@mail.example.com>");
});

test("SMTP_REPLY_TO is an address, or a name and one; without SMTP_URL it is said to have no effect", () => {
  const replyTo = (value: string) => loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525", SMTP_REPLY_TO: value }).smtp?.replyTo;
  expect(replyTo("Acme support <support@example.com>")).toBe("Acme support <support@example.com>");
  expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).smtp?.replyTo).toBeUndefined();
  expect(() => replyTo("support")).toThrow(
    'SMTP_REPLY_TO must be an e-mail address, or a name and one: Retour <feedback@example.com>, got "support"',
  );
  expect(loadConfig({ SMTP_REPLY_TO: "support@example.com" }).warnings).toEqual([
    "SMTP_REPLY_TO is set without SMTP_URL: no e-mail is sent (set SMTP_URL)",
  ]);
});

test("a refused address is printed without its credentials, which would land in the logs", () => {
  expect(() => loadConfig({ BASE_URL: "https://user:hunter2@retour.example.com" })).toThrow('got "https://***@retour.example.com"');
  expect(() => loadConfig({ BASE_URL: "https://admin:hunter2@feedback.example.com:99999" })).toThrow('got "https://***@feedback.example.com:99999"');
  expect(() => loadConfig({ SMTP_URL: "http://mailer:hunter2@mail.example.com" })).toThrow('got "http://***@mail.example.com"');
  for (const password of ["p@ss", "pa/ss"]) {
    let said = "";
    try {
      loadConfig({ BASE_URL: `https://admin:${password}@host:99999` });
    } catch (error) {
      said = (error as Error).message;
    }
    expect(said).toContain('got "https://***@host:99999"');
  }
});

test("the README's configuration table names every variable the service reads, and no other", () => {
  const read = new Set<string>();
  loadConfig(new Proxy({}, { get: (_, name) => void read.add(String(name)) }));
  const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
  const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Operator CLI"));
  const firstCells = [...table.matchAll(/^\| ([^|]+) \|/gm)].map(([, cell]) => cell!);
  const documented = firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map(([, name]) => name!));
  expect(documented.toSorted()).toEqual([...read].toSorted());
});

test("an https BASE_URL with TRUST_PROXY 0 is said as the server starts: a proxy terminates TLS in front, and rate limits would count its address for every client", () => {
  expect(loadConfig({ BASE_URL: "https://feedback.example.com" }).warnings).toEqual([
    "BASE_URL is https, so a reverse proxy terminates TLS in front of the server, but TRUST_PROXY is 0: rate limits count the proxy's address, one budget for every client (set TRUST_PROXY to the number of proxies in front)",
  ]);
  expect(loadConfig({ BASE_URL: "https://feedback.example.com", TRUST_PROXY: "1" }).warnings).toEqual([]);
  expect(loadConfig({ BASE_URL: "http://localhost:3000" }).warnings).toEqual([]);
});

test("a SECRET_KEY that is not 64 hexadecimal characters is refused saying how many characters it has, never the key", () => {
  expect(() => loadConfig({ SECRET_KEY: "abcd" })).toThrow("SECRET_KEY must be 64 hexadecimal characters (32 bytes), got 4 characters");
  expect(() => loadConfig({ SECRET_KEY: "z".repeat(64) })).toThrow(
    "SECRET_KEY must be 64 hexadecimal characters (32 bytes), got 64 characters not all hexadecimal",
  );
});

test("the https BASE_URL warning reads the address as the server reads it: in any case, with the spaces around it that it ignores", () => {
  for (const BASE_URL of ["HTTPS://feedback.example.com", " https://feedback.example.com"])
    expect(loadConfig({ BASE_URL }).warnings).toEqual([expect.stringMatching(/^BASE_URL is https, so a reverse proxy terminates TLS/)]);
});
