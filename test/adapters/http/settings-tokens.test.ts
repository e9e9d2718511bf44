import { afterAll, beforeAll, expect, test } from "bun:test";
import { focusedField } from "../../support/focused-field.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

/** The form that creates a personal token, as a browser submits it (its own hidden fields). */
const createForm = (page: string) => /<form method="post" action="\/settings\/tokens">[\s\S]*?<\/form>/.exec(page)![0];

test("Settings → Access tokens: a label of spaces alone is refused (400) beside the label's field, which takes the focus, marked invalid and described by the error, with no alert above the form", async () => {
  const member = await signedInAs(http, "member", "/settings/tokens", { origin: http.url });
  const refused = await member.submit(createForm(await (await member.fetch("/settings/tokens")).text()), {
    label: "   ",
    "scope.feedbacks:read": "yes",
  });
  expect(refused.status).toBe(400);
  expect(focusedField(await refused.text())).toEqual({
    id: "token-label",
    invalid: true,
    said: ["Label: expected a non-empty text of at most 100 characters."],
    alerts: 0,
  });
});

test("Settings → Access tokens: in French, a label of spaces alone is said beside the label's field", async () => {
  const member = await signedInAs(http, "member", "/settings/tokens", { origin: http.url, "accept-language": "fr" });
  const refused = await member.submit(createForm(await (await member.fetch("/settings/tokens")).text()), {
    label: " ",
    "scope.feedbacks:read": "yes",
  });
  const shown = focusedField(await refused.text());
  expect([shown.id, shown.invalid, shown.alerts]).toEqual(["token-label", true, 0]);
  expect(shown.said).toEqual([expect.stringMatching(/^Libellé\u202f: /)]);
});

test("Settings → Access tokens: a refused label keeps the scopes ticked, not the default ones", async () => {
  const member = await signedInAs(http, "member", "/settings/tokens", { origin: http.url });
  const shown = await (
    await member.submit(createForm(await (await member.fetch("/settings/tokens")).text()), {
      label: " ",
      "scope.feedbacks:read": "",
      "scope.reports:write": "yes",
    })
  ).text();
  expect(shown).toContain('name="scope.reports:write" value="yes" checked>');
  expect(shown).not.toContain('name="scope.feedbacks:read" value="yes" checked>');
});
