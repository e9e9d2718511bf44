import { afterAll, beforeAll, expect, test } from "bun:test";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const as = (role: "admin" | "member") => signedInAs(http, role, "/settings/api-keys", { origin: http.url });

test("Settings → API keys: an Admin is given the form to create one", async () => {
  const page = await (await as("admin")).fetch("/settings/api-keys");
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<form method="post" action="/settings/api-keys">');
});

test("Settings → API keys: a Member is refused by the use case (403), told that only Admins manage keys, and offered no form", async () => {
  const page = await (await as("member")).fetch("/settings/api-keys");
  const text = await page.text();
  expect(page.status).toBe(403);
  expect(text).toContain('<p class="muted">Only Admins manage the organization&#39;s API keys.</p>');
  expect(text).not.toContain('action="/settings/api-keys"');
});
