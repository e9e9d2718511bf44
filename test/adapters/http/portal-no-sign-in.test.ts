import { afterAll, beforeAll, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

/** A portal on a service that sends no e-mail (no SMTP_URL), before it has a way to sign in by single sign-on. */
let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
  await http.request("PUT", "/v1/portal", { token: http.demo.tokens.admin, body: { enabled: true, posting: "open" } });
});
afterAll(() => http.close());

const page = async (path: string) => (await http.request("GET", path)).body as string;

test("where no one can sign in, no page offers to: no Sign in, no post, no invitation to vote, a vote count without a link, no comment link; an SSO secret alone brings none back, the organization's sign-in address with it brings them all", async () => {
  const key = (
    await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: "Dark mode for the portal" } })
  ).body.ticketId;
  await http.request("POST", `/v1/feedbacks/${key}/publish`, { token: http.demo.tokens.admin, body: {} });
  const offers = (html: string) => ["/p/demo/sign-in", "/p/demo/new"].filter((link) => html.includes(`href="${link}`));
  expect(offers(await page("/p/demo"))).toEqual([]);
  expect(await page("/p/demo")).toContain('<p class="intro">What people asked for, and where it stands.</p>');
  expect(offers(await page(`/p/demo/${key}`))).toEqual([]);
  expect(offers(await page("/p/demo/changelog"))).toEqual([]);
  // A secret lets the customer's app sign people in from its own pages; the portal has still nowhere to send anyone.
  await http.request("POST", "/v1/portal/sso-secret", { token: http.demo.tokens.admin });
  expect(offers(await page("/p/demo"))).toEqual([]);
  expect(offers(await page(`/p/demo/${key}`))).toEqual([]);
  await http.request("PUT", "/v1/portal", { token: http.demo.tokens.admin, body: { signInUrl: "https://app.acme.example/login" } });
  expect(offers(await page("/p/demo"))).toEqual(["/p/demo/sign-in", "/p/demo/new"]);
  expect(await page("/p/demo")).toContain("Open a request to vote for it.");
  expect(offers(await page(`/p/demo/${key}`))).toEqual(["/p/demo/sign-in"]);
});
