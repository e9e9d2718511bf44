import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setGroupingMode } from "../../../core/apps/set-grouping-mode.ts";
import { operatorGrant } from "../../../core/authorization.ts";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
let admin: FormBrowser;

const ORIGIN = { origin: "http://localhost:3000" };
const report = async (message: string): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body.ticketId;

beforeAll(async () => {
  http = await inProcess();
  await setGroupingMode(http.services, operatorGrant(http.demo.orgId), http.demo.appId, "review");
  admin = await signedInAs(http, "admin", "/duplicates");
});
afterAll(() => http.close());

/** Two likely duplicates, reported in this order and waiting in Possible duplicates once grouping has run: [newer, older] keys. */
async function waitingPair(first: string, second: string): Promise<[newer: string, older: string]> {
  const older = await report(first);
  const newer = await report(second);
  await http.runJobs();
  return [newer, older];
}
/** The pair's item in the queue, or undefined when it is not listed. */
const listed = (page: string, key: string) =>
  page
    .split('<li class="pair">')
    .slice(1)
    .find((item) => item.includes(`value="${key}"`));
/** The form of `html` that posts to `action`. */
const formOf = (html: string, action: string) => {
  const at = html.indexOf(`<form method="post" action="${action}"`);
  if (at < 0) throw new Error(`no form posting to ${action}`);
  return html.slice(at, html.indexOf("</form>", at) + "</form>".length);
};
/** Presses "Not duplicates" on the pair in the queue, and follows the answer to the page it leads to. */
async function dismiss(newer: string): Promise<string> {
  const item = listed(await (await admin.fetch("/duplicates")).text(), newer)!;
  const sent = await admin.submit(formOf(item, "/duplicates/dismiss"), {}, undefined, ORIGIN);
  expect(sent.status).toBe(303);
  return (await admin.fetch(sent.headers.get("location")!)).text();
}

describe("'Not duplicates' can be undone", () => {
  test("the notice of a dismissal offers Undo, a form that works without JavaScript; undone, the pair waits for review again, as it was", async () => {
    const [newer, older] = await waitingPair(
      "The loyalty card barcode does nothing when I scan it",
      "I scan the loyalty card barcode and nothing happens",
    );
    const before = listed(await (await admin.fetch("/duplicates")).text(), newer)!;
    const dismissed = await dismiss(newer);
    expect(listed(dismissed, newer)).toBeUndefined();
    const notice = /<div class="notice" role="status" tabindex="-1" autofocus>([\s\S]*?)<\/div>/.exec(dismissed)![1]!;
    expect(notice).toContain("will not be suggested together again.");
    expect(notice).toContain('<button type="submit" class="secondary">Undo</button>');
    const undone = await admin.submit(formOf(notice, "/duplicates/undismiss"), {}, undefined, ORIGIN);
    expect([undone.status, undone.headers.get("location")]).toEqual([303, `/duplicates?done=restored&feedback=${newer}&target=${older}`]);
    const back = await (await admin.fetch(undone.headers.get("location")!)).text();
    expect(back).toContain(
      `Undone: <a href="/inbox/${newer}" class="nowrap">${newer}</a> and <a href="/inbox/${older}" class="nowrap">${older}</a> are back for review.`,
    );
    // Its score, words and buttons as before; only the page's own token differs.
    expect(listed(back, newer)).toBe(before);
  });

  test("undone from a feedback's page, the pair is among its similar feedbacks again", async () => {
    const [newer, older] = await waitingPair("Push notifications arrive twice on Android", "On Android every push notification arrives twice");
    const page = await (await admin.fetch(`/inbox/${newer}`)).text();
    const similar = page.slice(page.indexOf("<h2>Similar feedbacks</h2>"));
    const sent = await admin.submit(formOf(similar, "/duplicates/dismiss"), {}, undefined, ORIGIN);
    const dismissed = await (await admin.fetch(sent.headers.get("location")!)).text();
    expect(dismissed.slice(dismissed.indexOf("<h2>Similar feedbacks</h2>"))).not.toContain(`/inbox/${older}"`);
    const undone = await admin.submit(formOf(dismissed, "/duplicates/undismiss"), {}, undefined, ORIGIN);
    expect(undone.headers.get("location")).toBe(`/inbox/${newer}?done=restored&feedback=${newer}&target=${older}`);
    const back = await (await admin.fetch(undone.headers.get("location")!)).text();
    expect(back.slice(back.indexOf("<h2>Similar feedbacks</h2>"))).toContain(`/inbox/${older}"`);
  });

  test("Undo pressed again, once the pair is back for review, says in a neutral notice that there was nothing to undo and changes nothing, in English and French", async () => {
    const [newer, older] = await waitingPair("The coupon field rejects lowercase codes", "Lowercase coupon codes are rejected by the coupon field");
    const undo = formOf(
      /<div class="notice" role="status" tabindex="-1" autofocus>([\s\S]*?)<\/div>/.exec(await dismiss(newer))![1]!,
      "/duplicates/undismiss",
    );
    expect((await admin.submit(undo, {}, undefined, ORIGIN)).headers.get("location")).toContain("done=restored");
    const before = listed(await (await admin.fetch("/duplicates")).text(), newer)!;
    const again = await admin.submit(undo, {}, undefined, ORIGIN);
    expect(again.headers.get("location")).toBe(`/duplicates?done=undecided&feedback=${newer}&target=${older}`);
    const shown = await (await admin.fetch(again.headers.get("location")!)).text();
    const [a, b] = [newer, older].map((key) => `<a href="/inbox/${key}" class="nowrap">${key}</a>`);
    expect(shown).toContain(
      `<p class="notice unchanged" role="status" tabindex="-1" autofocus>Nothing to undo: ${a} and ${b} are already back for review.</p>`,
    );
    expect(listed(shown, newer)).toBe(before);
    await admin.fetch("/language?to=fr&next=/duplicates");
    const inFrench = await (await admin.fetch(again.headers.get("location")!)).text();
    await admin.fetch("/language?to=en&next=/duplicates");
    expect(inFrench).toContain(
      `<p class="notice unchanged" role="status" tabindex="-1" autofocus>Rien à annuler\u202f: ${a} et ${b} sont déjà de nouveau à examiner.</p>`,
    );
  });

  test("Undo posted by hand for a pair never dismissed says in a neutral notice that there was nothing to undo", async () => {
    const [newer, older] = await waitingPair("The gift card balance shows zero after topping up", "After a top up the gift card balance shows zero");
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await admin.fetch("/duplicates")).text())![1]!;
    const form = `<form method="post" action="/duplicates/undismiss"><input type="hidden" name="csrf" value="${csrf}"></form>`;
    const sent = await admin.submit(form, { feedback: newer, similar: older, next: "/duplicates" }, undefined, ORIGIN);
    expect(sent.headers.get("location")).toBe(`/duplicates?done=undecided&feedback=${newer}&target=${older}`);
    expect(await (await admin.fetch(`/duplicates?done=undecided`)).text()).toContain(
      '<p class="notice unchanged" role="status" tabindex="-1" autofocus>Nothing to undo: the two are already back for review.</p>',
    );
  });

  test("a Reader is offered no Undo, and one posted is refused: the pair stays dismissed", async () => {
    const [newer, older] = await waitingPair("Dark mode resets after every restart", "After a restart the dark mode is reset");
    await dismiss(newer);
    const reader = await signedInAs(http, "reader", "/duplicates");
    const shown = await (await reader.fetch(`/duplicates?done=dismissed&feedback=${newer}&target=${older}`)).text();
    expect(shown).toContain("will not be suggested together again.");
    expect(shown).not.toContain('action="/duplicates/undismiss"');
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await reader.fetch("/inbox")).text())![1]!;
    const form = `<form method="post" action="/duplicates/undismiss"><input type="hidden" name="csrf" value="${csrf}"></form>`;
    const sent = await reader.submit(form, { feedback: newer, similar: older, next: "/duplicates" }, undefined, ORIGIN);
    expect(sent.headers.get("location")).toBe("/duplicates?error=forbidden");
    expect(listed(await (await admin.fetch("/duplicates")).text(), newer)).toBeUndefined();
  });

  test("a person of another organization cannot undo this one's dismissal: not found, the pair stays dismissed", async () => {
    const [newer, older] = await waitingPair("Search ignores accents in names", "Searching names ignores their accents");
    await dismiss(newer);
    await http.cli("org", "create", "Other", "--prefix", "OTHER", "--plan", "free");
    await http.cli("user", "create", "owner@other.test", "--password", "other-password-1", "--org", "OTHER", "--role", "admin");
    const stranger = new FormBrowser(http.url, {}, http.handle);
    await signIn(stranger, "owner@other.test", "other-password-1", "/duplicates");
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await stranger.fetch("/duplicates")).text())![1]!;
    const form = `<form method="post" action="/duplicates/undismiss"><input type="hidden" name="csrf" value="${csrf}"></form>`;
    const sent = await stranger.submit(form, { feedback: newer, similar: older, next: "/duplicates" }, undefined, ORIGIN);
    expect(sent.headers.get("location")).toBe("/duplicates?error=not_found");
    expect(listed(await (await admin.fetch("/duplicates")).text(), newer)).toBeUndefined();
  });
});

describe("'Not duplicates' undone after a merge", () => {
  /** Merges `source` into `into` as the inbox does. */
  async function mergeByHand(source: string, into: string): Promise<void> {
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await admin.fetch("/inbox")).text())![1]!;
    const form = `<form method="post" action="/duplicates/merge"><input type="hidden" name="csrf" value="${csrf}"></form>`;
    const sent = await admin.submit(form, { source, into, next: "/duplicates" }, undefined, ORIGIN);
    expect(sent.headers.get("location")).toStartWith("/duplicates?done=merged");
  }
  /** Whether the queue on `page` lists a pair of `a` and `b`. */
  const paired = (page: string, a: string, b: string) =>
    page
      .split('<li class="pair">')
      .slice(1)
      .some((item) => item.includes(`value="${a}"`) && item.includes(`value="${b}"`));

  test("a pair one of which was merged since its dismissal comes back as the feedback holding it now and the other", async () => {
    const holder = await report("Exported invoices lose their VAT number");
    const [newer, older] = await waitingPair("The map zooms out when I rotate my phone", "Rotating the phone zooms the map out");
    const dismissed = await dismiss(newer);
    await mergeByHand(newer, holder);
    const undone = await admin.submit(formOf(dismissed, "/duplicates/undismiss"), {}, undefined, ORIGIN);
    const back = await (await admin.fetch(undone.headers.get("location")!)).text();
    expect(back).toContain("are back for review.");
    expect(paired(back, holder, older)).toBe(true);
  });

  test("dismissed from a page shown before one of the two was merged, Undo takes back the pair as recorded: the feedback holding it and the other", async () => {
    const holder = await report("Printing a receipt cuts off its footer");
    const [newer, older] = await waitingPair("The calendar skips the 29th of February", "February 29 is missing from the calendar");
    const shown = await (await admin.fetch("/duplicates")).text();
    await mergeByHand(newer, holder);
    const sent = await admin.submit(formOf(listed(shown, newer)!, "/duplicates/dismiss"), {}, undefined, ORIGIN);
    const dismissed = await (await admin.fetch(sent.headers.get("location")!)).text();
    expect(paired(dismissed, holder, older)).toBe(false);
    const undone = await admin.submit(formOf(dismissed, "/duplicates/undismiss"), {}, undefined, ORIGIN);
    expect(paired(await (await admin.fetch(undone.headers.get("location")!)).text(), holder, older)).toBe(true);
  });
});

describe("a merge made by mistake can be undone", () => {
  /** Presses the pair's Merge button in the queue, and follows the answer to the page it leads to. */
  async function mergeFromQueue(newer: string, queue = "/duplicates"): Promise<string> {
    const item = listed(await (await admin.fetch(queue)).text(), newer)!;
    const sent = await admin.submit(formOf(item, "/duplicates/merge"), {}, undefined, ORIGIN);
    expect(sent.status).toBe(303);
    return (await admin.fetch(sent.headers.get("location")!)).text();
  }
  const noticeOf = (page: string) => /<div class="notice" role="status" tabindex="-1" autofocus>([\s\S]*?)<\/div>/.exec(page)![1]!;
  /** The refusal a page shows, as text (keys kept whole are spans). */
  const refusalOf = (page: string) =>
    /<p class="error" role="alert" tabindex="-1" autofocus>([\s\S]*?)<\/p>/.exec(page)?.[1]?.replace(/<[^>]+>/g, "");

  test("Undo on the queue's merge notice takes that merge back: the person stays on the queue, and the pair waits for review again with its score", async () => {
    const [newer, older] = await waitingPair(
      "The parking ticket QR code does not scan at the exit gate",
      "At the exit gate the parking ticket QR code does not scan",
    );
    const queue = `/duplicates?appId=${http.demo.appId}`;
    const before = listed(await (await admin.fetch(queue)).text(), newer)!;
    const merged = await mergeFromQueue(newer, queue);
    expect(listed(merged, newer)).toBeUndefined();
    const undone = await admin.submit(formOf(noticeOf(merged), "/duplicates/undo-merge"), {}, undefined, ORIGIN);
    expect([undone.status, undone.headers.get("location")]).toEqual([
      303,
      `/duplicates?appId=${http.demo.appId}&done=restored&feedback=${newer}&target=${older}`,
    ]);
    const back = await (await admin.fetch(undone.headers.get("location")!)).text();
    expect(back).toContain("are back for review.");
    // Its score, verdict, words and buttons as before; only the page's own token differs.
    expect(listed(back, newer)).toBe(before);
  });

  test("undone from a feedback's page, the person stays on that page, and the two are alike there again", async () => {
    const [newer, older] = await waitingPair("The bike lock app drains the battery overnight", "Overnight the bike lock app drains my battery");
    const page = await (await admin.fetch(`/inbox/${older}`)).text();
    const similar = page.slice(page.indexOf("<h2>Similar feedbacks</h2>"));
    const sent = await admin.submit(formOf(similar, "/duplicates/merge"), {}, undefined, ORIGIN);
    const merged = await (await admin.fetch(sent.headers.get("location")!)).text();
    const undone = await admin.submit(formOf(noticeOf(merged), "/duplicates/undo-merge"), {}, undefined, ORIGIN);
    expect(undone.headers.get("location")).toBe(`/inbox/${older}?done=restored&feedback=${newer}&target=${older}`);
    const back = await (await admin.fetch(undone.headers.get("location")!)).text();
    expect(back.slice(back.indexOf("<h2>Similar feedbacks</h2>"))).toContain(`/inbox/${newer}"`);
  });

  test("Undo pressed again, once the merge was undone, says in a neutral notice, not an error, that there was nothing to undo, in English and French", async () => {
    const [newer, older] = await waitingPair("Voice search does not hear my accent", "My accent is not understood by the voice search");
    const merged = await mergeFromQueue(newer);
    const undo = formOf(noticeOf(merged), "/duplicates/undo-merge");
    expect((await admin.submit(undo, {}, undefined, ORIGIN)).status).toBe(303);
    const again = await admin.submit(undo, {}, undefined, ORIGIN);
    expect(again.headers.get("location")).toBe(`/duplicates?done=putBack&feedback=${newer}&target=${older}`);
    const shown = await (await admin.fetch(again.headers.get("location")!)).text();
    expect(listed(shown, newer)).toBeDefined();
    expect(refusalOf(shown)).toBeUndefined();
    const [a, b] = [newer, older].map((key) => `<a href="/inbox/${key}" class="nowrap">${key}</a>`);
    expect(shown).toContain(
      `<p class="notice unchanged" role="status" tabindex="-1" autofocus>Nothing to undo: ${a} and ${b} were already put back.</p>`,
    );
    await admin.fetch("/language?to=fr&next=/duplicates");
    const inFrench = await (await admin.fetch(again.headers.get("location")!)).text();
    await admin.fetch("/language?to=en&next=/duplicates");
    expect(inFrench).toContain(
      `<p class="notice unchanged" role="status" tabindex="-1" autofocus>Rien à annuler\u202f: ${a} et ${b} ont déjà été séparés.</p>`,
    );
  });

  test("Undo takes back only the merge it names: merged again since, the feedback stays merged, and a neutral notice says it was merged again", async () => {
    const [newer, older] = await waitingPair("The receipt e-mail shows the wrong currency", "Wrong currency on the receipt e-mail");
    const first = await mergeFromQueue(newer);
    const staleUndo = formOf(noticeOf(first), "/duplicates/undo-merge");
    expect((await admin.submit(staleUndo, {}, undefined, ORIGIN)).status).toBe(303);
    await mergeFromQueue(newer);
    const stale = await admin.submit(staleUndo, {}, undefined, ORIGIN);
    expect(stale.headers.get("location")).toBe(`/duplicates?done=mergedAgain&feedback=${newer}&target=${older}`);
    const [a, b] = [newer, older].map((key) => `<a href="/inbox/${key}" class="nowrap">${key}</a>`);
    expect(await (await admin.fetch(stale.headers.get("location")!)).text()).toContain(
      `<p class="notice unchanged" role="status" tabindex="-1" autofocus>Nothing to undo: ${a} was merged again since its merge into ${b} was undone (by grouping or by a person). To take that back, unmerge it from its page.</p>`,
    );
    expect((await http.request("GET", `/v1/feedbacks/${newer}`, { token: http.demo.tokens.admin })).body).toMatchObject({
      key: older,
      mergedInto: older,
    });
  });

  test("a Reader is offered no Undo of a merge, and one posted is refused: the feedback stays merged", async () => {
    const [newer, older] = await waitingPair("The kiosk printer jams on long receipts", "Long receipts jam the kiosk printer");
    const merged = await mergeFromQueue(newer);
    const undo = formOf(noticeOf(merged), "/duplicates/undo-merge");
    const reader = await signedInAs(http, "reader", "/duplicates");
    const address = `/duplicates?done=merged&feedback=${newer}&target=${older}&merge=${/name="merge" value="([^"]+)"/.exec(undo)![1]}`;
    expect(await (await reader.fetch(address)).text()).not.toContain('action="/duplicates/undo-merge"');
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await reader.fetch("/inbox")).text())![1]!;
    const sent = await reader.submit(undo.replace(/name="csrf" value="[^"]+"/, `name="csrf" value="${csrf}"`), {}, undefined, ORIGIN);
    expect(sent.headers.get("location")).toBe("/duplicates?error=forbidden");
    expect((await http.request("GET", `/v1/feedbacks/${newer}`, { token: http.demo.tokens.admin })).body).toMatchObject({ mergedInto: older });
  });
});
