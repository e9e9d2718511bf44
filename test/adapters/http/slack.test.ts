import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { runNextJob, runServiceJob } from "../../../core/jobs/run-next-job.ts";
import { slackSignature } from "../../../core/slack/signature.ts";
import { FakeSlack } from "../../support/fake-slack.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";
import { waitFor } from "../../support/wait.ts";
import { formatTime } from "../../../adapters/http/web/words.ts";

const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const TOKEN = "xoxb-test-token";

let slack: FakeSlack;
let app: InProcess;
let orgId: string;
let sequence = 0;

/** What Slack sends: a body signed with the app's signing secret over `v0:{timestamp}:{body}`, now unless told otherwise. */
async function fromSlack(name: string, body: string, options: { secret?: string; at?: number; org?: string } = {}) {
  const timestamp = String(Math.floor((options.at ?? app.services.clock()) / 1000));
  const signature = await slackSignature(options.secret ?? SECRET, timestamp, body);
  return app.request("POST", `/integrations/slack/${name}?org=${options.org ?? orgId}`, {
    raw: body,
    headers: {
      "content-type": name === "events" ? "application/json" : "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": timestamp,
      "x-slack-signature": signature,
    },
  });
}

const command = (text: string, fields: Record<string, string> = {}) =>
  new URLSearchParams({
    token: "legacy-verification-token",
    team_id: "T1",
    channel_id: "C-SUPPORT",
    user_id: "U-ANN",
    user_name: "ann",
    command: "/retour",
    text,
    response_url: slack.responseUrl(`command-${++sequence}`),
    trigger_id: `trigger-${sequence}`,
    ...fields,
  }).toString();

/** The "Send to Retour" message shortcut on a message, as Slack posts it to the interactivity URL. */
const shortcut = (message: { ts: string; text: string; user: string }, team = "T1") =>
  new URLSearchParams({
    payload: JSON.stringify({
      type: "message_action",
      callback_id: "send_to_retour",
      trigger_id: `trigger-${++sequence}`,
      response_url: slack.responseUrl(`shortcut-${sequence}`),
      team: { id: team },
      channel: { id: "C-SUPPORT", name: "support" },
      user: { id: "U-ANN", name: "ann", team_id: team },
      message_ts: message.ts,
      message: { type: "message", ...message },
    }),
  }).toString();

/** Slack's `tokens_revoked` event, as it posts it to the events URL: the user ids whose tokens of each kind were revoked. */
const revoked = (eventId: string, tokens: { oauth?: string[]; bot?: string[] }) =>
  JSON.stringify({ type: "event_callback", team_id: "T1", event_id: eventId, event_time: 1, event: { type: "tokens_revoked", tokens } });

/** Slack's `app_uninstalled` event, as it posts it to the events URL, from the workspace the app left. */
const uninstalled = (eventId: string, time: number, team = "T1") =>
  JSON.stringify({
    type: "event_callback",
    team_id: team,
    event_id: eventId,
    event_time: time,
    event: { type: "app_uninstalled" },
    authorizations: [{ team_id: team, user_id: "U0BOT", is_bot: true, is_enterprise_install: false }],
  });

async function reportOf(key: string) {
  const feedback = (await app.services.store.findFeedback(orgId, key))!;
  const [report] = await app.services.store.listReports(feedback.id);
  return { feedback, report: report! };
}

/** Runs the due jobs as the worker does: a failing job is put back for later, with its backoff. */
async function work(): Promise<{ done: number; retried: number }> {
  const counts = { done: 0, retried: 0 };
  for (;;) {
    const run = await runNextJob(app.services, runServiceJob(app.services));
    if (run.state === "idle") return counts;
    if (run.state === "done") counts.done++;
    else counts.retried++;
  }
}

beforeAll(async () => {
  slack = new FakeSlack().start();
  slack.people.set("U-ANN", { name: "ann", realName: "Ann Lee", email: "Ann@Acme.test" });
  slack.people.set("U-BOB", { name: "bob", realName: "Bob Stone" });
  app = await inProcess({ env: { SLACK_API_URL: slack.apiUrl } });
  orgId = app.demo.orgId;
  // The demo's own feedbacks are graded before Slack is connected: the channel hears only of what follows.
  await app.runJobs();
  await app.cli("slack", "set", orgId, "--signing-secret", SECRET, "--bot-token", TOKEN, "--app", app.demo.appId, "--channel", "C-FEED");
});
afterAll(() => {
  app.close();
  slack.stop();
});
beforeEach(() => {
  slack.calls.length = 0;
  slack.responses.length = 0;
  slack.down = false;
  slack.teamId = "T1";
  slack.enterpriseId = undefined;
  slack.enterpriseInstall = false;
});

describe("requests from Slack", () => {
  test("a request signed as Slack signs it, with a fresh timestamp, is accepted", async () => {
    const answer = await fromSlack("commands", command("The export button does nothing"));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ response_type: "ephemeral", text: "Sending to Retour…" });
    await work();
  });

  test("a forged signature, another secret, a stale or future timestamp, an unknown organization: 401 invalid_signature, before anything is parsed", async () => {
    const garbage = "{not json, not a form";
    const now = app.services.clock();
    for (const name of ["commands", "interactions", "events"]) {
      for (const options of [{ secret: "another-secret" }, { at: now - 330_000 }, { at: now + 330_000 }, { org: "org-that-does-not-exist" }]) {
        const refused = await fromSlack(name, garbage, options);
        expect({ name, options, status: refused.status, code: refused.body.code }).toEqual({ name, options, status: 401, code: "invalid_signature" });
      }
      const unsigned = await app.request("POST", `/integrations/slack/${name}?org=${orgId}`, { raw: garbage });
      expect(unsigned.status).toBe(401);
    }
    const tampered = command("Hello");
    const timestamp = String(Math.floor(now / 1000));
    const forged = await app.request("POST", `/integrations/slack/commands?org=${orgId}`, {
      raw: tampered.replace("Hello", "Goodbye"),
      headers: { "x-slack-request-timestamp": timestamp, "x-slack-signature": await slackSignature(SECRET, timestamp, tampered) },
    });
    expect(forged.body.code).toBe("invalid_signature");
    expect(await work()).toEqual({ done: 0, retried: 0 });
  });
});

describe("the workspace the app is connected in", () => {
  /** A new organization whose Slack app is connected as `slack set` connects it, with one app, so reports need no dialog. */
  async function connectedOrg(prefix: string) {
    await app.cli("org", "create", `${prefix} Co`, "--prefix", prefix);
    const org = (await app.services.store.findOrganization(prefix))!;
    await app.cli("app", "create", prefix, "Web");
    await app.cli("slack", "set", prefix, "--signing-secret", SECRET, "--bot-token", TOKEN);
    return org.id;
  }

  const OTHER_WORKSPACE =
    "This workspace is not connected to Retour: the organization this Slack app sends reports to is connected to another workspace. Nothing was sent.";

  test("slack set keeps the workspace auth.test names for the bot token", async () => {
    const connection = await app.services.store.findSlackConnection(orgId);
    expect({ teamId: connection?.teamId, enterpriseId: connection?.enterpriseId }).toEqual({ teamId: "T1", enterpriseId: undefined });
  });

  test("/retour from another workspace the app is installed in is answered at once, with 200 and ephemerally, that it is not connected; nothing is queued", async () => {
    const answer = await fromSlack("commands", command("The export button does nothing", { team_id: "T-ELSEWHERE" }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ response_type: "ephemeral", text: OTHER_WORKSPACE });
    expect(await work()).toEqual({ done: 0, retried: 0 });
    expect(slack.calls).toEqual([]);
  });

  test("the Send to Retour shortcut from another workspace is answered through its response_url that it is not connected; nothing is queued", async () => {
    const answer = await fromSlack(
      "interactions",
      shortcut({ ts: "1712345678.004400", text: "Invoices show last year", user: "U-BOB" }, "T-ELSEWHERE"),
    );
    expect(answer.status).toBe(200);
    const [told] = await waitFor(
      "the refusal through response_url",
      () => slack.responses,
      (r) => r.length === 1,
    );
    expect(told!.body).toEqual({ response_type: "ephemeral", text: OTHER_WORKSPACE });
    expect(await work()).toEqual({ done: 0, retried: 0 });
  });

  test("app_uninstalled from another workspace is answered 200 and disconnects nothing; the connected workspace's own disconnects", async () => {
    const two = await connectedOrg("TWO");
    expect((await fromSlack("events", uninstalled("Ev-ELSEWHERE", 3, "T-ELSEWHERE"), { org: two })).status).toBe(200);
    expect(await app.services.store.findSlackConnection(two)).not.toBeNull();
    expect((await fromSlack("events", uninstalled("Ev-OWN", 4), { org: two })).status).toBe(200);
    expect(await app.services.store.findSlackConnection(two)).toBeNull();
  });

  test("a connection saved before its workspace was kept takes a report from any workspace, as before, and knows its own once saved again", async () => {
    const old = await connectedOrg("OLD");
    const { teamId: _, ...before } = (await app.services.store.findSlackConnection(old))!;
    await app.services.store.setSlackConnection(before);
    const taken = await fromSlack("commands", command("The export button does nothing", { team_id: "T-ELSEWHERE" }), { org: old });
    expect(taken.body).toEqual({ response_type: "ephemeral", text: "Sending to Retour…" });
    await work();
    expect(slack.responses.map((r) => r.body.text)).toEqual([expect.stringMatching(/^Sent to Retour as OLD-\d+: /)]);
    await app.cli("slack", "set", "OLD", "--signing-secret", SECRET, "--bot-token", TOKEN);
    const refused = await fromSlack("commands", command("The export button does nothing", { team_id: "T-ELSEWHERE" }), { org: old });
    expect(refused.body).toEqual({ response_type: "ephemeral", text: OTHER_WORKSPACE });
  });

  test("installed on a whole Enterprise Grid organization, the app takes reports from each of its workspaces, and none from another organization", async () => {
    slack.enterpriseId = "E1";
    slack.enterpriseInstall = true;
    const grid = await connectedOrg("GRID");
    expect(await app.services.store.findSlackConnection(grid)).toMatchObject({ enterpriseId: "E1" });
    const taken = await fromSlack("commands", command("The export button does nothing", { team_id: "T-SALES", enterprise_id: "E1" }), { org: grid });
    expect(taken.body.text).toBe("Sending to Retour…");
    const refused = await fromSlack("commands", command("The export button does nothing", { team_id: "T-SALES", enterprise_id: "E2" }), {
      org: grid,
    });
    expect(refused.body.text).toBe(OTHER_WORKSPACE);
    await work();
    expect(slack.responses.map((r) => r.body.text)).toEqual([expect.stringMatching(/^Sent to Retour as GRID-\d+: /)]);
  });
});

describe("reports from Slack", () => {
  test("/retour <text>: a report with source slack, its author from users.info (who then follows), and the feedback's key and link through response_url", async () => {
    await fromSlack("commands", command("idea: a dark mode for the weekly digest e-mails"));
    // Answered at once: Slack's own calls wait in the job queue.
    expect(slack.calls).toEqual([]);
    expect(slack.responses).toEqual([]);
    await work();
    expect(slack.callsOf("users.info")).toEqual([{ user: "U-ANN" }]);
    const [answer] = slack.responses;
    expect(answer!.body.response_type).toBe("ephemeral");
    const [, key, link] = /^Sent to Retour as (DEMO-\d+): (\S+)$/.exec(answer!.body.text)!;
    expect(link).toBe(`${app.url}/inbox/${key}`);
    const { feedback, report } = await reportOf(key!);
    expect(feedback.kind).toBe("idea");
    expect(report.source).toBe("slack");
    expect(report.report).toMatchObject({
      message: "a dark mode for the weekly digest e-mails",
      author: { id: "slack:U-ANN", name: "Ann Lee", email: "ann@acme.test" },
    });
    expect((await app.services.store.listFollowers(feedback.id)).map((f) => f.email)).toEqual(["ann@acme.test"]);
  });

  test("a report from Slack whose author Slack will not give (the bot token revoked since) waits, and its failure is kept for Settings → Slack until Slack answers", async () => {
    slack.botToken = "xoxb-reinstalled";
    try {
      await fromSlack("commands", command("The calendar export skips Sundays"));
      expect(await work()).toEqual({ done: 0, retried: 1 });
    } finally {
      slack.botToken = TOKEN;
    }
    expect((await app.services.store.findSlackConnection(orgId))!.lastFailure).toMatchObject({
      error: "An API error occurred: invalid_auth",
      refused: true,
    });
    app.advanceClock(5_000);
    // Recorded now, the report's grouping and its notice follow.
    expect((await work()).retried).toBe(0);
    expect((await app.services.store.findSlackConnection(orgId))!.lastFailure).toBeUndefined();
  });

  test("/retour with nothing to report, or more than a report holds, is answered why, and queues nothing", async () => {
    for (const text of ["", "  idea:  "]) {
      const answer = await fromSlack("commands", command(text));
      expect(answer.body).toEqual({
        response_type: "ephemeral",
        text: "Nothing to report: write it after the command (/retour The export button does nothing), or send a message that has text.",
      });
    }
    const long = await fromSlack("commands", command("é".repeat(10_001)));
    expect(long.body.text).toBe("Retour takes reports of up to 10,000 characters: this one is longer.");
    expect(await work()).toEqual({ done: 0, retried: 0 });
  });

  test("the shortcut on a message without text is answered why through its response_url, and queues nothing", async () => {
    const answer = await fromSlack("interactions", shortcut({ ts: "1712345678.000900", text: "", user: "U-BOB" }));
    expect(answer.status).toBe(200);
    const [told] = await waitFor(
      "the refusal through response_url",
      () => slack.responses,
      (r) => r.length === 1,
    );
    expect(told!.body.text).toStartWith("Nothing to report");
    expect(await work()).toEqual({ done: 0, retried: 0 });
  });

  test("the Send to Retour shortcut on one message twice gives one report; the second answer names the same feedback", async () => {
    const message = { ts: "1712345678.000100", text: "Customer says invoices PDF shows the wrong VAT number", user: "U-BOB" };
    await fromSlack("interactions", shortcut(message));
    await fromSlack("interactions", shortcut(message));
    await work();
    const texts = slack.responses.map((r) => r.body.text as string);
    const key = /as (DEMO-\d+)/.exec(texts[0]!)![1]!;
    expect(texts.toSorted()).toEqual([`Already in Retour as ${key}: ${app.url}/inbox/${key}`, `Sent to Retour as ${key}: ${app.url}/inbox/${key}`]);
    const { feedback, report } = await reportOf(key);
    expect(feedback.reports).toBe(1);
    // Bob's workspace shares no e-mail: his name only, and no one follows.
    expect(report.report.author).toEqual({ id: "slack:U-BOB", name: "Bob Stone" });
    expect(await app.services.store.listFollowers(feedback.id)).toEqual([]);
    expect(slack.callsOf("chat.getPermalink")[0]).toEqual({ channel: "C-SUPPORT", message_ts: "1712345678.000100" });
    const read = await app.request("GET", `/v1/feedbacks/${key}/reports/${report.id}`, { token: app.demo.tokens.admin });
    expect(read.body.source).toBe("slack");
    expect(read.body.context.page).toEqual({ url: "https://acme.slack.com/archives/C-SUPPORT/p1712345678000100" });
  });

  test("a message Slack does not show the app (its author unknown, its channel hidden) is recorded with what is known", async () => {
    slack.hiddenChannels.add("C-PRIVATE");
    const body = shortcut({ ts: "1712345678.000300", text: "The mobile menu overlaps the logo", user: "U-GONE" }).replace("C-SUPPORT", "C-PRIVATE");
    await fromSlack("interactions", body);
    expect(await work()).toMatchObject({ retried: 0 });
    const key = /as (DEMO-\d+)/.exec(slack.responses[0]!.body.text)![1]!;
    const { report } = await reportOf(key);
    expect(report.report.author).toEqual({ id: "slack:U-GONE" });
    expect(report.report.url).toBeUndefined();
  });

  test("an answer Slack no longer takes (an expired response_url) does not hold the report back, nor is tried again", async () => {
    const body = shortcut({ ts: "1712345678.000400", text: "Search ignores accents in customer names", user: "U-ANN" });
    slack.expiredResponses.add(`/respond/shortcut-${sequence}`);
    await fromSlack("interactions", body);
    expect(await work()).toMatchObject({ retried: 0 });
    expect(slack.responses).toEqual([]);
    const feedbacks = await app.services.store.listFeedbacks(orgId, { statuses: ["triage"], words: ["accent"] }, null, 5);
    expect(feedbacks.map((f) => f.title)).toEqual(["Search ignores accents in customer names"]);
  });

  /** A server on this machine that records the paths posted to it: where a response_url that is not Slack's would lead. */
  const insideServer = () => {
    const posted: string[] = [];
    const inside = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: (request) => {
        posted.push(new URL(request.url).pathname);
        return new Response("ok");
      },
    });
    return { posted, inside };
  };

  test("a response_url that is not Slack's (this machine, its network, the cloud's metadata) is posted nothing: the organization's signing secret signs it, not Slack", async () => {
    const { posted, inside } = insideServer();
    try {
      const aside = (path: string) => `http://127.0.0.1:${inside.port}${path}`;
      await fromSlack("commands", command("The invoice PDF has no logo", { response_url: aside("/internal/command") }));
      const body = shortcut({ ts: "1712345678.000950", text: "", user: "U-ANN" }).replace(
        encodeURIComponent(slack.responseUrl(`shortcut-${sequence}`)),
        encodeURIComponent(aside("/internal/shortcut")),
      );
      await fromSlack("interactions", body);
      expect(await work()).toMatchObject({ retried: 0 });
      // The shortcut's refusal is answered after its request: one more at Slack's own address, seen
      // there, shows that the refusals were sent (or dropped) by then.
      await fromSlack("interactions", shortcut({ ts: "1712345678.000960", text: "", user: "U-ANN" }));
      await waitFor(
        "the refusal at Slack's address",
        () => slack.responses,
        (r) => r.length === 1,
      );
      expect(posted).toEqual([]);
    } finally {
      inside.stop(true);
    }
  });

  test("an organization connected to a Slack of its own (slack set --api-url, which only the operator's CLI sets) is answered at that Slack's origin, and still posted nothing elsewhere", async () => {
    const own = new FakeSlack().start();
    const { posted, inside } = insideServer();
    try {
      await app.cli("org", "create", "Own Slack Co", "--prefix", "OWN", "--plan", "growth");
      const org = (await app.services.store.findOrganization("OWN"))!;
      await app.cli("app", "create", "OWN", "Web");
      const [web] = await app.services.store.listApps(org.id);
      await app.cli("slack", "set", "OWN", "--signing-secret", SECRET, "--bot-token", TOKEN, "--app", web!.id, "--api-url", own.apiUrl);
      await fromSlack("commands", command("The invoice PDF has no logo", { response_url: own.responseUrl("own-command") }), { org: org.id });
      const aside = `http://127.0.0.1:${inside.port}/internal/command`;
      await fromSlack("commands", command("The receipt e-mail has no logo", { response_url: aside }), { org: org.id });
      expect(await work()).toMatchObject({ retried: 0 });
      expect(own.responses.map((r) => [r.path, r.body.text])).toEqual([
        ["/respond/own-command", expect.stringMatching(/^Sent to Retour as OWN-\d+/)],
      ]);
      expect(posted).toEqual([]);
    } finally {
      inside.stop(true);
      own.stop();
    }
  });

  test("with several apps and no default, a dialog (views.open) asks which; the report goes to the app picked; a dialog Slack does not open is said at once", async () => {
    await app.cli("org", "create", "Pick Co", "--prefix", "PICK", "--plan", "growth");
    const org = (await app.services.store.findOrganization("PICK"))!;
    await app.cli("app", "create", "PICK", "Web");
    await app.cli("app", "create", "PICK", "iOS");
    const apps = await app.services.store.listApps(org.id);
    await app.cli("slack", "set", "PICK", "--signing-secret", SECRET, "--bot-token", TOKEN);
    const answer = await fromSlack("commands", command("The iOS app logs me out every morning"), { org: org.id });
    expect(answer.status).toBe(200);
    const [opened] = slack.callsOf("views.open");
    const view = JSON.parse(opened!.view);
    expect(opened!.trigger_id).toBe(`trigger-${sequence}`);
    expect(view.blocks[0].element.options.map((o: any) => o.text.text).toSorted()).toEqual(["Web", "iOS"]);
    const ios = apps.find((a) => a.name === "iOS")!;
    const submission = new URLSearchParams({
      payload: JSON.stringify({
        type: "view_submission",
        team: { id: "T1", domain: "acme" },
        user: { id: "U-ANN", team_id: "T1" },
        view: { ...view, state: { values: { app: { app: { type: "static_select", selected_option: { value: ios.id } } } } } },
      }),
    }).toString();
    expect((await fromSlack("interactions", submission, { org: org.id })).status).toBe(200);
    await work();
    const key = /as (PICK-\d+)/.exec(slack.responses[0]!.body.text)![1]!;
    expect((await app.services.store.findFeedback(org.id, key))?.appId).toBe(ios.id);

    // Slack down: the dialog cannot open within the trigger's three seconds, and the person is told so at once.
    slack.down = true;
    const refused = await fromSlack("commands", command("The iOS widget shows yesterday's weather"), { org: org.id });
    expect(refused.body).toEqual({ response_type: "ephemeral", text: "Slack did not open the dialog to pick the app: try again in a moment." });
    expect(await work()).toEqual({ done: 0, retried: 0 });
  });
});

describe("the Events API", () => {
  test("url_verification is answered with its challenge", async () => {
    const answer = await fromSlack(
      "events",
      JSON.stringify({ token: "t", challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P", type: "url_verification" }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" });
  });

  test("a report whose app is uninstalled while it waits is not dropped: it waits, and is recorded and answered once the app is connected again", async () => {
    await fromSlack("commands", command("the export button greys out after an uninstall"));
    expect((await fromSlack("events", uninstalled("Ev-WAITING", 2))).status).toBe(200);
    expect(await app.services.store.findSlackConnection(orgId)).toBeNull();
    expect(await work()).toEqual({ done: 0, retried: 1 });
    expect(slack.responses).toEqual([]);
    await app.cli("slack", "set", orgId, "--signing-secret", SECRET, "--bot-token", TOKEN, "--app", app.demo.appId, "--channel", "C-FEED");
    app.advanceClock(60_000);
    expect((await work()).done).toBeGreaterThanOrEqual(1);
    expect(slack.responses.map((r) => r.body.text)).toEqual([expect.stringMatching(/^Sent to Retour as DEMO-\d+: /)]);
  });

  test("a delivery Slack retries (same event_id) is dropped: app_uninstalled disconnects once, not again after a reconnection", async () => {
    await app.cli("org", "create", "Gone Co", "--prefix", "GONE");
    const gone = (await app.services.store.findOrganization("GONE"))!;
    const connect = () => app.cli("slack", "set", "GONE", "--signing-secret", SECRET, "--bot-token", TOKEN);
    await connect();
    const event = uninstalled("Ev-UNINSTALL", 1);
    expect((await fromSlack("events", event, { org: gone.id })).status).toBe(200);
    expect(await app.services.store.findSlackConnection(gone.id)).toBeNull();
    await connect();
    expect((await fromSlack("events", event, { org: gone.id })).status).toBe(200);
    expect(await app.services.store.findSlackConnection(gone.id)).not.toBeNull();
  });
});

describe("a bot token revoked", () => {
  test("tokens_revoked naming the bot's token disconnects the organization; naming only a person's token, which it holds none of, leaves it connected", async () => {
    await app.cli("org", "create", "Revoked Co", "--prefix", "REVOKED");
    const org = (await app.services.store.findOrganization("REVOKED"))!;
    await app.cli("slack", "set", "REVOKED", "--signing-secret", SECRET, "--bot-token", TOKEN);
    expect((await fromSlack("events", revoked("Ev-USER", { oauth: ["U-ANN"] }), { org: org.id })).status).toBe(200);
    expect(await app.services.store.findSlackConnection(org.id)).not.toBeNull();
    expect((await fromSlack("events", revoked("Ev-BOT", { bot: ["U0BOT"] }), { org: org.id })).status).toBe(200);
    expect(await app.services.store.findSlackConnection(org.id)).toBeNull();
  });
});

describe("notices to Slack", () => {
  test("a new feedback, then its status change, reach the channel as Block Kit messages through chat.postMessage", async () => {
    const sent = await app.request("POST", "/v1/reports", {
      body: {
        publicKey: app.demo.publicKey,
        kind: "problem",
        message: "Checkout crashes when the basket holds forty items",
        title: "Checkout crashes with 40 items",
      },
    });
    const key = sent.body.ticketId;
    await work();
    const [created] = slack.callsOf("chat.postMessage");
    expect(created!.channel).toBe("C-FEED");
    expect(created!.text).toBe(`New problem: ${key}: Checkout crashes with 40 items`);
    const blocks = JSON.stringify(JSON.parse(created!.blocks));
    expect(blocks).toContain(`<${app.url}/inbox/${key}|${key}>`);
    expect(blocks).toContain("Severity:");
    expect(slack.calls.find((c) => c.method === "chat.postMessage")?.token).toBe(`Bearer ${TOKEN}`);

    await app.request("PATCH", `/v1/feedbacks/${key}`, { token: app.demo.tokens.admin, body: { status: "in_development" } });
    await work();
    const moved = slack.callsOf("chat.postMessage")[1]!;
    expect(moved.text).toBe(`${key} is now In development: Checkout crashes with 40 items`);
    expect(JSON.parse(moved.blocks)[1].elements[0].text).toBe("Status: In development");
  });

  test("a notice Slack refuses the bot token for (revoked since) is said in Settings → Slack with its time, in English and French, until a notice goes through", async () => {
    const browser = await signedInAs(app, "admin", "/settings/slack");
    const settings = async (language = "en") => (await browser.fetch("/settings/slack", { headers: { "accept-language": language } })).text();
    slack.botToken = "xoxb-reinstalled";
    try {
      await app.request("PATCH", "/v1/feedbacks/DEMO-1", { token: app.demo.tokens.admin, body: { status: "in_development" } });
      expect(await work()).toEqual({ done: 0, retried: 1 });
    } finally {
      slack.botToken = TOKEN;
    }
    const { at } = (await app.services.store.findSlackConnection(orgId))!.lastFailure!;
    expect(await settings()).toContain(
      `<p class="error">The last call to Slack failed, ${formatTime("en", at)}: Slack refused the bot token (An API error occurred: invalid_auth). Paste a new bot token below`,
    );
    expect(await settings("fr")).toContain(
      `Le dernier appel à Slack a échoué, ${formatTime("fr", at)}\u202f: Slack a refusé le jeton de bot (An API error occurred: invalid_auth).`,
    );
    app.advanceClock(5_000);
    expect(await work()).toEqual({ done: 1, retried: 0 });
    expect(await settings()).not.toContain("The last call to Slack failed");
  });

  test("a Slack outage delays the notice and loses nothing: it is posted once Slack answers again", async () => {
    slack.down = true;
    await app.request("PATCH", `/v1/feedbacks/DEMO-1`, { token: app.demo.tokens.admin, body: { status: "prioritized" } });
    expect(await work()).toEqual({ done: 0, retried: 1 });
    slack.down = false;
    expect(await work()).toEqual({ done: 0, retried: 0 });
    app.advanceClock(5_000);
    expect(await work()).toEqual({ done: 1, retried: 0 });
    const posted = slack.callsOf("chat.postMessage");
    expect(posted.length).toBe(2);
    expect(posted[1]!.text).toStartWith("DEMO-1 is now Prioritized");
  });
});
