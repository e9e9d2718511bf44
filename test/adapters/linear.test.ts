import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operatorGrant } from "../../core/authorization.ts";
import { addChannel } from "../../core/apps/add-channel.ts";
import { createApp } from "../../core/apps/create-app.ts";
import { resolveFeedback } from "../../core/feedback/find-feedback.ts";
import { runNextJob, runServiceJob } from "../../core/jobs/run-next-job.ts";
import { FakeLinear } from "../support/fake-linear.ts";
import { inProcess, type InProcess, jsonClient, signedInAs } from "../support/in-process.ts";

const SECRET = "linear-webhook-secret";
const linear = new FakeLinear();
let server: InProcess;
let printed: string;
/** `tracker set` for the demo app's Linear team, on the fake Linear, with more options. */
const setLinear = (...options: string[]) =>
  server.cli("tracker", "set", "DEMO", server.demo.appId, "linear", "--team", "eng", "--token", linear.token, "--api-url", linear.url, ...options);
beforeAll(async () => {
  linear.start();
  server = await inProcess();
  printed = await setLinear("--webhook-secret", SECRET);
});
afterAll(() => {
  server.close();
  linear.stop();
});
const { get, post, patch } = jsonClient(() => server);
const admin = () => server.demo.tokens.admin;
const feedback = async (key: string) => (await get(`${server.url}/v1/feedbacks/${key}`, admin())).body;
const report = async (message: string) => {
  const key = (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message })).body.ticketId as string;
  await server.runJobs();
  return key;
};
/** Runs the due jobs as the server's worker does (a failure puts the job back, later), and says how each went. */
const drainJobs = async () => {
  const outcomes: string[] = [];
  const run = runServiceJob(server.services);
  for (let ran = await runNextJob(server.services, run); ran.state !== "idle"; ran = await runNextJob(server.services, run)) outcomes.push(ran.state);
  return outcomes;
};
const hook = (raw: string, signature: string) =>
  server.request("POST", "/integrations/linear/webhook", { raw, headers: { "content-type": "application/json", "linear-signature": signature } });

describe("an app tracking its feedbacks in Linear", () => {
  let key: string;

  test("tracker set asks Linear for the key's user and the team, then stores the settings, the API key sealed, and prints the webhook address and secret", async () => {
    expect(printed).toContain(`Its webhook: ${server.url}/integrations/linear/webhook, secret:\n${SECRET}`);
    expect(linear.calls).toEqual(["viewer", "teams"]);
    const stored = await server.services.store.findAppTracker(server.demo.orgId, server.demo.appId);
    expect(stored?.provider).toBe("linear");
    expect(stored?.settingsSealed).not.toContain(linear.token);
  });

  test("linking a feedback opens an issue in the team, in the state its status maps to", async () => {
    key = await report("Invoices are rounded to the wrong cent");
    const linked = await post(`${server.url}/v1/feedbacks/${key}/tracker`, {}, { authorization: `Bearer ${admin()}` });
    expect(linked.status).toBe(200);
    expect(linked.body.trackerIssue).toEqual({
      key: "ENG-1",
      provider: "linear",
      status: "Backlog",
      url: "https://linear.app/acme/issue/ENG-1",
      syncedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(linear.issues.get("ENG-1")).toMatchObject({ title: "Invoices are rounded to the wrong cent" });
    expect(linear.issues.get("ENG-1")?.description).toContain(`Feedback ${key}: ${server.url}/inbox/${key}`);
  });

  test("the issue follows the feedback's status, with the comment that came with it", async () => {
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "in_development", comment: "Fix in PR #88" });
    await server.runJobs();
    expect([linear.stateOf("ENG-1"), linear.issues.get("ENG-1")?.comments]).toEqual(["In Progress", ["Fix in PR #88"]]);
    expect((await feedback(key)).trackerIssue.status).toBe("In Progress");
  });

  test("the status mapping set with the CLI decides the state", async () => {
    const mapping = await server.cli("tracker", "statuses", "DEMO", server.demo.appId, "fixed=In Review");
    expect(mapping).toContain("fixed → In Review\n");
    expect(mapping).toContain("delivered → (default: the first completed state)\n");
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "fixed" });
    await server.runJobs();
    expect(linear.stateOf("ENG-1")).toBe("In Review");
  });

  test("while Linear is unreachable the sync waits in the job queue, and is retried until it gets through", async () => {
    linear.down = true;
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "delivered" });
    // Delivering also notifies the followers: that job is done, the sync is put back.
    expect((await drainJobs()).sort()).toEqual(["done", "retry"]);
    expect(linear.stateOf("ENG-1")).toBe("In Review");
    linear.down = false;
    expect(await drainJobs()).toEqual([]);
    server.advanceClock(10_000);
    expect(await drainJobs()).toEqual(["done"]);
    expect(linear.stateOf("ENG-1")).toBe("Done");
  });

  test("moving the issue in Linear moves the feedback, through the mapping, and nothing echoes back", async () => {
    const calls = linear.calls.length;
    const moved = linear.move("ENG-1", "In Review", SECRET, server.services.clock());
    const res = await hook(moved.raw, moved.signature);
    expect([res.status, res.body]).toEqual([202, { moved: 1 }]);
    const read = await feedback(key);
    expect([read.status, read.trackerIssue.status]).toEqual(["fixed", "In Review"]);
    // Reopened (it was delivered), the feedback is compared again: the one job, and no sync goes back to Linear.
    expect(await server.runJobs()).toBe(1);
    expect(linear.calls.length).toBe(calls);
  });

  test("by default a state's kind decides: a canceled issue dismisses its feedback", async () => {
    const moved = linear.move("ENG-1", "Canceled", SECRET, server.services.clock());
    expect((await hook(moved.raw, moved.signature)).body).toEqual({ moved: 1 });
    expect((await feedback(key)).status).toBe("dismissed");
  });

  test("an edit that leaves the state alone moves nothing", async () => {
    const event = JSON.parse(linear.move("ENG-1", "In Progress", SECRET, server.services.clock()).raw);
    const raw = JSON.stringify({ ...event, updatedFrom: { title: "Old title", updatedAt: event.createdAt } });
    const res = await hook(raw, new Bun.CryptoHasher("sha256", SECRET).update(raw).digest("hex"));
    expect([res.status, res.body]).toEqual([202, { moved: 0 }]);
    expect((await feedback(key)).status).toBe("dismissed");
  });

  test("a forged signature is refused with 401 invalid_signature and moves nothing", async () => {
    const moved = linear.move("ENG-1", "In Progress", "not-the-secret", server.services.clock());
    const res = await hook(moved.raw, moved.signature);
    expect([res.status, res.body.code]).toEqual([401, "invalid_signature"]);
    expect((await feedback(key)).status).toBe("dismissed");
  });

  test("a delivery signed with the team's secret moves no feedback of another app of the organization, though it names that app's issue: it is refused", async () => {
    // Another app tracks the team OPS of another Linear workspace, whose admins hold another secret.
    const grant = operatorGrant(server.demo.orgId);
    const other = await createApp(server.services, grant, { name: "Back office", kind: "web" });
    if (!other.ok) throw new Error(other.code);
    const channel = await addChannel(server.services, grant, other.value.id, "api");
    if (!channel.ok) throw new Error(channel.code);
    const theirs = (await post(`${server.url}/v1/reports`, { publicKey: channel.value.key, kind: "problem", message: "Payroll export is empty" }))
      .body.ticketId as string;
    await server.runJobs();
    const record = (await resolveFeedback(server.services, server.demo.orgId, theirs))!;
    await server.services.store.setFeedbackTracker(server.demo.orgId, record.id, { key: "OPS-5", provider: "linear", status: "Todo" });
    const event = JSON.parse(linear.move("ENG-1", "Done", SECRET, server.services.clock()).raw);
    const raw = JSON.stringify({ ...event, data: { ...event.data, identifier: "OPS-5" } });
    const res = await hook(raw, new Bun.CryptoHasher("sha256", SECRET).update(raw).digest("hex"));
    expect([res.status, res.body.code]).toEqual([401, "invalid_signature"]);
    expect((await feedback(theirs)).status).toBe("triage");
  });

  test("a delivery naming an issue of another team is refused unless that team's secret signs it, whatever team the body says (a feedback still linked from before the app changed teams)", async () => {
    const before = await report("Archive search returns nothing");
    const record = (await resolveFeedback(server.services, server.demo.orgId, before))!;
    await server.services.store.setFeedbackTracker(server.demo.orgId, record.id, { key: "OPS-7", provider: "linear", status: "Todo" });
    const event = JSON.parse(linear.move("ENG-1", "Done", SECRET, server.services.clock()).raw);
    const raw = JSON.stringify({ ...event, data: { ...event.data, identifier: "OPS-7" } });
    const res = await hook(raw, new Bun.CryptoHasher("sha256", SECRET).update(raw).digest("hex"));
    expect([res.status, res.body.code]).toEqual([401, "invalid_signature"]);
    expect((await feedback(before)).status).toBe("triage");
  });

  test("a delivery sent more than a minute ago is refused as Linear documents, even well signed", async () => {
    const moved = linear.move("ENG-1", "In Progress", SECRET, server.services.clock() - 61_000);
    const res = await hook(moved.raw, moved.signature);
    expect([res.status, res.body.code]).toEqual([401, "invalid_signature"]);
    expect((await feedback(key)).status).toBe("dismissed");
  });

  test("linking while Linear is unreachable answers 502 tracker_unavailable and links nothing", async () => {
    const other = await report("Dark mode forgets itself after sign-out");
    linear.down = true;
    const res = await post(`${server.url}/v1/feedbacks/${other}/tracker`, {}, { authorization: `Bearer ${admin()}` });
    // The operator's CLI says what Linear answered.
    const told = await server.cli("tracker", "link", "DEMO", other).catch((e: Error) => e.message);
    linear.down = false;
    expect([res.status, res.body.code]).toEqual([502, "tracker_unavailable"]);
    expect(told).toEndWith("Try again in a moment. It said: GraphQL Error (Code: 503) - Service unavailable");
    expect((await feedback(other)).trackerIssue).toBeUndefined();
  });

  test("an existing issue of the team can be linked with the CLI; another team's key names no issue of the team (400 invalid_body)", async () => {
    const other = await report("Exported CSV drops the currency column");
    linear.add("Currency column missing from CSV export", "Todo");
    expect(await server.cli("tracker", "link", "DEMO", other, "eng-2")).toContain("ENG-2 https://linear.app/acme/issue/ENG-2");
    expect((await feedback(other)).trackerIssue).toMatchObject({ key: "ENG-2", provider: "linear", status: "Todo" });
    const res = await post(`${server.url}/v1/feedbacks/${other}/tracker`, { issue: "OPS-2" }, { authorization: `Bearer ${admin()}` });
    expect([res.status, res.body.code]).toEqual([400, "invalid_body"]);
  });
  test("an issue is also linked by its address in Linear, as a person copies it from the issue", async () => {
    const other = await report("Invoices list forgets its sort order");
    const issue = linear.add("Sort order of invoices is lost");
    const address = `https://linear.app/acme/issue/${issue.identifier}/sort-order-of-invoices-is-lost`;
    const res = await post(`${server.url}/v1/feedbacks/${other}/tracker`, { issue: address }, { authorization: `Bearer ${admin()}` });
    expect([res.status, res.body.trackerIssue?.key]).toEqual([200, issue.identifier]);
  });

  test("an issue linked to two feedbacks moves both when Linear moves it: each takes the status, and the issue's state", async () => {
    const issue = linear.add("Dark mode forgets the chart colours", "In Progress");
    const [first, second] = [await report("Charts are unreadable in dark mode"), await report("Dark mode chart legend is black on black")];
    await server.cli("tracker", "link", "DEMO", first, issue.identifier);
    await server.cli("tracker", "link", "DEMO", second, `https://linear.app/acme/issue/${issue.identifier}/dark-mode`);
    const moved = linear.move(issue.identifier, "Done", SECRET, server.services.clock());
    const res = await hook(moved.raw, moved.signature);
    expect([res.status, res.body]).toEqual([202, { moved: 2 }]);
    for (const key of [first, second]) {
      const read = await feedback(key);
      expect([read.status, read.trackerIssue.status]).toEqual(["delivered", "Done"]);
    }
  });

  test("tracker statuses refuses a state the team's workflow lacks, naming the status and the states it has, and keeps the mapping", async () => {
    const told = await server.cli("tracker", "statuses", "DEMO", server.demo.appId, "dismissed=Won't Do").catch((e: Error) => e.message);
    expect(told).toContain(
      "dismissed: the tracker has no state named “Won't Do”; its workflow's states are Backlog, Todo, In Progress, In Review, Done, Canceled.",
    );
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).toContain(
      "dismissed → (default: the first canceled or completed state)\n",
    );
  });

  test("the settings form refuses a state the team's workflow lacks beside its field, naming the status by its label, in French too, and keeps the mapping", async () => {
    const page = `/settings/apps/${server.demo.appId}/tracker`;
    const statusesForm = (html: string) => /<form method="post" action="[^"]+\/tracker\/statuses"[^>]*>[\s\S]*?<\/form>/.exec(html)![0];
    for (const [language, said] of [
      [
        "en",
        "Dismissed: the tracker has no state named “Won&#39;t Do”; its workflow&#39;s states are Backlog, Todo, In Progress, In Review, Done, Canceled.",
      ],
      ["fr", "Écarté\u202f: le gestionnaire de tickets n’a aucun état nommé «\u202fWon&#39;t Do\u202f»"],
    ] as const) {
      const browser = await signedInAs(server, "admin", page, { "accept-language": language });
      const refused = await browser.submit(statusesForm(await (await browser.fetch(page)).text()), { "state.dismissed": "Won't Do" });
      expect(refused.status).toBe(400);
      const shown = await refused.text();
      expect(shown).toMatch(new RegExp(`<p class="error" role="alert" id="state-[^"]+-dismissed-error">${said}`));
      expect(shown).toContain(`name="state.dismissed" value="Won&#39;t Do"`);
    }
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).toContain(
      "dismissed → (default: the first canceled or completed state)\n",
    );
  });

  test("tracker set refuses a --statuses mapping naming a state the team's workflow lacks, and keeps the settings it had", async () => {
    const set = (statuses: string) => setLinear("--statuses", statuses);
    const told = await set("dismissed=Won't Do").catch((e: Error) => e.message);
    expect(told).toContain("dismissed: the tracker has no state named “Won't Do”");
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).not.toContain("Won't Do");
    expect(await set("dismissed=Canceled")).toContain("Its webhook:");
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).toContain("dismissed → Canceled");
    await server.cli("tracker", "statuses", "DEMO", server.demo.appId, "dismissed=");
  });

  test("the settings form refuses a state the team's workflow lacks, in the visitor's language, and keeps the mapping", async () => {
    const page = `/settings/apps/${server.demo.appId}/tracker`;
    const browser = await signedInAs(server, "admin", page, { "accept-language": "fr" });
    const form = /<form method="post" action="[^"]+\/tracker\/statuses"[^>]*>[\s\S]*?<\/form>/.exec(await (await browser.fetch(page)).text())![0];
    const refused = await browser.submit(form, { "state.dismissed": "Won't Do" });
    expect(await refused.text()).toContain(
      "le gestionnaire de tickets n’a aucun état nommé «\u202fWon&#39;t Do\u202f»\u202f; les états de son flux de travail sont Backlog, Todo, In Progress, In Review, Done, Canceled",
    );
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).not.toContain("Won't Do");
  });
});
