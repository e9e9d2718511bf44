import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkSlackSignature, slackSignature } from "../../core/slack/signature.ts";
import { channelFollows } from "../../core/slack/notices.ts";
import { appPicker, feedbackNotice, pickedRequest, recordedMessage } from "../../core/slack/messages.ts";
import { kindAndMessage, slackIdempotencyKey, type SlackReportRequest } from "../../core/slack/slack-request.ts";
import type { SlackConnection } from "../../core/store/slack.ts";
import { fromConnectedWorkspace } from "../../core/slack/workspace.ts";
import { feedbackRecord } from "./fake-feedbacks.ts";

// Slack's own worked example ("Verifying requests from Slack", api.slack.com/authentication/verifying-requests-from-slack).
const EXAMPLE = {
  secret: "8f742231b10e8888abcd99yyyzzz85a5",
  timestamp: "1531420618",
  rawBody:
    "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c",
  signature: "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503",
};
const AT = 1531420618;

describe("Slack request signatures", () => {
  test("the signature is Slack's documented example: v0= and the HMAC-SHA256 of v0:{timestamp}:{raw body}", async () => {
    assert.equal(await slackSignature(EXAMPLE.secret, EXAMPLE.timestamp, EXAMPLE.rawBody), EXAMPLE.signature);
    assert.equal(await checkSlackSignature(EXAMPLE.secret, EXAMPLE, AT + 299), "valid");
  });

  test("a forged request is refused: another secret, a changed body, a changed signature", async () => {
    assert.equal(await checkSlackSignature("another-secret", EXAMPLE, AT), "mismatch");
    assert.equal(await checkSlackSignature(EXAMPLE.secret, { ...EXAMPLE, rawBody: `${EXAMPLE.rawBody}x` }, AT), "mismatch");
    assert.equal(await checkSlackSignature(EXAMPLE.secret, { ...EXAMPLE, signature: `${EXAMPLE.signature.slice(0, -1)}4` }, AT), "mismatch");
  });

  test("a timestamp more than five minutes away, before or after, is refused however well signed", async () => {
    assert.equal(await checkSlackSignature(EXAMPLE.secret, EXAMPLE, AT + 301), "stale");
    assert.equal(await checkSlackSignature(EXAMPLE.secret, EXAMPLE, AT - 301), "stale");
  });

  test("a missing or malformed timestamp or signature is refused", async () => {
    for (const bad of [{ timestamp: "" }, { timestamp: "soon" }, { signature: "" }, { signature: EXAMPLE.signature.slice(3) }]) {
      assert.equal(await checkSlackSignature(EXAMPLE.secret, { ...EXAMPLE, ...bad }, AT), "malformed");
    }
  });
});

const connection = (fields: Partial<SlackConnection> = {}): SlackConnection => ({
  orgId: "org",
  secretsSealed: "s",
  channel: "C1",
  kinds: [],
  ...fields,
});

describe("which feedbacks the Slack channel follows", () => {
  test("every feedback when no filter is set; none without a channel", () => {
    assert.equal(channelFollows(connection(), feedbackRecord({ kind: "praise" })), true);
    assert.equal(channelFollows(connection({ channel: undefined }), feedbackRecord()), false);
    assert.equal(channelFollows(null, feedbackRecord()), false);
  });

  test("only the kinds it names", () => {
    assert.equal(channelFollows(connection({ kinds: ["idea"] }), feedbackRecord({ kind: "idea" })), true);
    assert.equal(channelFollows(connection({ kinds: ["idea"] }), feedbackRecord({ kind: "problem" })), false);
  });

  test("only feedbacks at least as grave as its minimum severity; an ungraded one is not", () => {
    const p1 = connection({ minSeverity: "P1" });
    assert.deepEqual(
      (["P0", "P1", "P2", "P3", undefined] as const).map((severity) => channelFollows(p1, feedbackRecord({ severity }))),
      [true, true, false, false, false],
    );
  });
});

const shortcut: SlackReportRequest = {
  via: "shortcut",
  text: "idea: dark mode for the dashboard",
  userId: "U1",
  channel: "C9",
  ts: "1712345678.000100",
  triggerId: "trigger-1",
  responseUrl: "https://hooks.slack.com/actions/T1/1/x",
};

describe("the workspace a request from Slack comes from", () => {
  test("a connection installed in a workspace takes requests from that workspace only, whatever Enterprise Grid organization they name", () => {
    const connection = { teamId: "T1", enterpriseId: "E1" };
    assert.equal(fromConnectedWorkspace(connection, { teamId: "T1", enterpriseId: "E1" }), true);
    assert.equal(fromConnectedWorkspace(connection, { teamId: "T2", enterpriseId: "E1" }), false);
    assert.equal(fromConnectedWorkspace(connection, { teamId: "", enterpriseId: "E1" }), false);
    assert.equal(fromConnectedWorkspace({ teamId: "T1" }, { teamId: "T2", enterpriseId: "" }), false);
  });

  test("a connection installed on a whole Enterprise Grid organization takes requests from each of its workspaces, and from no other organization", () => {
    assert.equal(fromConnectedWorkspace({ enterpriseId: "E1" }, { teamId: "T7", enterpriseId: "E1" }), true);
    assert.equal(fromConnectedWorkspace({ enterpriseId: "E1" }, { teamId: "T7", enterpriseId: "E2" }), false);
    assert.equal(fromConnectedWorkspace({ enterpriseId: "E1" }, { teamId: "T7", enterpriseId: "" }), false);
  });

  test("a connection that knows no workspace (saved before workspaces were kept) takes requests from any", () => {
    assert.equal(fromConnectedWorkspace({}, { teamId: "T9", enterpriseId: "" }), true);
  });
});

describe("reports from Slack", () => {
  test("one message is one idempotency key, slack:{channel}:{ts}; a command's trigger stands for its timestamp", () => {
    assert.equal(slackIdempotencyKey(shortcut), "slack:C9:1712345678.000100");
    assert.equal(slackIdempotencyKey({ ...shortcut, via: "command", ts: undefined }), "slack:C9:trigger-1");
  });

  test("a kind may lead the text (problem:, bug:, idea:, praise:); without one, a report is a problem", () => {
    assert.deepEqual(kindAndMessage(" idea: dark mode "), { kind: "idea", message: "dark mode" });
    assert.deepEqual(kindAndMessage("Bug : export fails"), { kind: "problem", message: "export fails" });
    assert.deepEqual(kindAndMessage("the export fails: blank page"), { kind: "problem", message: "the export fails: blank page" });
  });

  test("Slack's markup becomes the words a person reads: links, mentions, channels, escapes", () => {
    assert.equal(
      kindAndMessage("<@U123> says <https://shop.test/cart|the cart> &amp; <https://shop.test> fail &lt;3 times&gt; in <#C9|support>, cc <!here>")
        .message,
      "@U123 says the cart (https://shop.test/cart) & https://shop.test fail <3 times> in #support, cc @here",
    );
    assert.deepEqual(kindAndMessage("praise: <@U1|ann> fixed it"), { kind: "praise", message: "@ann fixed it" });
  });

  test("the dialog asking which app carries the request back, with the app picked", () => {
    const apps = [
      { id: "a1", orgId: "org", name: "Web", kind: "web" as const },
      { id: "a2", orgId: "org", name: "iOS", kind: "ios" as const },
    ];
    const view = appPicker(apps, shortcut) as { private_metadata: string };
    const state = { values: { app: { app: { selected_option: { value: "a2" } } } } };
    assert.deepEqual(pickedRequest({ private_metadata: view.private_metadata, state }), { ...shortcut, appId: "a2" });
    assert.equal(pickedRequest({ private_metadata: view.private_metadata, state: { values: {} } }), null);
  });

  test("a very long message still fits the dialog's 3,000 characters of metadata, cut at its end, and the answer says so", () => {
    const view = appPicker([], { ...shortcut, text: 'é"'.repeat(4_000) }) as { private_metadata: string };
    assert.ok(view.private_metadata.length <= 3_000);
    const carried = JSON.parse(view.private_metadata) as SlackReportRequest;
    assert.ok(carried.text.startsWith('é"é"'));
    assert.equal(carried.cut, true);
    assert.equal(
      recordedMessage("ACME-7", "https://retour.test/inbox/ACME-7", false, carried.cut).text,
      "Sent to Retour as ACME-7: https://retour.test/inbox/ACME-7 (the message was too long for the dialog: its beginning was kept)",
    );
    assert.equal((JSON.parse((appPicker([], shortcut) as { private_metadata: string }).private_metadata) as SlackReportRequest).cut, undefined);
  });
});

describe("notices to Slack", () => {
  test("a notice names the feedback's key as a link, its title, its severity, and what happened", () => {
    const feedback = feedbackRecord({ title: "Export <fails> & more", severity: "P1" });
    const created = feedbackNotice(feedback, "https://retour.test/inbox/ACME-1", {});
    assert.equal(created.text, "New problem: ACME-1: Export &lt;fails&gt; &amp; more");
    assert.deepEqual(created.blocks?.[0], {
      type: "section",
      text: { type: "mrkdwn", text: "*<https://retour.test/inbox/ACME-1|ACME-1>* Export &lt;fails&gt; &amp; more" },
    });
    assert.match(JSON.stringify(created.blocks), /Severity: P1/);
    const moved = feedbackNotice(feedbackRecord(), "https://retour.test/inbox/ACME-1", { status: "in_development" });
    assert.equal(moved.text, "ACME-1 is now In development: Export to PDF gives a blank page");
    assert.match(JSON.stringify(moved.blocks), /Severity: No severity/);
  });
});
