import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type FormBrowser, signIn } from "../../support/browser.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
let admin: FormBrowser;
beforeAll(async () => {
  http = await inProcess();
  admin = await signedInAs(http, "admin", "/settings/tags", { origin: http.url });
});
afterAll(() => http.close());

const page = async (path: string) => (await admin.fetch(path)).text();
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;
/** Sends a settings form as its page sends it; the redirect it answers is not followed. */
async function post(from: string, action: string, fields: Record<string, string>): Promise<Response> {
  const body = new URLSearchParams({ csrf: csrfOf(await page(from)), ...fields });
  return admin.fetch(action, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: http.url }, body });
}

describe("what a POST has done is said on the page it redirects to, and on no other", () => {
  test("a notice meant for Settings → Tags, its redirect not followed, is not shown by Settings → Agents loaded first; Tags still shows it", async () => {
    const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message: "Refund is late" } }))
      .body.ticketId;
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { tags: ["refunds"] } })).status).toBe(200);
    const renamed = await post("/settings/tags", "/settings/tags/rename", { from: "refunds", to: "reimbursements" });
    expect([renamed.status, renamed.headers.get("location")]).toEqual([303, "/settings/tags"]);
    const notice = "“refunds” is now “reimbursements”, on 1 feedback.";
    const agents = await page("/settings/agents");
    expect(agents).toContain("<h1>Agents</h1>");
    expect(agents).not.toContain(notice);
    expect(await page("/settings/tags")).toContain(`<p class="notice" role="status" tabindex="-1" autofocus>${notice}</p>`);
    // Shown once: gone from its own page too.
    expect(await page("/settings/tags")).not.toContain(notice);
  });

  test("an API key shown once is not shown by Settings → Tokens loaded first, which shows secrets too; Settings → API keys still shows it", async () => {
    const created = await post("/settings/api-keys", "/settings/api-keys", { name: "Import script", "scope.feedbacks:read": "yes" });
    expect([created.status, created.headers.get("location")]).toEqual([303, "/settings/api-keys"]);
    const tokens = await page("/settings/tokens");
    expect(tokens).toContain("<h1>Access tokens</h1>");
    expect(tokens).not.toContain('<pre class="secret"');
    expect(await page("/settings/api-keys")).toContain('<pre class="secret" id="secret"');
  });

  test("an API key shown once, its redirect not followed, is not shown to the next person signed in on that browser, of another organization", async () => {
    const created = await post("/settings/api-keys", "/settings/api-keys", { name: "Shared laptop", "scope.feedbacks:read": "yes" });
    expect(created.status).toBe(303);
    expect((await post("/settings/tokens", "/logout", {})).headers.get("location")).toBe("/login");
    await http.cli("org", "create", "Other", "--prefix", "OTHER", "--plan", "free");
    await http.cli("user", "create", "owner@other.test", "--password", "other-password-1", "--org", "OTHER", "--role", "admin");
    await signIn(admin, "owner@other.test", "other-password-1", "/settings/api-keys");
    const keys = await page("/settings/api-keys");
    expect(keys).toContain("<h1>API keys</h1>");
    expect(keys).not.toContain('<pre class="secret"');
  });
});

describe("signing out", () => {
  for (const [language, said] of [
    ["en", "You are signed out."],
    ["fr", "Votre session est fermée."],
  ] as const) {
    test(`says so once, in the person's language (${language}), on the sign-in page it leads to`, async () => {
      const member = await signedInAs(http, "member", "/inbox", { "accept-language": language });
      const body = new URLSearchParams({ csrf: csrfOf(await (await member.fetch("/inbox")).text()) });
      const out = await member.fetch("/logout", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: http.url },
        body,
      });
      expect([out.status, out.headers.get("location")]).toEqual([303, "/login"]);
      const signIn = await (await member.fetch("/login")).text();
      expect(signIn).toContain(`<p class="notice" role="status" tabindex="-1" autofocus>${said}</p>`);
      // The notice is what takes the focus: a page has one autofocus, and the browser heeds only the first.
      expect(signIn.match(/ autofocus\b/g)).toHaveLength(1);
      expect(await (await member.fetch("/login")).text()).not.toContain(said);
      expect((await member.fetch("/inbox")).headers.get("location")).toStartWith("/login");
    });
  }
});
