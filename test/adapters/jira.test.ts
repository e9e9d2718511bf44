import { resolveFeedback } from "../../core/feedback/find-feedback.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runNextJob, runServiceJob } from "../../core/jobs/run-next-job.ts";
import { adfText, FakeJira } from "../support/fake-jira.ts";
import { inProcess, type InProcess, jsonClient } from "../support/in-process.ts";

const SECRET = "jira-webhook-secret";
const jira = new FakeJira();
let server: InProcess;
let printed: string;
beforeAll(async () => {
  jira.start();
  server = await inProcess();
  printed = await server.cli(
    "tracker",
    "set",
    "DEMO",
    server.demo.appId,
    "jira",
    "--site",
    "acme",
    "--project",
    "shop",
    "--email",
    jira.email,
    "--token",
    jira.token,
    "--webhook-secret",
    SECRET,
    "--api-url",
    jira.url,
  );
});
afterAll(() => {
  server.close();
  jira.stop();
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
  server.request("POST", "/integrations/jira/webhook", { raw, headers: { "content-type": "application/json", "x-hub-signature": signature } });

describe("an app tracking its feedbacks in Jira Cloud", () => {
  let key: string;

  test("tracker set asks Jira for the account, the project and the account's permissions there, then stores the settings, the API token sealed, and prints the webhook address and secret", async () => {
    expect(printed).toContain(`Its webhook: ${server.url}/integrations/jira/webhook, secret:\n${SECRET}`);
    expect(jira.calls).toEqual(["GET /rest/api/3/myself", "GET /rest/api/3/project/SHOP", "GET /rest/api/3/mypermissions"]);
    const stored = await server.services.store.findAppTracker(server.demo.orgId, server.demo.appId);
    expect(stored?.provider).toBe("jira");
    expect(stored?.settingsSealed).not.toContain(jira.token);
  });

  test("linking a feedback opens a Task in the project, its description in Atlassian Document Format, linked on the site", async () => {
    key = await report("Promo codes are case sensitive");
    const linked = await post(`${server.url}/v1/feedbacks/${key}/tracker`, {}, { authorization: `Bearer ${admin()}` });
    expect(linked.status).toBe(200);
    expect(linked.body.trackerIssue).toEqual({
      key: "SHOP-1",
      provider: "jira",
      status: "To Do",
      url: "https://acme.atlassian.net/browse/SHOP-1",
      syncedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const issue = jira.issues.get("SHOP-1")!;
    expect([issue.summary, issue.issueType]).toEqual(["Promo codes are case sensitive", "Task"]);
    expect(adfText(issue.description)).toContain(`Feedback ${key}: ${server.url}/inbox/${key}`);
  });

  test("the issue follows the feedback's status along its workflow, with the comment that came with it", async () => {
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "in_development", comment: "Fix in PR #91" });
    await server.runJobs();
    const issue = jira.issues.get("SHOP-1")!;
    expect([issue.status.name, issue.comments]).toEqual(["In Progress", ["Fix in PR #91"]]);
    expect(jira.calls).toContain("POST /rest/api/3/issue/SHOP-1/transitions");
    expect((await feedback(key)).trackerIssue.status).toBe("In Progress");
  });

  test("the status mapping set with the CLI decides the status", async () => {
    const mapping = await server.cli("tracker", "statuses", "DEMO", server.demo.appId, "dismissed=Won't Do");
    expect(mapping).toContain("dismissed → Won't Do\n");
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "dismissed" });
    await server.runJobs();
    expect(jira.issues.get("SHOP-1")!.status.name).toBe("Won't Do");
  });

  test("tracker statuses refuses a state the project's workflow lacks, naming the status and the states it has", async () => {
    const told = await server.cli("tracker", "statuses", "DEMO", server.demo.appId, "fixed=In Review").catch((e: Error) => e.message);
    expect(told).toContain("fixed: the tracker has no state named “In Review”; its workflow's states are To Do, In Progress, Done, Won't Do.");
    expect(jira.calls).toContain("GET /rest/api/3/project/SHOP/statuses");
  });

  test("while Jira is unreachable the sync waits in the job queue, and is retried until it gets through", async () => {
    jira.down = true;
    await patch(`${server.url}/v1/feedbacks/${key}`, admin(), { status: "prioritized" });
    // Reopened (it was dismissed), the feedback is compared again: that job is done, the sync is put back.
    expect((await drainJobs()).sort()).toEqual(["done", "retry"]);
    expect(jira.issues.get("SHOP-1")!.status.name).toBe("Won't Do");
    jira.down = false;
    expect(await drainJobs()).toEqual([]);
    server.advanceClock(10_000);
    expect(await drainJobs()).toEqual(["done"]);
    expect(jira.issues.get("SHOP-1")!.status.name).toBe("To Do");
  });

  test("moving the issue in Jira moves the feedback, and nothing echoes back", async () => {
    const calls = jira.calls.length;
    const moved = jira.move("SHOP-1", "Done", SECRET);
    const res = await hook(moved.raw, moved.signature);
    expect([res.status, res.body]).toEqual([202, { moved: 1 }]);
    const read = await feedback(key);
    expect([read.status, read.trackerIssue.status]).toEqual(["delivered", "Done"]);
    // Delivering notifies the followers; no sync goes back to Jira.
    await server.runJobs();
    expect(jira.calls.length).toBe(calls);
  });

  test("a status the mapping names moves the feedback to its status", async () => {
    const moved = jira.move("SHOP-1", "Won't Do", SECRET);
    expect((await hook(moved.raw, moved.signature)).body).toEqual({ moved: 1 });
    expect((await feedback(key)).status).toBe("dismissed");
  });

  test("an edit that leaves the status alone moves nothing", async () => {
    const raw = JSON.stringify({
      ...JSON.parse(jira.move("SHOP-1", "In Progress", SECRET).raw),
      changelog: { id: "1", items: [{ field: "summary" }] },
    });
    const res = await hook(raw, `sha256=${new Bun.CryptoHasher("sha256", SECRET).update(raw).digest("hex")}`);
    expect([res.status, res.body]).toEqual([202, { moved: 0 }]);
    expect((await feedback(key)).status).toBe("dismissed");
  });

  test("a delivery naming an issue of another project is refused unless that project's secret signs it, whatever project its fields say", async () => {
    const before = await report("Archive search returns nothing");
    const record = (await resolveFeedback(server.services, server.demo.orgId, before))!;
    await server.services.store.setFeedbackTracker(server.demo.orgId, record.id, { key: "OPS-7", provider: "jira", status: "To Do" });
    const event = JSON.parse(jira.move("SHOP-1", "Done", SECRET).raw);
    const raw = JSON.stringify({ ...event, issue: { ...event.issue, key: "OPS-7" } });
    const res = await hook(raw, `sha256=${new Bun.CryptoHasher("sha256", SECRET).update(raw).digest("hex")}`);
    expect([res.status, res.body.code]).toEqual([401, "invalid_signature"]);
    expect((await feedback(before)).status).toBe("triage");
  });

  test("a forged signature is refused with 401 invalid_signature and moves nothing", async () => {
    const moved = jira.move("SHOP-1", "In Progress", "not-the-secret");
    const res = await hook(moved.raw, moved.signature);
    expect([res.status, res.body.code]).toEqual([401, "invalid_signature"]);
    const unsigned = await hook(moved.raw, "");
    expect([unsigned.status, unsigned.body.code]).toEqual([401, "invalid_signature"]);
    expect((await feedback(key)).status).toBe("dismissed");
  });

  test("linking with a token Jira refuses answers 502 tracker_unavailable, saying the tracker refused its token, and links nothing", async () => {
    const other = await report("Order history is empty on the first visit");
    const given = jira.token;
    // An Atlassian admin revoked the token given to tracker set.
    jira.token = "another-token";
    const res = await post(`${server.url}/v1/feedbacks/${other}/tracker`, {}, { authorization: `Bearer ${admin()}` });
    const inFrench = await post(`${server.url}/v1/feedbacks/${other}/tracker`, {}, { authorization: `Bearer ${admin()}`, "accept-language": "fr" });
    // The operator's CLI says what Jira answered.
    const told = await server.cli("tracker", "link", "DEMO", other).catch((e: Error) => e.message);
    jira.token = given;
    expect([res.status, res.body]).toEqual([
      502,
      {
        code: "tracker_unavailable",
        error:
          "The app's issue tracker refused its token (wrong, revoked or expired, or without access to the project): trying again will not help. An operator gives a new token with tracker set.",
      },
    ]);
    expect(inFrench.body.error).toStartWith("Le gestionnaire de tickets de l’application a refusé son jeton");
    expect(told).toEndWith("tracker set. It said: 401 Client must be authenticated to access this resource.");
    expect((await feedback(other)).trackerIssue).toBeUndefined();
  });

  test("an existing issue of the project can be linked with the CLI; another project's key names no issue of the project (400 invalid_body)", async () => {
    const other = await report("Gift wrap option disappears at checkout");
    jira.add("Gift wrap missing", "In Progress");
    expect(await server.cli("tracker", "link", "DEMO", other, "shop-2")).toContain("SHOP-2 https://acme.atlassian.net/browse/SHOP-2");
    expect((await feedback(other)).trackerIssue).toMatchObject({ key: "SHOP-2", provider: "jira", status: "In Progress" });
    const res = await post(`${server.url}/v1/feedbacks/${other}/tracker`, { issue: "OPS-2" }, { authorization: `Bearer ${admin()}` });
    expect([res.status, res.body.code]).toEqual([400, "invalid_body"]);
  });
  test("an issue is also linked by its address on the site: /browse/KEY, or a board's selectedIssue", async () => {
    const [first, second] = [await report("Wishlist loses items after sign-in"), await report("Coupon field rejects lower case")];
    const [browsed, selected] = [jira.add("Wishlist emptied at sign-in"), jira.add("Coupons are case-sensitive")];
    const link = (key: string, issue: string) => post(`${server.url}/v1/feedbacks/${key}/tracker`, { issue }, { authorization: `Bearer ${admin()}` });
    const byBrowse = await link(first, `https://acme.atlassian.net/browse/${browsed.key}`);
    const byBoard = await link(second, `https://acme.atlassian.net/jira/software/projects/SHOP/boards/1?selectedIssue=${selected.key}`);
    expect([byBrowse.body.trackerIssue?.key, byBoard.body.trackerIssue?.key]).toEqual([browsed.key, selected.key]);
  });

  test("the address of an issue on another site names no issue of the project (400 invalid_body), though its project's key is the same", async () => {
    const other = await report("Store locator shows closed shops");
    const issue = jira.add("Closed shops on the map");
    const link = (site: string) =>
      post(`${server.url}/v1/feedbacks/${other}/tracker`, { issue: `https://${site}/browse/${issue.key}` }, { authorization: `Bearer ${admin()}` });
    const res = await link("other.atlassian.net");
    expect([res.status, res.body.code]).toEqual([400, "invalid_body"]);
    // The same address on the project's own site names the issue.
    const own = await link("acme.atlassian.net");
    expect([own.status, own.body.trackerIssue?.key]).toEqual([200, issue.key]);
  });
});
