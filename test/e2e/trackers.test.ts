import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { join } from "node:path";
import { FakeGitHub } from "../support/fake-github.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, patch, post } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

const github = new FakeGitHub();
let server: Served;
let db: Database;
beforeAll(async () => {
  github.start();
  server = await serveInProcess();
  await server.cli(
    "tracker",
    "set",
    "DEMO",
    server.demo.appId,
    "github",
    "--repo",
    "acme/shop",
    "--token",
    "gh-token",
    "--webhook-secret",
    "hook-secret",
    "--api-url",
    github.url,
  );
  db = new Database(join(server.dataDir, "retour.sqlite"), { readonly: true });
});
afterAll(async () => {
  db.close();
  await server.stop();
  github.stop();
});

const admin = () => server.demo.tokens.admin;
/** Waits for every job due now (the test clock may be ahead of the real one by a few seconds) to have run. */
const settle = () =>
  waitFor(
    "the due jobs to run",
    () => (db.query("SELECT count(*) AS n FROM jobs WHERE run_at <= ?").get(Date.now() + 10 * 60_000) as { n: number }).n,
    (n) => n === 0,
  );
const failedJobs = () => (db.query("SELECT count(*) AS n FROM jobs WHERE last_error IS NOT NULL").get() as { n: number }).n;
const report = async (message: string) =>
  (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message })).body.ticketId as string;
const hook = (payload: unknown, secret = "hook-secret") => {
  const raw = JSON.stringify(payload);
  return fetch(`${server.url}/integrations/github/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`,
    },
    body: raw,
  });
};

describe("the linked GitHub issue", () => {
  let key: string;

  test("a feedback opens a new issue; trackerIssue is kept and shown", async () => {
    key = await report("Coupons are applied twice at checkout");
    await settle();
    const linked = await post(`${server.url}/v1/feedbacks/${key}/tracker`, {}, { authorization: `Bearer ${admin()}` });
    expect(linked.status).toBe(200);
    expect(linked.body.trackerIssue).toEqual({
      key: "acme/shop#1",
      provider: "github",
      status: "open",
      url: "https://github.test/acme/shop/issues/1",
      syncedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(github.issues.get(1)).toMatchObject({ title: "Coupons are applied twice at checkout", labels: ["retour:triage"] });
    const listed = await get(`${server.url}/v1/feedbacks?query=coupons`, admin());
    expect(listed.body.data[0].trackerIssue).toBe("acme/shop#1");
  });

  test("the issue follows status changes: a label per status, the comment, closed on delivered, reopened after", async () => {
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "in_development", comment: "Fix in PR #42" });
    await settle();
    expect(github.issues.get(1)).toMatchObject({ state: "open", labels: ["retour:in_development"], comments: ["Fix in PR #42"] });
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "delivered", comment: "Shipped in 3.2" });
    await settle();
    expect(github.issues.get(1)).toMatchObject({ state: "closed", state_reason: "completed", labels: ["retour:delivered"] });
    expect((await get(`${server.url}/v1/feedbacks/${key}`, admin())).body.trackerIssue.status).toBe("closed");
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "prioritized" });
    await settle();
    expect(github.issues.get(1)).toMatchObject({ state: "open", labels: ["retour:prioritized"] });
  });

  test("a tracker outage delays the sync and loses nothing", async () => {
    github.down = true;
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "fixed" });
    await waitFor("the failed sync to be put back in the queue", failedJobs, (n) => n === 1);
    expect(github.issues.get(1)!.labels).toEqual(["retour:prioritized"]);
    github.down = false;
    server.advanceClock(10_000);
    await settle();
    expect(github.issues.get(1)!.labels).toEqual(["retour:fixed"]);
  });

  test("closing the issue as not planned on GitHub dismisses the feedback, with the events, and nothing echoes back", async () => {
    const before = github.calls.length;
    const res = await hook({
      action: "closed",
      repository: { full_name: "acme/shop" },
      issue: { number: 1, state: "closed", state_reason: "not_planned" },
    });
    expect(res.status).toBe(202);
    expect(((await res.json()) as { moved: number }).moved).toBe(1);
    const read = await get(`${server.url}/v1/feedbacks/${key}`, admin());
    expect(read.body.status).toBe("dismissed");
    expect(read.body.trackerIssue.status).toBe("closed");
    const id = read.body.id;
    expect(
      db.query<{ type: string }, [string]>("SELECT type FROM events WHERE feedback_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1").get(id),
    ).toEqual({ type: "feedback.status_changed" });
    await settle();
    expect(github.calls.length).toBe(before);
  });

  test("reopening and relabelling on GitHub move the feedback", async () => {
    await hook({ action: "reopened", repository: { full_name: "acme/shop" }, issue: { number: 1, state: "open" } });
    const reopened = (await get(`${server.url}/v1/feedbacks/${key}`, admin())).body;
    expect([reopened.status, reopened.trackerIssue.status]).toEqual(["triage", "open"]);
    await hook({ action: "labeled", repository: { full_name: "acme/shop" }, issue: { number: 1 }, label: { name: "retour:in_development" } });
    expect((await get(`${server.url}/v1/feedbacks/${key}`, admin())).body.status).toBe("in_development");
  });

  test("a delivery sent again (GitHub's Redeliver, a replay) of a change older than the last sync moves nothing", async () => {
    const synced = Date.parse((await get(`${server.url}/v1/feedbacks/${key}`, admin())).body.trackerIssue.syncedAt);
    const old = new Date(synced - 5 * 60_000).toISOString();
    const res = await hook({ action: "closed", repository: { full_name: "acme/shop" }, issue: { number: 1, state: "closed", updated_at: old } });
    expect([res.status, ((await res.json()) as { moved: number }).moved]).toEqual([202, 0]);
    expect((await get(`${server.url}/v1/feedbacks/${key}`, admin())).body.status).toBe("in_development");
  });

  test("a wrong signature is refused and changes nothing", async () => {
    const res = await hook({ action: "closed", repository: { full_name: "acme/shop" }, issue: { number: 1 } }, "wrong-secret");
    expect(res.status).toBe(401);
    expect((await get(`${server.url}/v1/feedbacks/${key}`, admin())).body.status).toBe("in_development");
  });

  test("an existing issue can be linked with the CLI", async () => {
    const other = await report("Shipping estimate ignores public holidays");
    await settle();
    github.add("Holidays in shipping estimates");
    expect(await server.cli("tracker", "link", "DEMO", other, "2")).toContain("acme/shop#2");
    expect((await get(`${server.url}/v1/feedbacks/${other}`, admin())).body.trackerIssue.key).toBe("acme/shop#2");
  });

  test("the CLI opens no second issue for a feedback linked already, and says how to link another", async () => {
    const key = await report("Gift wrap option disappears at checkout");
    await server.cli("tracker", "link", "DEMO", key);
    const issues = github.issues.size;
    await expect(server.cli("tracker", "link", "DEMO", key)).rejects.toThrow(
      `${key} is linked to an issue already: no second one is opened (to link another, name it: tracker link DEMO ${key} <issue>)`,
    );
    expect(github.issues.size).toBe(issues);
  });
});

describe("an issue opened for a feedback already closed", () => {
  test("a delivered feedback opens its issue closed as completed, as a status change would have left it", async () => {
    const key = await report("The receipt e-mail shows the wrong currency");
    await settle();
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "delivered", comment: "Fixed in 3.3" });
    await settle();
    const linked = await post(`${server.url}/v1/feedbacks/${key}/tracker`, {}, { authorization: `Bearer ${admin()}` });
    expect(linked.body.trackerIssue.status).toBe("closed");
    const number = Number(linked.body.trackerIssue.key.split("#")[1]);
    expect(github.issues.get(number)).toMatchObject({ state: "closed", state_reason: "completed", labels: ["retour:delivered"] });
  });

  test("a dismissed feedback opens its issue closed as not planned", async () => {
    const key = await report("Please add a dark mode to the invoices");
    await settle();
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "dismissed", comment: "Not for now" });
    await settle();
    const linked = await post(`${server.url}/v1/feedbacks/${key}/tracker`, {}, { authorization: `Bearer ${admin()}` });
    const number = Number(linked.body.trackerIssue.key.split("#")[1]);
    expect(github.issues.get(number)).toMatchObject({ state: "closed", state_reason: "not_planned", labels: ["retour:dismissed"] });
  });
});
