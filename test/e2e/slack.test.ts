import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { slackSignature } from "../../core/slack/signature.ts";
import { FakeSlack } from "../support/fake-slack.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { post } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

const slack = new FakeSlack();
let server: Served;
beforeAll(async () => {
  slack.start();
  slack.people.set("U-ANN", { name: "ann", realName: "Ann Lee", email: "ann@acme.test" });
  // The server's own default (SLACK_API_URL) points the official client at the stand-in.
  server = await serveInProcess({ env: { SLACK_API_URL: slack.apiUrl } });
  await server.cli("slack", "set", "DEMO", "--signing-secret", "e2e-signing-secret", "--bot-token", "xoxb-test-token", "--channel", "C-FEED");
});
afterAll(async () => {
  await server.stop();
  slack.stop();
});

describe("Slack, on a running server and its worker", () => {
  test("a signed /retour is answered at once, then the worker records the report and answers through response_url", async () => {
    const body = new URLSearchParams({
      team_id: "T1",
      channel_id: "C-SUPPORT",
      user_id: "U-ANN",
      command: "/retour",
      text: "The weekly digest arrives twice every Monday",
      response_url: slack.responseUrl("e2e-command"),
      trigger_id: "e2e-trigger",
    }).toString();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const answer = await fetch(`${server.url}/integrations/slack/commands?org=${server.demo.orgId}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-slack-request-timestamp": timestamp,
        "x-slack-signature": await slackSignature("e2e-signing-secret", timestamp, body),
      },
      body,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ response_type: "ephemeral", text: "Sending to Retour…" });
    const [told] = await waitFor(
      "the answer through response_url",
      () => slack.responses,
      (r) => r.length === 1,
    );
    expect(told!.body.text).toMatch(new RegExp(`^Sent to Retour as DEMO-\\d+: ${server.url}/inbox/DEMO-\\d+$`));
  });

  test("a new feedback reaches the channel through chat.postMessage, sent by the worker", async () => {
    const sent = await post(`${server.url}/v1/reports`, {
      publicKey: server.demo.publicKey,
      kind: "problem",
      message: "Password reset e-mails link to the staging site",
    });
    const key = sent.body.ticketId as string;
    const posted = await waitFor(
      "the notice in the channel",
      () => slack.callsOf("chat.postMessage").filter((m) => String(m.text).includes(key)),
      (m) => m.length === 1,
    );
    expect(posted[0]!.channel).toBe("C-FEED");
  });
});
