import { afterAll, describe, expect, test } from "bun:test";
import { createGithubTracker } from "../../adapters/github/tracker.ts";
import { createJiraTracker } from "../../adapters/jira/tracker.ts";
import { createLinearTracker } from "../../adapters/linear/tracker.ts";
import { createBridgeTracker } from "../../adapters/tracker-bridge/tracker.ts";
import type { AddressRule } from "../../core/outbound/target.ts";
import type { IssueTracker, TrackerSettings } from "../../core/ports.ts";
import { FakeGitHub } from "../support/fake-github.ts";
import { FakeJira } from "../support/fake-jira.ts";
import { FakeLinear } from "../support/fake-linear.ts";

/**
 * A tracker's server on this machine, at 127.0.0.2, where the system's resolver sends no name
 * (localhost is 127.0.0.1 or ::1 there), so only a call sent to the address the rule gave reaches it.
 * It records
 * the Host of each request that reaches it, and passes the request to the fake tracker at `origin`.
 */
function recording(origin: string) {
  const hosts: string[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.2",
    fetch: async (request) => {
      hosts.push(request.headers.get("host") ?? "");
      const { pathname, search } = new URL(request.url);
      const body = request.method === "GET" ? undefined : await request.arrayBuffer();
      return fetch(`${origin}${pathname}${search}`, { method: request.method, headers: request.headers, body });
    },
  });
  return { hosts, port: server.port, stop: () => server.stop(true) };
}

const github = new FakeGitHub().start();
const linear = new FakeLinear().start();
const jira = new FakeJira().start();
const bridge = Bun.serve({ port: 0, fetch: () => Response.json({ key: "BR-1" }) });
const servers = {
  GitHub: recording(new URL(github.url).origin),
  Linear: recording(new URL(linear.url).origin),
  Jira: recording(new URL(jira.url).origin),
  bridge: recording(bridge.url.origin),
};
afterAll(() => {
  for (const server of Object.values(servers)) server.stop();
  for (const fake of [github, linear, jira]) fake.stop();
  bridge.stop(true);
});

/** An Admin's settings for each tracker, at `host` and the port of its server on this machine. */
const base = { webhookSecret: "secret", statuses: {}, givenByAdmin: true } as const;
const cases: [
  keyof typeof servers,
  (rule: AddressRule) => IssueTracker,
  (host: string) => TrackerSettings,
  (t: IssueTracker, s: TrackerSettings) => Promise<unknown>,
][] = [
  [
    "GitHub",
    (addresses) => createGithubTracker({ addresses }),
    (host) => ({ ...base, project: "acme/shop", token: "gh-token", apiUrl: `http://${host}:${servers.GitHub.port}` }),
    (t, s) => t.check!(s),
  ],
  [
    "Linear",
    (addresses) => createLinearTracker({ addresses }),
    (host) => ({ ...base, project: "ENG", token: linear.token, apiUrl: `http://${host}:${servers.Linear.port}/graphql` }),
    (t, s) => t.check!(s),
  ],
  [
    "Jira",
    (addresses) => createJiraTracker({ addresses }),
    (host) => ({ ...base, project: "SHOP", token: jira.token, email: jira.email, apiUrl: `http://${host}:${servers.Jira.port}` }),
    (t, s) => t.check!(s),
  ],
  [
    "bridge",
    (addresses) => createBridgeTracker({ addresses }),
    (host) => ({ ...base, project: "ENG", token: "", apiUrl: `http://${host}:${servers.bridge.port}/issues` }),
    (t, s) => t.find(s, "BR-1"),
  ],
];

/** The messages of a failure and of its causes, which the libraries wrap in their own errors. */
const messages = (error: unknown): string => (error instanceof Error ? `${error.message} ${messages(error.cause)}` : "");

describe("a tracker's address an Admin gave is connected to at the address its name resolved to when checked", () => {
  for (const [name, trackerWith, settingsAt, call] of cases) {
    test(`${name}: the call goes to the address the check was given, with the name as its Host (no other resolution of the name)`, async () => {
      // localhost, as Linear's client takes http only for a local name; the operator allows private addresses.
      const rule: AddressRule = { resolve: async (host) => (host === "localhost" ? ["127.0.0.2"] : []), allowPrivate: true };
      servers[name].hosts.length = 0;
      await call(trackerWith(rule), settingsAt("localhost"));
      expect(servers[name].hosts.length).toBeGreaterThan(0);
      expect(new Set(servers[name].hosts)).toEqual(new Set([`localhost:${servers[name].port}`]));
    });

    test(`${name}: a name whose answer at the call is this machine's is refused there, saying so, and nothing reaches this machine`, async () => {
      // The rule's resolver answers what the name answers at the call; the check before the call saw a public address.
      const rule: AddressRule = { resolve: async () => ["127.0.0.2"], allowPrivate: false };
      servers[name].hosts.length = 0;
      const failure = await call(trackerWith(rule), settingsAt("localhost")).then(
        () => null,
        (error: unknown) => error,
      );
      // Linear's client writes the message with a capital.
      expect(messages(failure).toLowerCase()).toContain("the tracker was not called: localhost resolves to 127.0.0.2, which is not a public address");
      expect(servers[name].hosts).toEqual([]);
    });
  }
});

describe("a tracker's address an Admin gave, whose name resolves to several checked addresses", () => {
  for (const [name, trackerWith, settingsAt, call] of cases) {
    test(`${name}: the call goes to the next address when the first refuses the connection`, async () => {
      // 127.0.0.3 is this machine too, where nothing listens on the port of the tracker's server.
      const rule: AddressRule = { resolve: async (host) => (host === "localhost" ? ["127.0.0.3", "127.0.0.2"] : []), allowPrivate: true };
      servers[name].hosts.length = 0;
      await call(trackerWith(rule), settingsAt("localhost"));
      expect(servers[name].hosts.length).toBeGreaterThan(0);
    });

    test(`${name}: a call the first address took and closed without an answer fails, and is not sent again to the next`, async () => {
      // At 127.0.0.3, on the port of the tracker's server: the request is read, and the connection closed.
      let requests = 0;
      const closing = Bun.listen({
        hostname: "127.0.0.3",
        port: servers[name].port!,
        socket: {
          data: (socket) => {
            requests++;
            socket.end();
          },
        },
      });
      const rule: AddressRule = { resolve: async (host) => (host === "localhost" ? ["127.0.0.3", "127.0.0.2"] : []), allowPrivate: true };
      servers[name].hosts.length = 0;
      try {
        const failure = await call(trackerWith(rule), settingsAt("localhost")).then(
          () => null,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(Error);
      } finally {
        closing.stop(true);
      }
      expect(requests).toBeGreaterThan(0);
      expect(servers[name].hosts).toEqual([]);
    });
  }
});

test("Jira: through the proxy the operator set (HTTP_PROXY), the proxy's name is the operator's, resolved and not refused, and the call reaches Jira", async () => {
  // The proxy is at localhost, a private address; the tracker's name answers a public one.
  const proxied: string[] = [];
  const proxy = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: async (request) => {
      const { pathname, search } = new URL(request.url);
      proxied.push(request.headers.get("host") ?? "");
      const body = request.method === "GET" ? undefined : await request.arrayBuffer();
      return fetch(`${new URL(jira.url).origin}${pathname}${search}`, { method: request.method, headers: request.headers, body });
    },
  });
  const rule: AddressRule = { resolve: async (host) => (host === "localhost" ? ["127.0.0.1"] : ["93.184.216.34"]), allowPrivate: false };
  const settings: TrackerSettings = { ...base, project: "SHOP", token: jira.token, email: jira.email, apiUrl: "http://jira.example.com" };
  const kept = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
  Object.assign(process.env, { HTTP_PROXY: `http://localhost:${proxy.port}`, NO_PROXY: "127.0.0.1" });
  try {
    await createJiraTracker({ addresses: rule }).check!(settings);
  } finally {
    for (const [name, value] of Object.entries(kept)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    proxy.stop(true);
  }
  expect(new Set(proxied)).toEqual(new Set(["jira.example.com"]));
});
