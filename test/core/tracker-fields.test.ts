import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { operatorGrant } from "../../core/authorization.ts";
import type { AppTracker } from "../../core/store/trackers.ts";
import { configureTracker } from "../../core/trackers/configure-tracker.ts";
import { readTrackerFields } from "../../core/trackers/tracker-fields.ts";
import { returnsWithin } from "../support/returns-within.ts";

const outcome = (read: ReturnType<typeof readTrackerFields>) => (read.ok ? "taken" : `${read.problem?.field} ${read.problem?.reason}`);
const refused = (provider: string, fields: Parameters<typeof readTrackerFields>[1]) => outcome(readTrackerFields(provider, fields));

describe("a tracker's fields, as tracker set and the settings' form give them", () => {
  test("GitHub's project is owner/repository", () => {
    assert.equal(refused("github", { project: "shop", token: "t" }), "project malformed");
    assert.equal(refused("github", { project: "acme/shop", token: "t" }), "taken");
  });

  test("Linear's project is the team's key, upper-cased", () => {
    assert.equal(refused("linear", { project: "ENG-12", token: "t" }), "project malformed");
    const read = readTrackerFields("linear", { project: "eng", token: "t" });
    assert.equal(read.ok && read.value.project, "ENG");
  });

  test("Jira needs the site, the project's key and the token's account; acme is acme.atlassian.net", () => {
    const jira = { site: "https://Acme/", project: "shop", email: "ops@acme.test", token: "t" };
    assert.equal(refused("jira", { ...jira, site: "acme shop" }), "site malformed");
    assert.equal(refused("jira", { ...jira, project: "1SHOP" }), "project malformed");
    assert.equal(refused("jira", { ...jira, email: "ops" }), "email malformed");
    const read = readTrackerFields("jira", jira);
    assert.deepEqual(read.ok && [read.value.site, read.value.project], ["acme.atlassian.net", "SHOP"]);
  });

  // A long run of slashes that is not the end: read once, not again from each slash (minutes).
  test("a Jira site with a long run of slashes inside is read in time proportional to its length", async () => {
    const jira = { site: `acme.test${"/".repeat(300_000)}x`, project: "shop", email: "ops@acme.test", token: "t" };
    const read = await returnsWithin(new URL("../../core/trackers/tracker-fields.ts", import.meta.url), "readTrackerFields", ["jira", jira]);
    assert.equal(outcome(read as ReturnType<typeof readTrackerFields>), "site malformed");
  });

  test("an API address is http(s); a token given empty is missing, one left out is not (it is kept)", () => {
    assert.equal(refused("github", { project: "acme/shop", token: "t", apiUrl: "ftp://git.test" }), "apiUrl not_url");
    assert.equal(refused("github", { project: "acme/shop", token: "" }), "token missing");
    assert.equal(refused("github", { project: "acme/shop" }), "taken");
  });

  test("a bridge needs its project and its http(s) address, and no token", () => {
    assert.equal(refused("bridge", { project: "", url: "https://bridge.test" }), "project missing");
    assert.equal(refused("bridge", { project: "ops", url: "bridge.test" }), "url not_url");
    assert.equal(refused("bridge", { project: "ops", url: "https://bridge.test", token: "" }), "taken");
  });
});

describe("a tracker set again without a token", () => {
  const grant = operatorGrant("org");
  const secrets = { seal: async (text: string) => text, open: async (sealed: string) => sealed };
  const github: AppTracker = {
    orgId: "org",
    appId: "app",
    provider: "github",
    settingsSealed: JSON.stringify({ project: "acme/shop", token: "ghp_kept", webhookSecret: "whs" }),
  };
  const deps = (saved: AppTracker[]) => ({
    secrets,
    trackers: { github: { mapsStatuses: false }, linear: { mapsStatuses: true } } as never,
    ids: { id: () => "id", secret: () => "new-secret" },
    clock: () => 0,
    store: {
      findApp: async () => ({ id: "app", orgId: "org", name: "Shop", kind: "web" as const }),
      findAppTracker: async () => github,
      setAppTracker: async (t: AppTracker) => void saved.push(t),
    },
  });

  test("for the same tracker keeps the token it had", async () => {
    const saved: AppTracker[] = [];
    assert.equal((await configureTracker(deps(saved), grant, "app", "github", { project: "acme/store" }, null)).ok, true);
    assert.deepEqual(JSON.parse(saved[0]!.settingsSealed), { project: "acme/store", token: "ghp_kept", webhookSecret: "whs" });
  });

  test("for another tracker is refused for its missing token, and nothing is stored", async () => {
    const saved: AppTracker[] = [];
    const configured = await configureTracker(deps(saved), grant, "app", "linear", { project: "ENG" }, null);
    assert.deepEqual(configured, { ok: false, code: "invalid_body", problem: { field: "token", reason: "missing" } });
    assert.deepEqual(saved, []);
  });
});
