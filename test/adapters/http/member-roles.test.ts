import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Role } from "../../../core/model.ts";
import type { FormBrowser } from "../../support/browser.ts";
import { focusedField } from "../../support/focused-field.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

/**
 * Settings → Members: an Admin changes a member's role on the member's own row, a plain form
 * (a select named for the person and its button) posting the member's id to /settings/members/role.
 */

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const PAGE = "/settings/members";
const ACTION = "/settings/members/role";
const users = () => http.demo.users;
const members = () => http.services.store.listMembers(http.demo.orgId);
const memberOf = async (email: string) => (await members()).find((m) => m.email === email);
const roleOf = async (email: string) => (await memberOf(email))?.role;

// Each test starts from the demo's roles.
afterEach(async () => {
  for (const [role, { email }] of Object.entries(users()) as [Role, { email: string }][]) {
    const member = await memberOf(email);
    if (member) await http.services.store.setMembership(http.demo.orgId, member.userId, role);
  }
});

/** The row of the member with this e-mail on the members page. */
const rowOf = (page: string, email: string): string => {
  const row = [...page.matchAll(/<tr><td[^>]*>[\s\S]*?<\/tr>/g)].map((m) => m[0]).find((r) => r.includes(`>${email}</td>`));
  if (!row) throw new Error(`no row for ${email}`);
  return row;
};

/** Sends the role form of this member's row as a browser would, with `role` chosen in its select. */
async function changeOnRow(browser: FormBrowser, email: string, role: string, headers: Record<string, string> = {}): Promise<Response> {
  const row = rowOf(await (await browser.fetch(PAGE)).text(), email);
  const form = row.slice(row.indexOf(`<form method="post" action="${ACTION}"`));
  return browser.submit(form, { role }, ACTION, headers);
}

describe("an Admin changes a member's role on the member's row", () => {
  test("each row holds a select labelled with the person's e-mail, their role selected, and its button, named for the person to screen readers", async () => {
    const page = await (await (await signedInAs(http, "admin", PAGE)).fetch(PAGE)).text();
    const row = rowOf(page, users().reader.email);
    expect(row).toMatch(
      new RegExp(`<label class="visually-hidden" for="(member-role-\\d+)">Role of ${users().reader.email}</label><select id="\\1" name="role">`),
    );
    expect(/<option value="(\w+)" selected>/.exec(row)?.[1]).toBe("reader");
    expect(row).toContain(
      `<button type="submit" class="secondary">Save<span class="visually-hidden"> role of ${users().reader.email}</span></button>`,
    );
  });

  test("the role is changed, and a notice that takes the focus says so", async () => {
    const b = await signedInAs(http, "admin", PAGE);
    const sent = await changeOnRow(b, users().reader.email, "member");
    expect([sent.status, sent.headers.get("location")]).toEqual([303, PAGE]);
    expect(await roleOf(users().reader.email)).toBe("member");
    const page = await (await b.fetch(PAGE)).text();
    expect(page).toContain(`<p class="notice" role="status" tabindex="-1" autofocus>${users().reader.email} is now Member.</p>`);
    expect(/<option value="(\w+)" selected>/.exec(rowOf(page, users().reader.email))?.[1]).toBe("member");
  });

  test("in French, the select's label and the notice are French", async () => {
    const b = await signedInAs(http, "admin", PAGE, { "accept-language": "fr-FR,fr;q=0.9" });
    expect(rowOf(await (await b.fetch(PAGE)).text(), users().member.email)).toContain(`>Rôle du membre ${users().member.email}</label>`);
    await changeOnRow(b, users().member.email, "reader");
    expect(await (await b.fetch(PAGE)).text()).toContain(`autofocus>${users().member.email} a désormais le rôle Lecteur.</p>`);
  });

  test("the last Admin stepping down is refused beside their row's select, which takes the focus; they stay Admin", async () => {
    const b = await signedInAs(http, "admin", PAGE);
    const refused = await changeOnRow(b, users().admin.email, "reader");
    expect(refused.status).toBe(409);
    const page = await refused.text();
    const said = "An organization needs at least one Admin: make another member Admin first.";
    expect(rowOf(page, users().admin.email)).toMatch(
      new RegExp(`</div><p class="error" role="alert" id="member-role-\\d+-error">${said}</p></form>`),
    );
    const focused = focusedField(page);
    expect([focused.invalid, focused.said, focused.alerts]).toEqual([true, [said], 0]);
    expect(rowOf(page, users().admin.email)).toContain(`<select id="${focused.id}"`);
    expect(await roleOf(users().admin.email)).toBe("admin");
  });

  test("someone who is not a member, with an account or not, is not_found, said on the members page, and is not added", async () => {
    await http.cli("user", "create", "owner@away.test", "--password", "away-password-1");
    const stranger = await http.services.store.findUserByEmail("owner@away.test");
    const b = await signedInAs(http, "admin", PAGE);
    const page = await (await b.fetch(PAGE)).text();
    for (const user of [stranger!.id, "no-such-user"]) {
      const refused = await b.submit(page, { user, role: "admin" }, ACTION);
      expect([user, refused.status]).toEqual([user, 404]);
      const said = await refused.text();
      expect(said).toContain("This person is not a member of the organization (any more, perhaps): nothing was changed.");
      expect(rowOf(said, users().member.email)).toContain(`action="${ACTION}"`);
    }
    expect(await memberOf("owner@away.test")).toBeUndefined();
  });

  test("a role that is not one is refused, and nothing changes", async () => {
    const b = await signedInAs(http, "admin", PAGE);
    expect((await changeOnRow(b, users().reader.email, "owner")).status).toBe(400);
    expect(await roleOf(users().reader.email)).toBe("reader");
  });

  test("without the session's CSRF token, or from a foreign Origin, the change is refused", async () => {
    const b = await signedInAs(http, "admin", PAGE);
    const page = await (await b.fetch(PAGE)).text();
    const reader = (await memberOf(users().reader.email))!.userId;
    const forged = await b.submit(page, { user: reader, role: "admin", csrf: "forged" }, ACTION);
    const foreign = await changeOnRow(b, users().reader.email, "admin", { origin: "http://evil.localhost:3000" });
    expect([forged.status, foreign.status]).toEqual([403, 403]);
    expect(await foreign.text()).toContain("This form can only be sent from its own page.");
    expect(await roleOf(users().reader.email)).toBe("reader");
  });
});

describe("a Member or a Reader on the members page", () => {
  for (const role of ["member", "reader"] as const) {
    test(`a ${role} sees roles as text, and a change posted anyway is refused (403), nothing changed`, async () => {
      const b = await signedInAs(http, role, PAGE);
      const page = await (await b.fetch(PAGE)).text();
      expect(rowOf(page, users().admin.email)).toContain('<td data-label="Role">Admin</td>');
      expect(page).not.toContain(`action="${ACTION}"`);
      const admin = (await memberOf(users().admin.email))!.userId;
      const refused = await b.submit(page, { user: admin, role: "reader" }, ACTION);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Only Admins can change this.");
      expect(await roleOf(users().admin.email)).toBe("admin");
    });
  }
});
