import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FormBrowser } from "../../support/browser.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

/**
 * A person in two organizations of one service (an agency's consultant): the team's e-mails link a
 * feedback as `/inbox/{key}`, without the organization, so its page must find it in either.
 */
let http: InProcess;
let member: FormBrowser;
let otherOrgId: string;
let strangerKey: string;

const organizationWithAFeedback = async (name: string, prefix: string) => {
  const orgId = /^organization (\S+)/m.exec(await http.cli("org", "create", name, "--prefix", prefix, "--plan", "enterprise"))![1]!;
  const appId = /^app (\S+)/m.exec(await http.cli("app", "create", prefix, `${name} app`))![1]!;
  const publicKey = (await http.cli("channel", "create", prefix, appId, "--kind", "api")).trim();
  const created = await http.request("POST", "/v1/reports", { body: { publicKey, kind: "idea", message: `${name} wants a savings round-up` } });
  return { orgId, key: (created.body as { ticketId: string }).ticketId };
};

beforeAll(async () => {
  http = await inProcess();
  const other = await organizationWithAFeedback("Other Bank", "OTHER");
  otherOrgId = other.orgId;
  await http.cli("member", "add", "OTHER", http.demo.users.member.email, "member");
  strangerKey = (await organizationWithAFeedback("Stranger Games", "STRANGER")).key;
  member = await signedInAs(http, "member");
  // The demo organization is the one in use, as after signing in.
  await member.fetch(`/inbox?org=${http.demo.orgId}`);
});
afterAll(() => http.close());

const selectedOrganization = async (path: string) => /<option value="([^"]+)" selected>/.exec(await (await member.fetch(path)).text())?.[1];

describe("a person in several organizations", () => {
  test("a feedback's page of another of the person's organizations switches to that organization and shows it", async () => {
    const opened = await member.fetch("/inbox/OTHER-1");
    expect([opened.status, opened.headers.get("location")]).toEqual([303, `/inbox/OTHER-1?org=${otherOrgId}`]);
    const shown = await member.fetch(opened.headers.get("location")!);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("Other Bank wants a savings round-up");
    expect(await selectedOrganization("/inbox")).toBe(otherOrgId);
    await member.fetch(`/inbox?org=${http.demo.orgId}`);
  });

  test("a feedback of an organization the person does not belong to is not found, and the organization in use stays", async () => {
    const opened = await member.fetch(`/inbox/${strangerKey}`);
    expect(opened.status).toBe(404);
    expect(await opened.text()).not.toContain("Stranger Games");
    expect(await selectedOrganization("/inbox")).toBe(http.demo.orgId);
  });

  test("an organization asked for by ?org= that is none of the person's keeps the one in use", async () => {
    await member.fetch(`/inbox?org=${otherOrgId}`);
    expect(await selectedOrganization("/inbox?org=OTHER")).toBe(otherOrgId);
    await member.fetch(`/inbox?org=${http.demo.orgId}`);
  });
});
