import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

const OWN = "http://localhost:3000";
let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const as = (role: "admin" | "member" | "reader") => signedInAs(http, role);

/** The form of the page that posts to `action`, as the page has it. */
function formTo(page: string, action: string): string {
  const form = new RegExp(`<form method="post" action="${action.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}"[^>]*>[\\s\\S]*?</form>`).exec(page);
  if (!form) throw new Error(`no form to ${action}`);
  return form[0];
}

async function newFeedback(title: string): Promise<string> {
  const res = await http.request("POST", "/v1/reports", {
    body: { publicKey: http.demo.publicKey, kind: "idea", title, message: `${title}, please` },
  });
  return res.body.ticketId;
}

describe("the portal in the team's web application", () => {
  test("a Member publishes a feedback from its page with a public title and description, then unpublishes it", async () => {
    const key = await newFeedback("Dark mode");
    const member = await as("member");
    const page = await (await member.fetch(`/inbox/${key}`)).text();
    expect(page).toContain("Not public. Nothing of a feedback is public until you publish it.");
    const published = await member.submit(
      formTo(page, `/inbox/${key}/publish`),
      { title: "A dark theme", description: "For night work." },
      undefined,
      { origin: OWN },
    );
    expect([published.status, published.headers.get("location")]).toEqual([303, `/inbox/${key}?portal=published`]);
    const after = await (await member.fetch(`/inbox/${key}?portal=published`)).text();
    expect(after).toContain("Published on the portal.");
    const read = await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin });
    expect(read.body).toMatchObject({ published: true, publicTitle: "A dark theme", publicDescription: "For night work." });
    const unpublished = await member.submit(formTo(after, `/inbox/${key}/unpublish`), {}, undefined, { origin: OWN });
    expect(unpublished.headers.get("location")).toBe(`/inbox/${key}?portal=unpublished`);
    expect((await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body.published).toBe(false);
  });

  test("a title cut from a long report is offered as the public title with a word saying so; a whole one without", async () => {
    const long = await http.request("POST", "/v1/reports", {
      body: {
        publicKey: http.demo.publicKey,
        kind: "idea",
        message: "Please let the weekly summary e-mail include the feedbacks that changed status and those still waiting for an answer",
      },
    });
    const member = await as("member");
    const cut = await (await member.fetch(`/inbox/${long.body.ticketId}`)).text();
    expect(cut).toMatch(/<input id="public-title" name="title" maxlength="\d+" value="[^"]*…" aria-describedby="public-title-hint">/);
    expect(cut).toContain('<p class="muted" id="public-title-hint">Cut from a long report (…): write the title people will read on the portal.</p>');
    const whole = await (await member.fetch(`/inbox/${await newFeedback("Export to CSV")}`)).text();
    expect(whole).toContain('<input id="public-title" name="title"');
    expect(whole).not.toContain("public-title-hint");
  });

  test("a comment from the feedback page is internal unless public is chosen; too long a one is refused with its reason", async () => {
    const key = await newFeedback("Bulk edit");
    const member = await as("member");
    const page = await (await member.fetch(`/inbox/${key}`)).text();
    await member.submit(formTo(page, `/inbox/${key}/comment`), { text: "Ask Ann" }, undefined, { origin: OWN });
    const done = await member.submit(formTo(page, `/inbox/${key}/comment`), { text: "Planned", visibility: "public" }, undefined, { origin: OWN });
    expect(done.headers.get("location")).toBe(`/inbox/${key}?portal=replied`);
    const comments = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body.comments;
    expect(comments.map((c: { text: string; visibility: string }) => [c.text, c.visibility])).toEqual([
      ["Ask Ann", "internal"],
      ["Planned", "public"],
    ]);
    const shown = await (await member.fetch(`/inbox/${key}`)).text();
    expect(shown.match(/<span class="badge public">Public<\/span>/g)?.length).toBe(1);
    expect(shown).toMatch(/Ask Ann<\/p>/);
    const long = await member.submit(formTo(page, `/inbox/${key}/comment`), { text: "x".repeat(5001) }, undefined, { origin: OWN });
    expect(long.headers.get("location")).toBe(`/inbox/${key}?portalError=invalid_body`);
    expect(await (await member.fetch(long.headers.get("location")!)).text()).toContain("The request body is invalid.");
  });

  test("after a comment, the notice says who sees it: an internal note the team only, a public reply its reporters on their tracking page (no e-mail where none is sent), in English and French", async () => {
    const key = await newFeedback("Dark mode toggle");
    const member = await as("member");
    const page = await (await member.fetch(`/inbox/${key}`)).text();
    const note = await member.submit(formTo(page, `/inbox/${key}/comment`), { text: "Ask Ann" }, undefined, { origin: OWN });
    expect(note.headers.get("location")).toBe(`/inbox/${key}?portal=noted`);
    const reply = await member.submit(formTo(page, `/inbox/${key}/comment`), { text: "Planned", visibility: "public" }, undefined, { origin: OWN });
    expect(reply.headers.get("location")).toBe(`/inbox/${key}?portal=replied`);
    const said = async (location: string, language: string) =>
      /<p class="notice" role="status" tabindex="-1" autofocus>([^<]*)<\/p>/.exec(
        await (await member.fetch(location, { headers: { "accept-language": language } })).text(),
      )?.[1];
    expect(await said(note.headers.get("location")!, "en")).toBe("Internal note added: only the team sees it.");
    expect(await said(reply.headers.get("location")!, "en")).toBe("Reply sent: the reporters see it on their tracking page.");
    expect(await said(note.headers.get("location")!, "fr")).toBe("Note interne ajoutée\u202f: seule l’équipe la voit.");
    expect(await said(reply.headers.get("location")!, "fr")).toBe(
      "Réponse envoyée\u202f: les auteurs des signalements la voient sur leur page de suivi.",
    );
  });

  test("in the activity, a team's internal note carries an Internal badge and a public reply a Public one, so the two read apart", async () => {
    const key = await newFeedback("Keyboard shortcuts");
    const member = await as("member");
    const page = await (await member.fetch(`/inbox/${key}`)).text();
    await member.submit(formTo(page, `/inbox/${key}/comment`), { text: "Check with design" }, undefined, { origin: OWN });
    await member.submit(formTo(page, `/inbox/${key}/comment`), { text: "Shipping soon", visibility: "public" }, undefined, { origin: OWN });
    const shown = await (await member.fetch(`/inbox/${key}`)).text();
    expect(shown).toMatch(/ · <span class="badge internal">Internal<\/span><\/p><p>Check with design<\/p>/);
    expect(shown).toMatch(/ · <span class="badge public">Public<\/span><\/p><p>Shipping soon<\/p>/);
    const inFrench = await (await member.fetch(`/inbox/${key}`, { headers: { "accept-language": "fr" } })).text();
    expect(inFrench).toMatch(/ · <span class="badge internal">Interne<\/span><\/p><p>Check with design<\/p>/);
  });

  test("a Reader sees whether a feedback is public, and no form to change it", async () => {
    const key = await newFeedback("Offline mode");
    const page = await (await (await as("reader")).fetch(`/inbox/${key}`)).text();
    expect(page).toContain("Not public.");
    expect(page).not.toContain(`/inbox/${key}/publish`);
    expect(page).not.toContain(`/inbox/${key}/comment"`);
  });

  test("the inbox links to the To review queue: portal posts not yet published", async () => {
    const page = await (await (await as("member")).fetch("/inbox")).text();
    expect(page).toContain('href="/inbox?published=false&amp;source=portal"');
    const queue = await (await (await as("member")).fetch("/inbox?published=false&source=portal")).text();
    expect(queue).toContain('aria-current="page">To review (0)');
    // The queue is the one status tab shown as current, not the Open tab as well.
    const tabs = /<ul class="tabs">[\s\S]*?<\/ul>/.exec(queue)![0];
    expect(tabs.match(/aria-current="page"[^<]*/g)).toEqual(['aria-current="page">To review (0)']);
    // The queue's filter form keeps it, and shows it as the filter it is: on the portal, not published.
    expect(queue).toContain('<input type="hidden" name="source" value="portal">');
    expect(queue).toContain('<option value="false" selected>Not published</option>');
    expect(queue).toMatch(/<summary>Filters \(1\)<\/summary>/);
  });

  test("the inbox filters on being published on the portal, in its form like the other filters, and Any drops it", async () => {
    const member = await as("member");
    const key = await newFeedback("Dark mode for the mobile app");
    await http.request("POST", `/v1/feedbacks/${key}/publish`, { token: http.demo.tokens.admin, body: {} });
    const page = await (await member.fetch("/inbox")).text();
    expect(page).toContain('<label for="published">On the portal</label>');
    const shown = await (await member.fetch("/inbox?published=true")).text();
    expect(shown).toContain('<option value="true" selected>Published</option>');
    expect(shown).toContain(`/inbox/${key}"`);
    const unpublished = await (await member.fetch("/inbox?published=false")).text();
    expect(unpublished).not.toContain(`/inbox/${key}"`);
    // The form sends Any as an empty value: the inbox's address drops it, as it drops the other filters left at Any.
    const any = await member.fetch("/inbox?published=");
    expect([any.status, any.headers.get("location")]).toEqual([303, "/inbox"]);
  });

  test("an Admin gives the organization's sign-in page in Settings → Portal: kept, shown back, refused in words with the form's way out, emptied to remove it", async () => {
    const admin = await as("admin");
    const page = await (await admin.fetch("/settings/portal")).text();
    expect(page).toContain('<label for="portal-sign-in">Your sign-in page (single sign-on)</label>');
    expect(page).toContain("then sends them to http://localhost:3000/p/demo/sso with a token and the return_to it was given.");
    const saved = await admin.sendForm(page, "/settings/portal", { signInUrl: " https://app.acme.example/login " });
    expect([saved.status, saved.headers.get("location")]).toEqual([303, "/settings/portal?saved"]);
    expect((await http.request("GET", "/v1/portal", { token: http.demo.tokens.admin })).body.signInUrl).toBe("https://app.acme.example/login");
    const shown = await (await admin.fetch("/settings/portal?saved")).text();
    expect(shown).toContain('name="signInUrl" type="url" value="https://app.acme.example/login"');
    // No secret yet: the address alone sends no one anywhere, and the page says what is missing.
    expect(shown).toContain("<strong>The portal sends people there once a single sign-on secret exists (below).</strong>");
    const refused = await admin.sendForm(shown, "/settings/portal", { signInUrl: "javascript:alert(1)" });
    expect(refused.status).toBe(400);
    const said = await refused.text();
    expect(said).toContain(
      '<p class="error" role="alert" id="portal-sign-in-error">Your sign-in page (single sign-on): expected an https address of at most 2,000 characters, without a user name or password, such as https://app.example.com/login (http only on this machine: http://localhost, http://127.0.0.1, http://[::1]). Or leave it empty for none.</p>',
    );
    expect(said).toContain('name="signInUrl" type="url" value="javascript:alert(1)"');
    expect((await http.request("GET", "/v1/portal", { token: http.demo.tokens.admin })).body.signInUrl).toBe("https://app.acme.example/login");
    const emptied = await admin.sendForm(shown, "/settings/portal", { signInUrl: "" });
    expect(emptied.status).toBe(303);
    expect((await http.request("GET", "/v1/portal", { token: http.demo.tokens.admin })).body.signInUrl).toBeNull();
  });

  test("an Admin turns the portal on in Settings → Portal and gets the SSO secret shown once; a Member is refused the page, and told why", async () => {
    const admin = await as("admin");
    const page = await (await admin.fetch("/settings/portal")).text();
    expect(page).toContain("Public portal");
    // No SMTP_URL here: the Admin is told people can sign in only through the organization's own sign-in, and what it needs.
    expect(page).toContain(
      "This service does not send e-mail (SMTP_URL is not set): people cannot sign in to the portal by an e-mail link, only through your own sign-in (single sign-on). <strong>Fill in “Your sign-in page” below and create the secret.</strong>",
    );
    const saved = await admin.submit(
      formTo(page, "/settings/portal"),
      { enabled: "yes", slug: "acme", title: "Acme ideas", posting: "open", "label-prioritized": "Next up" },
      undefined,
      { origin: OWN },
    );
    expect([saved.status, saved.headers.get("location")]).toEqual([303, "/settings/portal?saved"]);
    const portal = (await http.request("GET", "/v1/portal", { token: http.demo.tokens.admin })).body;
    expect(portal).toMatchObject({
      enabled: true,
      slug: "acme",
      title: "Acme ideas",
      posting: "open",
      indexing: false,
      statusLabels: { prioritized: "Next up" },
    });
    const refused = await admin.submit(formTo(page, "/settings/portal"), { slug: "Not A Slug", title: "x" }, undefined, { origin: OWN });
    expect(refused.status).toBe(400);
    // Said of the field by its label, in words, and what was typed stays in it.
    const said = await refused.text();
    expect(said).toMatch(/<p class="error" role="alert" id="portal-slug-error">[^<:]+: expected lower-case letters, digits and hyphens, 1 to 40/);
    expect(said).toContain('id="portal-slug" name="slug" value="not a slug"');
    // A colour refused says the form's way out (empty), not the API's null.
    const colour = await admin.submit(formTo(page, "/settings/portal"), { slug: "acme", title: "Acme ideas", brandColor: "red" }, undefined, {
      origin: OWN,
    });
    expect(await colour.text()).toContain(
      '<p class="error" role="alert" id="portal-brand-error">Brand colour: expected a colour written #rrggbb (such as #4f46e5). Or leave it empty for the default colour.</p>',
    );
    // Created at once, the secret is shown once by the page the POST redirects to, in a notice that takes
    // the focus (no #fragment in the address, which would keep autofocus from running): a reload makes none.
    const created = await admin.submit(formTo(page, "/settings/portal/sso-secret"), {}, undefined, { origin: OWN });
    expect([created.status, created.headers.get("location")]).toEqual([303, "/settings/portal"]);
    const shown = await (await admin.fetch("/settings/portal")).text();
    expect(shown).toMatch(/<div class="notice" role="status" tabindex="-1" autofocus><p>[^<]+<\/p><pre class="secret" id="secret"[^>]*>psso_/);
    const first = /<pre class="secret" id="secret"[^>]*>(psso_[\w-]+)<\/pre>/.exec(shown)![1];
    const after = await (await admin.fetch("/settings/portal")).text();
    expect(after).not.toContain("psso_");
    // Rotating one that exists is asked once more, since it refuses the current tokens at once.
    const asked = await admin.submit(formTo(after, "/settings/portal/sso-secret"), {}, undefined, { origin: OWN });
    expect(await asked.text()).toContain("<h1>Rotate the single sign-on secret?</h1><p>Tokens signed with the current one are refused at once");
    expect(await (await admin.fetch("/settings/portal")).text()).not.toContain("psso_");
    await admin.submit(formTo(after, "/settings/portal/sso-secret"), { confirm: "yes" }, undefined, { origin: OWN });
    const second = /<pre class="secret" id="secret"[^>]*>(psso_[\w-]+)<\/pre>/.exec(await (await admin.fetch("/settings/portal")).text())![1];
    expect(second).not.toBe(first);
    const member = await (await as("member")).fetch("/settings/portal");
    expect(member.status).toBe(403);
    expect(await member.text()).toContain('<p class="muted">Only Admins manage the public portal.</p>');
  });
});
