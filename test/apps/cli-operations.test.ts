import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CommandFailed } from "../../apps/cli/commands.ts";
import { inProcess, type InProcess } from "../support/in-process.ts";
import { Receiver } from "../support/receiver.ts";

let http: InProcess;
const receiver = new Receiver();
beforeAll(async () => {
  receiver.start();
  http = await inProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
});
afterAll(async () => {
  await http.close();
  receiver.stop();
});

const created = async (url: string) => /^webhook (\S+) /.exec(await http.cli("webhook", "create", "DEMO", url, "--events", "feedback.created"))![1]!;

describe("cli channel list", () => {
  test("lists an app's channels, and names an app the organization does not have instead of printing nothing", async () => {
    expect(await http.cli("channel", "list", "DEMO", http.demo.appId)).toContain(http.demo.publicKey);
    await expect(http.cli("channel", "list", "DEMO", "bogusapp")).rejects.toThrow("no app bogusapp in DEMO (app list DEMO shows them)");
  });

  test("puts the keys of channels of every kind in one column", async () => {
    await http.cli("channel", "create", "DEMO", http.demo.appId, "--kind", "widget");
    const lines = (await http.cli("channel", "list", "DEMO", http.demo.appId)).trimEnd().split("\n");
    const keyColumns = new Set(lines.map((line) => line.search(/\b(pk|form|widget)_/)));
    expect(lines.length).toBeGreaterThan(2);
    expect([...keyColumns]).toEqual([keyColumns.values().next().value!]);
  });
});

describe("cli org create", () => {
  test("says what the organization's plan gives, and how to change it where it is not enterprise", async () => {
    expect(await http.cli("org", "create", "Small", "--prefix", "SMALL")).toEndWith(
      "(SMALL, free: 100 reports a month, without each report's full context)\nChange its plan with: org plan SMALL <free|growth|enterprise>\n",
    );
    expect(await http.cli("org", "create", "Large", "--prefix", "LARGE", "--plan", "enterprise")).toEndWith(
      "(LARGE, enterprise: no monthly quota, with each report's full context)\n",
    );
  });
});

describe("cli app list", () => {
  test("lists the organization's apps, and says how to make the first where there is none", async () => {
    expect(await http.cli("app", "list", "DEMO")).toContain(http.demo.appId);
    await http.cli("org", "create", "Empty", "--prefix", "EMPTY");
    expect(await http.cli("app", "list", "EMPTY")).toBe("no app yet: app create EMPTY <name>\n");
  });
});

describe("cli member remove", () => {
  test("given two e-mails, it removes no one and names the second as one more than it takes", async () => {
    const members = await http.cli("member", "list", "DEMO");
    const [first, second] = members
      .trim()
      .split("\n")
      .map((line) => line.split(/\s+/)[0]!);
    await expect(http.cli("member", "remove", "DEMO", first!, second!)).rejects.toThrow(
      `retour: member remove takes <org> <email>: ${second} is one more than it takes`,
    );
    expect(await http.cli("member", "list", "DEMO")).toBe(members);
  });
});

describe("cli app grouping", () => {
  test("a missing app id is named as the one missing, before the arguments after it; an unknown one is named, with how to list them", async () => {
    await expect(http.cli("app", "grouping", "DEMO")).rejects.toThrow("missing <appId>");
    await expect(http.cli("help", "import", "DEMO")).rejects.toThrow("missing <appId>");
    await expect(http.cli("app", "grouping", "DEMO", "app_nope", "review")).rejects.toThrow("no app app_nope in DEMO (app list DEMO shows them)");
  });
});

describe("cli app browser", () => {
  test("a wildcard origin is refused, named by its place, with what an exact origin is", async () => {
    await expect(http.cli("app", "browser", "DEMO", http.demo.appId, "--origins", "https://ok.example,https://*.example")).rejects.toThrow(
      "origins.1: expected an exact origin such as https://app.example.com (scheme, host and port: no path, no wildcard).",
    );
  });
});

describe("cli webhook test", () => {
  test("a test event the receiver takes is said on standard output, with its HTTP status", async () => {
    const id = await created(receiver.url);
    expect(await http.cli("webhook", "test", "DEMO", id)).toMatch(/^test event delivered: HTTP 200 in \d+ ms\n$/);
    expect(receiver.received).toHaveLength(1);
  });

  test("a test event that fails is a failed command (exit status 1), naming why: a refusal by the receiver or an address not reached", async () => {
    receiver.answer = () => 500;
    const refusing = await created(receiver.url);
    const failure = await http.cli("webhook", "test", "DEMO", refusing).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CommandFailed);
    expect((failure as Error).message).toMatch(/^test event failed: HTTP 500 \(\d+ ms\)$/);
    receiver.answer = () => 200;
    const nowhere = await created("http://127.0.0.1:9/hooks");
    await expect(http.cli("webhook", "test", "DEMO", nowhere)).rejects.toBeInstanceOf(CommandFailed);
  });

  test("a private address the server was allowed to take, tested from a process without WEBHOOKS_ALLOW_PRIVATE, says that setting is the difference", async () => {
    const strict = await inProcess();
    try {
      // Saved by a server that allows private addresses: this store holds it, this process refuses it.
      const secretSealed = await strict.services.secrets.seal("whsec_test");
      const org = (await strict.services.store.findOrganization("DEMO"))!;
      const webhook = {
        id: "wh-private",
        orgId: org.id,
        url: receiver.url,
        events: ["feedback.created" as const],
        secretSealed,
        previousSecretSealed: null,
        previousExpiresAt: null,
        createdAt: 0,
        lastDelivery: null,
      };
      await strict.services.store.createWebhook(webhook, 5);
      const failure = (await strict.cli("webhook", "test", "DEMO", "wh-private").catch((error: Error) => error)) as Error;
      expect(failure).toBeInstanceOf(CommandFailed);
      expect(failure.message).toMatch(
        /^test event failed: refused address \(not_https\) \(\d+ ms\); the server may take it with WEBHOOKS_ALLOW_PRIVATE=true: give this command the same setting$/,
      );
    } finally {
      strict.close();
    }
  });
});
