import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
let admin: FormBrowser;
beforeAll(async () => {
  http = await inProcess();
  admin = new FormBrowser(http.url, {}, (request) => http.handle(request));
  await signIn(admin, http.demo.users.admin.email, http.demo.users.admin.password, "/inbox");
});
afterAll(() => http.close());

const page = async (path: string) => (await admin.fetch(path)).text();
/** The address of the link whose text (visible, or for screen readers) is `name`. */
const linkTo = (html: string, name: string) => {
  for (const [, href, text] of html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g))
    if (text!.replace(/<[^>]+>/g, "") === name) return href!;
  throw new Error(`no link named ${name}`);
};
const report = async (message: string, email?: string) =>
  (
    await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "problem", message, ...(email && { user: { email } }) },
    })
  ).body.ticketId as string;
/** The addresses the feedback page lists under Followers. */
const followersOf = async (key: string) => {
  const list = /<h2 id="followers">Followers<\/h2>\s*(<ul>[\s\S]*?<\/ul>)?/.exec(await page(`/inbox/${key}`))?.[1] ?? "";
  return list.match(/[\w.+-]+@example\.com/g)?.sort() ?? [];
};

/** The form of a page whose action is `action`. */
const formOf = (html: string, action: string) => {
  const at = html.indexOf(`<form method="post" action="${action}"`);
  if (at < 0) throw new Error(`no form posting to ${action}`);
  return html.slice(at, html.indexOf("</form>", at) + "</form>".length);
};
/** The text of a feedback page's timeline, as a browser reads it (its tags dropped). */
const timelineText = (html: string) => (/<ol class="timeline">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "");

describe("grouping reviewed in the web pages", () => {
  test("an Admin puts the app in review mode in the settings", async () => {
    const channels = linkTo(await page("/settings/apps"), "Open its settings (Demo app)");
    const grouping = linkTo(await page(channels), "Grouping");
    const form = await page(grouping);
    expect(form).toContain('<input type="radio" name="mode" value="review">');
    const saved = await admin.submit(formOf(form, grouping), { mode: "review" });
    expect([saved.status, saved.headers.get("location")]).toEqual([303, grouping]);
    expect(await page(grouping)).toContain('<input type="radio" name="mode" value="review" checked>');
  });

  test("a merged key's page leads to the feedback it was merged into, which says so; a key that was not merged there is said nowhere", async () => {
    const kept = await report("Search ignores the accents of names");
    const merged = await report("Searching Zoë does not find Zoe");
    await http.request("POST", `/v1/feedbacks/${merged}/merge`, { token: http.demo.tokens.admin, body: { into: kept } });
    const led = await admin.fetch(`/inbox/${merged.toLowerCase()}`);
    expect(led.headers.get("location")).toBe(`/inbox/${kept}?merged=${merged}`);
    expect(await page(led.headers.get("location")!)).toContain(
      `<p class="notice" role="status" tabindex="-1" autofocus>${merged} was merged into this feedback, which took its reports, followers and votes.</p>`,
    );
    expect(await page(`/inbox/${kept}?merged=${kept}`)).not.toContain("was merged into this feedback");
  });

  test("a feedback merged here says what of its own triage it keeps apart until it is unmerged: its status, owner and tags", async () => {
    const kept = await report("Dark mode resets after every restart");
    const merged = await report("The dark theme is lost whenever I reopen the app");
    const token = http.demo.tokens.admin;
    await http.request("PATCH", `/v1/feedbacks/${kept}`, { token, body: { tags: ["theme"] } });
    await http.request("PATCH", `/v1/feedbacks/${merged}`, {
      token,
      body: { status: "prioritized", owner: "member@demo.test", tags: ["theme", "settings"] },
    });
    await http.request("POST", `/v1/feedbacks/${merged}/merge`, { token, body: { into: kept } });
    const mergedHere = /<h2>Merged here<\/h2>([\s\S]*?)<\/ul>/.exec(await page(`/inbox/${kept}`))![1]!.replace(/<[^>]+>/g, "");
    expect(mergedHere).toContain(`${merged} kept apart until unmerged: status Prioritized, owner member@demo.test, tag settings.`);
  });

  test("a feedback merged here whose triage adds nothing to the one shown says nothing of it", async () => {
    const kept = await report("Uploads over 10 MB fail silently");
    const merged = await report("Big uploads fail without an error");
    expect((await http.request("POST", `/v1/feedbacks/${merged}/merge`, { token: http.demo.tokens.admin, body: { into: kept } })).status).toBe(200);
    // Listed under Merged here, with nothing said beside it.
    const mergedHere = /<h2>Merged here<\/h2>([\s\S]*?)<\/ul>/.exec(await page(`/inbox/${kept}`))?.[1] ?? "";
    expect(mergedHere).toContain(`>${merged}<`);
    expect(mergedHere).not.toContain("kept apart until unmerged");
  });

  test("a merge's notice offers Undo, which unmerges the feedback merged and comes back to where the merge was made", async () => {
    const kept = await report("The invoice PDF is missing its logo");
    const merged = await report("No logo on the invoice PDF");
    const before = await page(`/inbox/${kept}`);
    const done = await admin.submit(before, { source: merged, into: kept, next: "/duplicates" }, "/duplicates/merge");
    const notice = /<div class="notice" role="status" tabindex="-1" autofocus>([\s\S]*?)<\/div>/.exec(await page(done.headers.get("location")!))![1]!;
    expect(notice.replace(/<[^>]+>/g, "")).toBe(`Merged ${merged} into ${kept}. Undo`);
    const undone = await admin.submit(formOf(notice, "/duplicates/undo-merge"), {});
    expect(undone.headers.get("location")).toBe(`/duplicates?done=restored&feedback=${merged}&target=${kept}`);
    expect((await http.request("GET", `/v1/feedbacks/${merged}`, { token: http.demo.tokens.admin })).body).toMatchObject({ key: merged, reports: 1 });
  });

  test("a merge typed on a feedback's page and refused says why beside the key's field, tied to it and focused, once", async () => {
    const key = await report("The calendar forgets the time zone");
    const here = `/inbox/${key}`;
    const refused = await admin.submit(await page(here), { source: key, into: "DEMO-999", next: here }, "/duplicates/merge");
    const shown = await page(refused.headers.get("location")!);
    const field = /<input id="merge-into"[^>]*>/.exec(shown)![0];
    expect(field).toContain('value="DEMO-999"');
    expect(field).toContain('aria-describedby="merge-into-hint merge-error"');
    expect(field).toContain('aria-invalid="true"');
    expect(field).toContain("autofocus");
    expect(shown).toContain(
      '<p class="error" role="alert" id="merge-error">No feedback <span class="nowrap">DEMO-999</span> in this organization.</p>',
    );
    expect(shown.match(/role="alert"/g)).toHaveLength(1);
  });

  test("a report is split out into a feedback of its own, and both timelines say where it went and where it came from", async () => {
    const holder = await report("Exported CSV files lose their accents");
    const stray = await report("The onboarding video never starts on Firefox", "stray@example.com");
    await http.request("POST", `/v1/feedbacks/${stray}/merge`, { token: http.demo.tokens.admin, body: { into: holder } });
    const thread = await page(`/inbox/${holder}`);
    const item = /<li class="report"[^>]*>(?:(?!<\/li>)[\s\S])*The onboarding video(?:(?!<\/li>)[\s\S])*<\/li>/.exec(thread)![0];
    expect(item).toContain(
      '>Split out<span class="visually-hidden"> report by stray@example.com: “The onboarding video never starts on…”</span></button>',
    );
    const split = await admin.submit(formOf(item, /action="([^"]+\/split)"/.exec(item)![1]!), {});
    expect(split.status).toBe(303);
    const to = split.headers.get("location")!;
    expect(to).toMatch(/done=split$/);
    expect(await page(to)).toContain("<h1>The onboarding video never starts on Firefox</h1>");
    const created = new URL(to, http.url).pathname.split("/").at(-1)!;
    expect(created).not.toBe(stray);
    expect(await followersOf(created)).toEqual(["stray@example.com"]);
    expect(timelineText(await page(`/inbox/${holder}`))).toContain(`A report moved to a feedback of its own: ${created}`);
    expect(timelineText(await page(`/inbox/${created}`))).toContain(`Made of a report taken out of ${holder}`);
  });
});
