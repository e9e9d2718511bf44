import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { operatorGrant } from "../../core/authorization.ts";
import type { AppRecord } from "../../core/model.ts";
import type { AppTracker } from "../../core/store/trackers.ts";
import { configureTracker } from "../../core/trackers/configure-tracker.ts";
import { sendPinned } from "../../core/trackers/tracker-address.ts";

/**
 * The address an organization's Admin gives a tracker is checked before the tracker is called:
 * the service sends it the token and keeps parts of its answers. The operator's is not.
 */
const grant = operatorGrant("org");
const app: AppRecord = { id: "app", orgId: "org", name: "Shop", kind: "web" };
/** A resolver that answers from a table, as DNS would (an IP address resolving to itself), and notes each name it was asked. */
const DNS: Readonly<Record<string, string[]>> = { "ghe.inside.test": ["93.184.215.14", "10.1.2.3"] };

function setup() {
  const saved: AppTracker[] = [];
  const checked: string[] = [];
  const asked: string[] = [];
  const check = async (settings: { apiUrl?: string; site?: string }) => void checked.push(settings.apiUrl ?? settings.site ?? "");
  const services = {
    secrets: { seal: async (text: string) => text, open: async (sealed: string) => sealed },
    trackers: { github: { mapsStatuses: false, check }, jira: { mapsStatuses: true, check }, bridge: { mapsStatuses: false, check } } as never,
    ids: { id: () => "id", secret: () => "whs" },
    clock: () => 0,
    store: { findApp: async () => app, findAppTracker: async () => null, setAppTracker: async (t: AppTracker) => void saved.push(t) },
  };
  const resolve = async (host: string) => {
    asked.push(host);
    return /^[\d.]+$/.test(host) ? [host] : (DNS[host] ?? []);
  };
  return { services, saved, checked, asked, rule: (allowPrivate: boolean) => ({ resolve, allowPrivate }) };
}

const onGithub = (apiUrl: string) => ({ project: "acme/shop", token: "ghp_x", apiUrl });
const onJira = (site: string) => ({ project: "SHOP", token: "t", email: "ops@acme.test", site });

describe("a tracker's address, as an Admin gives it", () => {
  test("one that resolves to a private address is refused, naming the field, what was given and what it resolves to; nothing is stored, the tracker is not called", async () => {
    const { services, saved, checked, rule } = setup();
    const configured = await configureTracker(services, grant, "app", "github", onGithub("https://ghe.inside.test/api/v3"), rule(false));
    assert.deepEqual(configured, {
      ok: false,
      code: "invalid_body",
      problem: { field: "apiUrl", reason: "private_address", given: "ghe.inside.test", resolved: "10.1.2.3" },
    });
    assert.deepEqual([saved, checked], [[], []]);
  });

  test("Jira's site on loopback or the cloud's metadata address is refused as the site", async () => {
    const { services, saved, checked, rule } = setup();
    for (const site of ["127.0.0.1", "169.254.169.254"]) {
      const configured = await configureTracker(services, grant, "app", "jira", onJira(site), rule(false));
      assert.deepEqual(configured, { ok: false, code: "invalid_body", problem: { field: "site", reason: "private_address", given: site } });
    }
    assert.deepEqual([saved, checked], [[], []]);
  });

  test("a bridge's address over http is refused as its url", async () => {
    const { services, saved, rule } = setup();
    const configured = await configureTracker(services, grant, "app", "bridge", { project: "ops", url: "http://10.0.0.5/issues" }, rule(false));
    assert.deepEqual(configured, {
      ok: false,
      code: "invalid_body",
      problem: { field: "url", reason: "not_https", given: "http://10.0.0.5/issues" },
    });
    assert.deepEqual(saved, []);
  });

  test("allowed private by the operator, a name resolving inside the network and an http address on this machine are saved and called", async () => {
    const { services, saved, checked, rule } = setup();
    assert.equal((await configureTracker(services, grant, "app", "github", onGithub("https://ghe.inside.test/api/v3"), rule(true))).ok, true);
    assert.equal((await configureTracker(services, grant, "app", "github", onGithub("http://127.0.0.1:9/api"), rule(true))).ok, true);
    assert.deepEqual(checked, ["https://ghe.inside.test/api/v3", "http://127.0.0.1:9/api"]);
    assert.equal(saved.length, 2);
  });
});

describe("a tracker's address, as the operator gives it (tracker set)", () => {
  test("is taken as given, on this machine or its network, without a lookup", async () => {
    const { services, saved, checked, asked } = setup();
    assert.equal((await configureTracker(services, grant, "app", "github", onGithub("http://127.0.0.1:9/api"), null)).ok, true);
    assert.equal((await configureTracker(services, grant, "app", "jira", onJira("169.254.169.254"), null)).ok, true);
    assert.deepEqual(checked, ["http://127.0.0.1:9/api", "169.254.169.254"]);
    assert.deepEqual([saved.length, asked], [2, []]);
  });
});

describe("a call to a tracker whose settings an Admin gave", () => {
  test("GitHub's own address (settings naming no API address) is called as given, its name neither resolved nor checked, as the operator's", async () => {
    const { asked, rule } = setup();
    const settings = { project: "acme/shop", token: "ghp_x", webhookSecret: "whs", statuses: {}, givenByAdmin: true as const };
    const call = await sendPinned(rule(false), settings, "https://api.github.com/repos/acme/shop", { method: "GET" }, async (sent) => sent);
    assert.deepEqual([String(call.url), call.serverName, asked], ["https://api.github.com/repos/acme/shop", undefined, []]);
  });
});
