import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";
import { scratchDir } from "../../support/scratch.ts";

let server: InProcess;
let db: Database;
/** The e-mails handed to a notifier that delivers (a service without SMTP keeps none as sent). */
const mails: Array<{ to: string; subject: string }> = [];
beforeAll(async () => {
  const dataDir = scratchDir("effects");
  server = await inProcess({ env: { DATA_DIR: dataDir }, with: { notifier: { delivers: true, send: async (m) => void mails.push(m) } } });
  db = new Database(join(dataDir, "retour.sqlite"), { readonly: true });
});
afterAll(() => {
  db.close();
  server.close();
});
const { get, patch, post } = jsonClient(() => server);
/** The background jobs (grouping, triage, notifications) run to the end, as the worker would run them. */
const jobsDone = () => server.runJobs();

const report = async (message: string, extra: Record<string, unknown> = {}) =>
  (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message, ...extra })).body.ticketId as string;
const idOf = async (key: string) => (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body.id as string;
const events = (feedbackId: string) =>
  db
    .query<{ type: string; previous_status: string | null }, [string]>(
      "SELECT type, previous_status FROM events WHERE feedback_id = ? ORDER BY created_at, rowid",
    )
    .all(feedbackId);

describe("events", () => {
  test("a new feedback writes no event when no webhook subscribes to feedback.created: its row says it all", async () => {
    const id = await idOf(await report("Timeline widget skips a day"));
    expect(events(id)).toEqual([]);
  });

  test("a status change writes feedback.status_changed with previousStatus, kept as the history; feedback.shipped only for a subscriber", async () => {
    const key = await report("Printing cuts the right margin");
    const id = await idOf(key);
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "fixed" });
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    expect(events(id)).toEqual([
      { type: "feedback.status_changed", previous_status: "triage" },
      { type: "feedback.status_changed", previous_status: "fixed" },
    ]);
  });

  test("no event when the status does not change; the comment is still added", async () => {
    const key = await report("Footer copyright year is outdated");
    const id = await idOf(key);
    const res = await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "triage", comment: "looked at it" });
    expect(res.status).toBe(200);
    expect(events(id)).toEqual([]);
    expect(db.query<{ text: string }, [string]>("SELECT text FROM comments WHERE feedback_id = ?").all(id)).toEqual([{ text: "looked at it" }]);
  });

  test("for dismissed, the comment is kept as the reason", async () => {
    const key = await report("Hyperlink colour too pale to read");
    const id = await idOf(key);
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "dismissed", comment: "By design" });
    expect(db.query<{ text: string; status_to: string }, [string]>("SELECT text, status_to FROM comments WHERE feedback_id = ?").get(id)).toEqual({
      text: "By design",
      status_to: "dismissed",
    });
  });
});

describe("followers", () => {
  test("moving to delivered notifies each follower once, even when delivered again later", async () => {
    const key = await report("Follower probe about the CSV import", { user: { email: "Reporter@Example.com", name: "Rita" } });
    const id = await idOf(key);
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    const notified = () => db.query<{ email: string }, [string]>("SELECT email FROM notifications WHERE feedback_id = ?").all(id);
    await jobsDone();
    expect(notified()).toEqual([{ email: "reporter@example.com" }]);
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "fixed" });
    await patch(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin, { status: "delivered" });
    await jobsDone();
    expect(notified()).toEqual([{ email: "reporter@example.com" }]);
    expect(mails.filter((m) => m.to === "reporter@example.com").length).toBe(1);
  });
});

describe("grouping in the background", () => {
  test("a report on the same subject is merged into the older feedback; its ticketId keeps answering with the survivor", async () => {
    const first = await report("Exporting the yearly report to Excel crashes the app");
    const second = await report("The app crashes when exporting the yearly report to Excel", { user: { email: "second@example.com" } });
    await jobsDone();
    const survivor = await get(`${server.url}/v1/feedbacks/${second}`, server.demo.tokens.admin);
    expect(survivor.body).toMatchObject({ key: first, reports: 2 });
    expect(survivor.body.reportList.map((r: any) => r.text)).toEqual([
      "Exporting the yearly report to Excel crashes the app",
      "The app crashes when exporting the yearly report to Excel",
    ]);
    const listed = await get(`${server.url}/v1/feedbacks?query=yearly%20excel`, server.demo.tokens.admin);
    expect(listed.body.data.map((f: any) => f.key)).toEqual([first]);
    const followers = db.query<{ email: string }, [string]>("SELECT email FROM followers WHERE feedback_id = ?").all(survivor.body.id);
    expect(followers).toEqual([{ email: "second@example.com" }]);
  });

  test("different subjects stay apart", async () => {
    const a = await report("The calendar shows the wrong week number");
    const b = await report("Password reset e-mails never arrive");
    await jobsDone();
    expect((await get(`${server.url}/v1/feedbacks/${b}`, server.demo.tokens.admin)).body.key).toBe(b);
    expect((await get(`${server.url}/v1/feedbacks/${a}`, server.demo.tokens.admin)).body.key).toBe(a);
  });

  test("grouping never crosses apps", async () => {
    await server.cli("app", "create", "DEMO", "Second app");
    const apps = (await get(`${server.url}/v1/apps`, server.demo.tokens.admin)).body.data;
    const second = apps.find((a: any) => a.name === "Second app");
    const key = (await server.cli("channel", "create", "DEMO", second.id)).trim();
    const a = await report("Dark mode toggle resets after every login");
    const b = (await post(`${server.url}/v1/reports`, { publicKey: key, kind: "problem", message: "Dark mode toggle resets after every login" })).body
      .ticketId;
    await jobsDone();
    expect((await get(`${server.url}/v1/feedbacks/${b}`, server.demo.tokens.admin)).body.key).toBe(b);
    expect((await get(`${server.url}/v1/feedbacks/${a}`, server.demo.tokens.admin)).body.reports).toBe(1);
  });
});

describe("triage in the background", () => {
  const settled = () => jobsDone();

  test("a report is attached to the feature its words point to, and never graded below the feature's floor", async () => {
    const key = await report("My card payment is refused at the last step");
    await settled();
    const read = (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body;
    expect(read.feature).toEqual({ id: "feat-checkout-payment", path: "checkout/payment" });
    // "refused" alone reads as P1; the Payment feature's floor is P0.
    expect(read.severity).toBe("P0");
    expect(read.nature).toBe("bug");
  });

  test("a graver reading than the floor stays", async () => {
    const key = await report("Changing my password crashes the profile page");
    await settled();
    const read = (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body;
    expect(read.feature?.path).toBe("account/settings");
    expect(read.severity).toBe("P1");
  });

  test("ideas get no severity; the feature's open feedbacks count them", async () => {
    const key = (
      await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "idea", message: "Search could suggest recent queries" })
    ).body.ticketId;
    await settled();
    const read = (await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.admin)).body;
    expect(read).toMatchObject({ feature: { path: "search" }, nature: "request" });
    expect(read.severity).toBeUndefined();
    const features = (await get(`${server.url}/v1/apps/${server.demo.appId}/features`, server.demo.tokens.admin)).body.data;
    expect(features.find((f: any) => f.path === "search").openFeedbacks).toBeGreaterThanOrEqual(1);
    const filtered = (await get(`${server.url}/v1/feedbacks?featureId=feat-search`, server.demo.tokens.admin)).body.data;
    expect(filtered.map((f: any) => f.key)).toContain(key);
  });
});
