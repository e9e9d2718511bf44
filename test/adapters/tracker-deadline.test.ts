import { afterAll, describe, expect, test } from "bun:test";
import { THIS_MACHINE } from "../support/this-machine.ts";
import { createGithubTracker } from "../../adapters/github/tracker.ts";
import { createJiraTracker } from "../../adapters/jira/tracker.ts";
import { createBridgeTracker } from "../../adapters/tracker-bridge/tracker.ts";
import { createLinearTracker } from "../../adapters/linear/tracker.ts";
import type { TrackerLink } from "../../core/model.ts";
import type { IssueTracker, TrackerSettings } from "../../core/ports.ts";
import { CLAIM_LEASE_MS } from "../../core/notify/send-once.ts";
import { DeadlinePassed, TRACKER_DEADLINE_MS } from "../../core/trackers/deadline.ts";
import { FakeGitHub } from "../support/fake-github.ts";
import { FakeJira } from "../support/fake-jira.ts";
import { FakeLinear } from "../support/fake-linear.ts";

/** Long enough that a loaded machine still sends each request and answers two slow calls within it. */
const DEADLINE_MS = 1_000;

/** A tracker that takes each request and never answers, as one whose API hangs. */
let seen = 0;
const silent = Bun.serve({
  port: 0,
  idleTimeout: 0,
  fetch: () => {
    seen++;
    return new Promise<Response>(() => undefined);
  },
});
afterAll(() => silent.stop(true));

const settings = (): TrackerSettings => ({
  project: "eng",
  token: "token",
  webhookSecret: "secret",
  apiUrl: silent.url.href.replace(/\/$/, ""),
  email: "bot@example.com",
  statuses: {},
});

const trackers: [string, IssueTracker, TrackerSettings][] = [
  ["GitHub", createGithubTracker({ addresses: THIS_MACHINE, deadlineMs: DEADLINE_MS }), { ...settings(), project: "acme/app" }],
  ["Linear", createLinearTracker({ addresses: THIS_MACHINE, deadlineMs: DEADLINE_MS }), settings()],
  ["Jira", createJiraTracker({ addresses: THIS_MACHINE, deadlineMs: DEADLINE_MS }), { ...settings(), project: "ENG" }],
];

/** How an operation ended: its failure's message, or that it is still waiting long after its deadline. */
const outcome = (operation: Promise<unknown>): Promise<string> =>
  Promise.race([
    operation.then(
      () => "answered",
      (error: Error) => error.message,
    ),
    Bun.sleep(DEADLINE_MS * 10).then(() => "still waiting"),
  ]);

describe("a tracker whose API does not answer", () => {
  test("an operation is given up before the claim on a status comment runs out, so a hung post cannot outlive it", () => {
    expect(TRACKER_DEADLINE_MS).toBeLessThan(CLAIM_LEASE_MS);
  });

  for (const [name, tracker, given] of trackers) {
    test.concurrent(`${name}: following a status fails once the operation's deadline has passed, saying the tracker did not answer`, async () => {
      const before = seen;
      const started = performance.now();
      const following = tracker.follow(
        given,
        { key: name === "GitHub" ? "acme/app#1" : "ENG-1", provider: "github", status: "open" },
        { status: "prioritized", comment: { id: "comment-1", text: "Prioritized", at: Date.now() } },
      );
      expect(await outcome(following)).toBe(`${name} did not answer within 1 s`);
      expect(seen).toBeGreaterThan(before);
      expect(performance.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    });

    test.concurrent(`${name}: opening an issue fails once the deadline has passed, as one whose outcome is unknown`, async () => {
      const before = seen;
      const opening = tracker.open(given, { title: "Export fails", body: "It fails", status: "triage" });
      expect(await outcome(opening)).toBe(`${name} did not answer within 1 s`);
      expect(await opening.catch((error) => error instanceof DeadlinePassed)).toBe(true);
      expect(seen).toBeGreaterThan(before);
    });
  }
});

test("a tracker bridge that does not answer an opening within its deadline fails as one whose outcome is unknown", async () => {
  const bridge = createBridgeTracker({ addresses: THIS_MACHINE, deadlineMs: DEADLINE_MS });
  const before = seen;
  const opening = bridge.open(settings(), { title: "Export fails", body: "It fails", status: "triage" });
  expect(await outcome(opening)).toBe("the tracker bridge did not answer within 1 s");
  expect(await opening.catch((error) => error instanceof DeadlinePassed)).toBe(true);
  expect(seen).toBeGreaterThan(before);
});

describe("a tracker whose API answers each call, slowly", () => {
  // Each operation makes three calls or more (1.2 s at least, past the deadline), and two fit within
  // it (0.8 s). A call given the deadline for itself would let the operation finish; one call at least
  // received shows the operation was under way. Not two: a machine loaded by a full run beside other
  // work now and then sent the second too late for it to arrive within the deadline.
  const SLOW_MS = 400;
  const github = new FakeGitHub().start();
  const linear = new FakeLinear().start();
  const jira = new FakeJira().start();
  afterAll(() => {
    for (const fake of [github, linear, jira]) fake.stop();
  });
  const slow: [string, IssueTracker, TrackerSettings, TrackerLink, { slowMs: number; calls: string[] }][] = [
    [
      "GitHub",
      createGithubTracker({ addresses: THIS_MACHINE, deadlineMs: DEADLINE_MS }),
      { ...settings(), project: "acme/shop", token: "gh-token", apiUrl: github.url },
      { key: `acme/shop#${github.add("Slow").number}`, provider: "github", status: "open" },
      github,
    ],
    [
      "Linear",
      createLinearTracker({ addresses: THIS_MACHINE, deadlineMs: DEADLINE_MS }),
      { ...settings(), project: "ENG", token: linear.token, apiUrl: linear.url },
      { key: linear.add("Slow").identifier, provider: "linear", status: "Todo" },
      linear,
    ],
    [
      "Jira",
      createJiraTracker({ addresses: THIS_MACHINE, deadlineMs: DEADLINE_MS }),
      { ...settings(), project: "SHOP", token: jira.token, email: jira.email, apiUrl: jira.url },
      { key: jira.add("Slow").key, provider: "jira", status: "To Do" },
      jira,
    ],
  ];

  for (const [name, tracker, given, link, fake] of slow) {
    test.concurrent(`${name}: the deadline is the operation's, all its calls together, though none of them alone outlasts it`, async () => {
      fake.slowMs = SLOW_MS;
      const before = fake.calls.length;
      const following = tracker.follow(given, link, { status: "prioritized", comment: { id: "slow-1", text: "Prioritized", at: Date.now() } });
      expect(await outcome(following)).toBe(`${name} did not answer within 1 s`);
      // The tracker was called; the operation needed more calls than its deadline left time for.
      expect(fake.calls.length - before).toBeGreaterThanOrEqual(1);
    });
  }
});
