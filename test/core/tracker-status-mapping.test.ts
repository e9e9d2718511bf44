import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { STATUSES } from "../../core/schemas/feedback.ts";
import { operatorGrant } from "../../core/authorization.ts";
import type { AppTracker } from "../../core/store/trackers.ts";
import { configureTracker } from "../../core/trackers/configure-tracker.ts";
import { setTrackerStatuses } from "../../core/trackers/set-tracker-statuses.ts";
import { readStatusMapping, stateForStatus, statusForState, type TrackerState } from "../../core/trackers/status-mapping.ts";

/** Linear's default workflow, in its order. */
const LINEAR: TrackerState[] = [
  { name: "Backlog", kind: "backlog" },
  { name: "Todo", kind: "unstarted" },
  { name: "In Progress", kind: "started" },
  { name: "In Review", kind: "started" },
  { name: "Done", kind: "completed" },
  { name: "Canceled", kind: "canceled" },
];
/** Jira's simplified workflow: three statuses, no backlog nor canceled category. */
const JIRA: TrackerState[] = [
  { name: "To Do", kind: "unstarted" },
  { name: "In Progress", kind: "started" },
  { name: "Done", kind: "completed" },
];
const state = (name: string, states = LINEAR) => states.find((s) => s.name === name)!;

describe("the state an issue takes for a status", () => {
  test("by default, on Linear's workflow: Backlog, Todo, In Progress, Done, Done, Canceled", () => {
    assert.deepEqual(
      STATUSES.map((status) => stateForStatus({}, status, LINEAR)?.name),
      ["Backlog", "Todo", "In Progress", "Done", "Done", "Canceled"],
    );
  });

  test("by default, on Jira's workflow, a status whose kind is missing takes the next one: To Do for triage, Done for dismissed", () => {
    assert.deepEqual(
      STATUSES.map((status) => stateForStatus({}, status, JIRA)?.name),
      ["To Do", "To Do", "In Progress", "Done", "Done", "Done"],
    );
  });

  test("the state the app's mapping names, whatever its case", () => {
    assert.equal(stateForStatus({ fixed: "in review" }, "fixed", LINEAR)?.name, "In Review");
  });

  test("a named state the workflow does not have leaves the issue where it is", () => {
    assert.equal(stateForStatus({ fixed: "QA" }, "fixed", LINEAR), null);
  });
});

describe("the status a feedback takes when its issue moves", () => {
  test("by the kind of the state: backlog to triage, started to in_development, completed to delivered, canceled to dismissed", () => {
    assert.deepEqual(
      (
        [
          ["Backlog", "fixed"],
          ["Todo", "fixed"],
          ["In Review", "fixed"],
          ["Done", "in_development"],
          ["Canceled", "fixed"],
        ] as const
      ).map(([name, from]) => statusForState({}, state(name), from)),
      ["triage", "prioritized", "in_development", "delivered", "dismissed"],
    );
  });

  test("a triage feedback stays in triage while its issue is not started, unless the mapping gives triage a state", () => {
    assert.equal(statusForState({}, state("Todo"), "triage"), null);
    assert.equal(statusForState({ triage: "Backlog" }, state("Todo"), "triage"), "prioritized");
  });

  test("nothing, when the feedback's status already fits the state (the echo of our own update)", () => {
    assert.equal(statusForState({}, state("Done"), "fixed"), null);
    assert.equal(statusForState({}, state("Done", JIRA), "dismissed"), null);
    assert.equal(statusForState({ fixed: "In Review" }, state("In Review"), "fixed"), null);
  });

  test("the status the mapping names the state for, even when another status fits its kind", () => {
    assert.equal(statusForState({ fixed: "In Review" }, state("In Review"), "in_development"), "fixed");
    assert.equal(statusForState({ fixed: "In Review" }, state("In Progress"), "fixed"), "in_development");
  });

  test("a state named for several statuses gives the one its kind suggests", () => {
    assert.equal(statusForState({ fixed: "Done", delivered: "Done" }, state("Done"), "in_development"), "delivered");
    assert.equal(statusForState({ triage: "Todo", prioritized: "Todo" }, state("Todo"), "in_development"), "prioritized");
  });

  test("a state named for no status does not take a status that has a state of its own", () => {
    assert.equal(statusForState({ delivered: "Released" }, state("Done"), "in_development"), null);
  });
});

describe("a mapping as people write it", () => {
  test("names are trimmed and blanks take the default", () => {
    assert.deepEqual(readStatusMapping({ fixed: "  In Review ", triage: " " }), { ok: true, value: { fixed: "In Review" } });
  });

  test("an unknown status is refused, naming it", () => {
    assert.deepEqual(readStatusMapping({ shipped: "Done" }), { ok: false, code: "invalid_body", problem: { field: "shipped", reason: "unknown" } });
  });

  test("a name over 100 characters is refused", () => {
    const read = readStatusMapping({ fixed: "x".repeat(101) });
    assert.equal(read.ok || [read.code, read.problem?.field].join(" "), "invalid_body fixed");
  });
});

describe("a mapping is for trackers whose issues have named states", () => {
  const grant = operatorGrant("org");
  const trackers = { github: { mapsStatuses: false }, linear: { mapsStatuses: true } } as never;
  const secrets = { seal: async (text: string) => text, open: async (sealed: string) => sealed };
  const github: AppTracker = { orgId: "org", appId: "app", provider: "github", settingsSealed: JSON.stringify({ project: "acme/shop", token: "t" }) };
  const deps = (tracker: AppTracker | null, saved: AppTracker[] = []) => ({
    secrets,
    trackers,
    trackerAddresses: { resolve: async () => [], allowPrivate: false },
    ids: { id: () => "id", secret: () => "new-secret" },
    clock: () => 0,
    store: {
      findApp: async () => ({ id: "app", orgId: "org", name: "Shop", kind: "web" as const }),
      findAppTracker: async () => tracker,
      setAppTracker: async (t: AppTracker) => void saved.push(t),
      setTrackerSettings: async (_org: string, _app: string, settings: Pick<AppTracker, "settingsSealed">) => {
        saved.push({ ...tracker!, ...settings });
        return true;
      },
    },
  });
  const NOT_MAPPED = { ok: false, code: "invalid_body", problem: { field: "statuses", reason: "not_mapped" } };

  test("a mapping set for a GitHub tracker is refused, and nothing is stored", async () => {
    const saved: AppTracker[] = [];
    assert.deepEqual(await setTrackerStatuses(deps(github, saved), grant, "app", { fixed: "Done" }), NOT_MAPPED);
    assert.deepEqual(saved, []);
  });

  test("a tracker set with a mapping for GitHub is refused, as is a provider without an adapter; Linear takes it", async () => {
    const settings = { project: "acme/shop", token: "t", webhookSecret: "w", statuses: { fixed: "Done" } };
    assert.deepEqual(await configureTracker(deps(null), grant, "app", "github", settings, null), NOT_MAPPED);
    assert.deepEqual(await configureTracker(deps(null), grant, "app", "gitlab", settings, null), {
      ok: false,
      code: "invalid_body",
      problem: { field: "provider", reason: "unknown" },
    });
    assert.equal((await configureTracker(deps(null), grant, "app", "linear", { ...settings, project: "ENG" }, null)).ok, true);
  });
});

describe("a mapping names states the tracker's workflow has", () => {
  const linearTracker: AppTracker = {
    orgId: "org",
    appId: "app",
    provider: "linear",
    settingsSealed: JSON.stringify({ project: "ENG", token: "t", webhookSecret: "w" }),
  };
  /**
   * A Linear team with its default workflow, as `stateNames` lists it (each call counted in `asked`);
   * or, `down`, a Linear that cannot be reached. Any name resolves to the company's network.
   */
  const deps = (saved: string[], { down = false, tracker = linearTracker, asked = [] as string[] } = {}) => ({
    secrets: { seal: async (text: string) => text, open: async (sealed: string) => sealed },
    trackerAddresses: { resolve: async () => ["10.0.0.5"], allowPrivate: false },
    trackers: {
      linear: {
        mapsStatuses: true,
        stateNames: async () => {
          asked.push("stateNames");
          if (down) throw new Error("connect ECONNREFUSED 127.0.0.1:9");
          return LINEAR.map((s) => s.name);
        },
      },
    } as never,
    store: {
      findApp: async () => ({ id: "app", orgId: "org", name: "Shop", kind: "web" as const }),
      findAppTracker: async () => tracker,
      setTrackerSettings: async (_org: string, _app: string, settings: Pick<AppTracker, "settingsSealed">) => {
        saved.push(settings.settingsSealed);
        return true;
      },
    },
  });

  test("a state the workflow lacks is refused, naming the status and the states it has, and nothing is stored", async () => {
    const saved: string[] = [];
    assert.deepEqual(await setTrackerStatuses(deps(saved), operatorGrant("org"), "app", { fixed: "In Review", dismissed: "Won't Do" }), {
      ok: false,
      code: "invalid_body",
      problem: { field: "dismissed", reason: "unknown_state", given: "Won't Do", states: LINEAR.map((s) => s.name) },
    });
    assert.deepEqual(saved, []);
  });

  test("states the workflow has are taken as people type them, case and spaces aside", async () => {
    const saved: string[] = [];
    const done = await setTrackerStatuses(deps(saved), operatorGrant("org"), "app", { fixed: " in review ", dismissed: "Canceled" });
    assert.deepEqual(done, { ok: true, value: { fixed: "in review", dismissed: "Canceled" } });
    assert.equal(saved.length, 1);
  });

  test("while the tracker cannot be reached, the mapping is saved unchecked rather than refused", async () => {
    const saved: string[] = [];
    const done = await setTrackerStatuses(deps(saved, { down: true }), operatorGrant("org"), "app", { dismissed: "Won't Do" });
    assert.deepEqual(done, { ok: true, value: { dismissed: "Won't Do" } });
    assert.deepEqual(JSON.parse(saved[0]!).statuses, { dismissed: "Won't Do" });
  });

  test("an address an Admin gave that now resolves to a private one is not asked for its states: the mapping is saved unchecked, the address still the Admin's", async () => {
    const admins = {
      ...linearTracker,
      settingsSealed: JSON.stringify({ project: "ENG", token: "t", apiUrl: "https://linear.acme.test", givenByAdmin: true }),
    };
    const saved: string[] = [];
    const asked: string[] = [];
    const done = await setTrackerStatuses(deps(saved, { tracker: admins, asked }), operatorGrant("org"), "app", { dismissed: "Won't Do" });
    assert.deepEqual([done, asked], [{ ok: true, value: { dismissed: "Won't Do" } }, []]);
    assert.deepEqual(JSON.parse(saved[0]!), {
      project: "ENG",
      token: "t",
      apiUrl: "https://linear.acme.test",
      givenByAdmin: true,
      statuses: { dismissed: "Won't Do" },
    });
  });
});

describe("a mapping saved while a sync runs", () => {
  test("leaves the tracker's last failure as the store has it when the mapping is written: one cleared meanwhile stays cleared", async () => {
    const failure = { at: 100, error: "Linear is unreachable", refused: false };
    const settings = JSON.stringify({ project: "ENG", token: "t", webhookSecret: "w" });
    let stored: AppTracker & { project: string } = {
      orgId: "org",
      appId: "app",
      provider: "linear",
      settingsSealed: settings,
      project: "ENG",
      lastFailure: failure,
    };
    const { lastFailure: _, ...cleared } = stored;
    const store = {
      findApp: async () => ({ id: "app", orgId: "org", name: "Shop", kind: "web" as const }),
      findAppTracker: async () => {
        const read = stored;
        stored = cleared; // a sync that started before the read succeeds just after it
        return read;
      },
      setAppTracker: async (t: AppTracker & { project: string }) => {
        stored = t;
      },
      setTrackerSettings: async (_org: string, _app: string, given: Pick<AppTracker, "settingsSealed"> & { project: string }, expected: string) => {
        if (stored.settingsSealed !== expected) return false;
        stored = { ...stored, ...given };
        return true;
      },
    };
    const secrets = { seal: async (text: string) => text, open: async (sealed: string) => sealed };
    const trackers = { linear: { mapsStatuses: true } } as never;
    const trackerAddresses = { resolve: async () => [], allowPrivate: false };
    const saved = await setTrackerStatuses({ secrets, trackers, trackerAddresses, store }, operatorGrant("org"), "app", { fixed: "In Review" });
    assert.equal(saved.ok, true);
    assert.equal(stored.lastFailure, undefined);
    assert.deepEqual(JSON.parse(stored.settingsSealed).statuses, { fixed: "In Review" });
  });
});

describe("a mapping saved while `tracker set` saves a new token", () => {
  const linear = (token: string) => JSON.stringify({ project: "ENG", token, webhookSecret: "w" });
  const secrets = { seal: async (text: string) => text, open: async (sealed: string) => sealed };
  const trackers = { linear: { mapsStatuses: true } } as never;
  /** A store whose tracker gets the settings `meanwhile` gives just after each read of it. */
  const racing = (meanwhile: (read: number) => string) => {
    let stored: AppTracker & { project: string } = { orgId: "org", appId: "app", provider: "linear", settingsSealed: linear("old"), project: "ENG" };
    let reads = 0;
    const store = {
      findApp: async () => ({ id: "app", orgId: "org", name: "Shop", kind: "web" as const }),
      findAppTracker: async () => {
        const read = stored;
        stored = { ...stored, settingsSealed: meanwhile(++reads) };
        return read;
      },
      setTrackerSettings: async (_org: string, _app: string, given: Pick<AppTracker, "settingsSealed"> & { project: string }, expected: string) => {
        if (stored.settingsSealed !== expected) return false;
        stored = { ...stored, ...given };
        return true;
      },
    };
    return { deps: { secrets, trackers, trackerAddresses: { resolve: async () => [], allowPrivate: false }, store }, stored: () => stored };
  };

  test("keeps the new token: the mapping is written on the settings as they are after it", async () => {
    const race = racing((read) => (read === 1 ? linear("new") : race.stored().settingsSealed));
    const saved = await setTrackerStatuses(race.deps, operatorGrant("org"), "app", { fixed: "In Review" });
    assert.equal(saved.ok, true);
    assert.deepEqual(JSON.parse(race.stored().settingsSealed), {
      project: "ENG",
      token: "new",
      webhookSecret: "w",
      statuses: { fixed: "In Review" },
    });
  });

  test("gives up, writing nothing, when the settings change under every attempt", async () => {
    const race = racing((read) => linear(`token ${read}`));
    await assert.rejects(setTrackerStatuses(race.deps, operatorGrant("org"), "app", { fixed: "In Review" }), /kept changing/);
    assert.equal(JSON.parse(race.stored().settingsSealed).statuses, undefined);
  });
});
