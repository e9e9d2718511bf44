import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operatorGrant } from "../../../core/authorization.ts";
import { connectSlack } from "../../../core/slack/connect-slack.ts";
import { inviteMember } from "../../../core/team/invite-member.ts";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";

/**
 * The settings pages show a Member none of the Admins' forms. Posted anyway, each change is refused
 * (by its use case: the routes no longer check the role themselves), the page says why, and nothing
 * changes.
 */

let server: InProcess;
let member: FormBrowser;
/** The hidden inputs a Member's page gives their forms (the CSRF token). */
let memberPage: string;
let webhookId: string;
const { post } = jsonClient(() => server);

beforeAll(async () => {
  // A webhook on this machine, as development allows: the Member's refused test must not be what fails.
  server = await inProcess({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
  member = new FormBrowser(server.url, {}, (request) => server.handle(request));
  await signIn(member, server.demo.users.member.email, server.demo.users.member.password, "/account");
  memberPage = await (await member.fetch("/account")).text();
  const created = await post(
    `${server.url}/v1/webhooks`,
    { url: "http://127.0.0.1:9/retour", events: ["feedback.created"] },
    {
      authorization: `Bearer ${server.demo.tokens.admin}`,
    },
  );
  expect(created.status).toBe(201);
  webhookId = created.body.id;
});
afterAll(() => server.close());

const store = () => server.services.store;
const reader = async () => (await store().listMembers(server.demo.orgId)).find((m) => m.email === server.demo.users.reader.email)!;

/**
 * Posts the fields to the action as the Member, confirmed where the page would ask first: refused,
 * and told so, by the page's own sentence where the page itself is the Admins' alone.
 */
async function refused(action: string, fields: Record<string, string>, said = "Only Admins can change this."): Promise<void> {
  const res = await member.submit(memberPage, { ...fields, confirm: "yes" }, action);
  expect([action, res.status]).toEqual([action, 403]);
  expect(await res.text()).toContain(said);
}
const WEBHOOKS_ADMINS = "Only Admins manage the organization&#39;s webhooks."; // as the page escapes it
const SLACK_ADMINS = "Only Admins connect Slack and choose what it is told.";

describe("an Admin's change on a settings page, posted by a Member", () => {
  test("a role: refused, the role unchanged", async () => {
    await refused("/settings/members/role", { user: (await reader()).userId, role: "admin" });
    expect((await reader()).role).toBe("reader");
  });

  test("removing a member: refused, the member kept", async () => {
    await refused("/settings/members/remove", { user: (await reader()).userId });
    expect(await reader()).toBeDefined();
  });

  test("an invitation: refused, none made", async () => {
    await refused("/settings/invitations", { email: "mallory@example.com", role: "admin" });
    expect(await store().listPendingInvitations(server.demo.orgId)).toEqual([]);
  });

  test("revoking an invitation: refused, the invitation kept", async () => {
    const invited = await inviteMember(server.services, operatorGrant(server.demo.orgId), {
      email: "kept@example.com",
      role: "member",
      language: "en",
    });
    if (!invited.ok) throw new Error(invited.code);
    await refused(`/settings/invitations/${invited.value.invitation.id}/revoke`, {});
    expect((await store().listPendingInvitations(server.demo.orgId)).map((i) => i.email)).toEqual(["kept@example.com"]);
  });

  test("a webhook: refused, none added", async () => {
    await refused("/settings/webhooks", { url: "http://127.0.0.1:9/other", "event.feedback.created": "yes" }, WEBHOOKS_ADMINS);
    expect((await store().listWebhooks(server.demo.orgId)).map((w) => w.id)).toEqual([webhookId]);
  });

  test("a webhook's test, new secret or deletion: refused, the webhook as it was", async () => {
    const before = await store().listWebhooks(server.demo.orgId);
    for (const action of ["test", "rotate", "delete"]) await refused(`/settings/webhooks/${webhookId}/${action}`, {}, WEBHOOKS_ADMINS);
    expect(await store().listWebhooks(server.demo.orgId)).toEqual(before);
  });

  test("connecting Slack: refused, nothing connected", async () => {
    await refused("/settings/slack", { signingSecret: "s3cr3t-signing", botToken: "xoxb-bot-token-123", channel: "C0ABC" }, SLACK_ADMINS);
    expect(await store().findSlackConnection(server.demo.orgId)).toBeNull();
  });

  test("disconnecting Slack: refused, the Admin's connection kept", async () => {
    const connected = await connectSlack(server.services, operatorGrant(server.demo.orgId), {
      signingSecret: "s3cr3t-signing",
      botToken: "xoxb-bot-token-123",
      kinds: [],
    });
    expect(connected.ok).toBe(true);
    await refused("/settings/slack/disconnect", {}, SLACK_ADMINS);
    expect(await store().findSlackConnection(server.demo.orgId)).not.toBeNull();
  });
});
