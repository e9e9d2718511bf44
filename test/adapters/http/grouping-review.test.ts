import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setGroupingMode } from "../../../core/apps/set-grouping-mode.ts";
import { operatorGrant } from "../../../core/authorization.ts";
import { listSuggestions } from "../../../core/merges/list-suggestions.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const report = async (message: string, email?: string) =>
  (
    await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "problem", message, ...(email && { user: { email } }) },
    })
  ).body.ticketId as string;
const read = (key: string) => http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader });
const write = (path: string, body?: unknown, token = http.demo.tokens.member) =>
  http.request("POST", path, { token, ...(body !== undefined && { body }) });
/** A key as a page writes it in a sentence: kept whole on a phone. */
const whole = (key: string) => `<span class="nowrap">${key}</span>`;
const similar = (key: string) => http.request("GET", `/v1/feedbacks/${key}/similar`, { token: http.demo.tokens.reader });
const setMode = (mode: "auto" | "review") => setGroupingMode(http.services, operatorGrant(http.demo.orgId), http.demo.appId, mode);

/** A person signed in to the web pages, with their cookies: GET a page, POST a form (with its CSRF token). */
async function signIn(user: { email: string; password: string }) {
  const jar = new Map<string, string>();
  // The sign-in form takes the cookie's token; once signed in, forms carry the session's, read from a page.
  let csrf = () => jar.get("retour_csrf") ?? "";
  const send = async (method: string, path: string, form?: Record<string, string>) => {
    const response = await http.request(method, path, {
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        origin: "http://localhost:3000",
        ...(form && { "content-type": "application/x-www-form-urlencoded" }),
      },
      ...(form && { raw: new URLSearchParams({ csrf: csrf(), ...form }).toString() }),
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair = ""] = set.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  await send("GET", "/login");
  expect((await send("POST", "/login", { email: user.email, password: user.password, next: "/inbox" })).status).toBe(303);
  const token = /name="csrf" value="([^"]+)"/.exec((await send("GET", "/inbox")).body)![1]!;
  csrf = () => token;
  return { get: (path: string) => send("GET", path), post: (path: string, form: Record<string, string>) => send("POST", path, form) };
}

describe("grouping that people review and undo", () => {
  test("in auto mode a sure duplicate is merged; unmerge restores it with its report and follower, and the pair is not grouped again", async () => {
    const first = await report("The tax receipt button does nothing when I click it", "first@example.com");
    const second = await report("I press the tax receipt button and nothing happens", "second@example.com");
    expect(await http.runJobs()).toBeGreaterThan(0);
    const merged = await read(second);
    expect(merged.body).toMatchObject({ key: first, mergedInto: first, reports: 2 });

    const unmerged = await write(`/v1/feedbacks/${second}/unmerge`);
    expect(unmerged.status).toBe(200);
    expect(unmerged.body).toMatchObject({ key: second, status: "triage", reports: 1 });
    expect(unmerged.body.mergedInto).toBeUndefined();
    expect(unmerged.body.reportList.map((r: { text: string }) => r.text)).toEqual(["I press the tax receipt button and nothing happens"]);
    expect((await read(first)).body).toMatchObject({ key: first, reports: 1 });
    expect((await read(second)).body.key).toBe(second);
    // Dismissed by the unmerge: neither suggested nor listed as similar any more.
    expect((await similar(first)).body.data.map((s: { feedback: { key: string } }) => s.feedback.key)).not.toContain(second);
    expect((await write(`/v1/feedbacks/${second}/unmerge`)).body.code).toBe("cannot_unmerge");
  });

  test("POST …/merge merges two feedbacks by hand; the merged key then answers with the one that holds both", async () => {
    const target = await report("Dark mode resets after every restart of the desktop app");
    const source = await report("Shipping labels print upside down on the Zebra printer");
    const merged = await write(`/v1/feedbacks/${source}/merge`, { into: target });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ key: target, reports: 2 });
    expect((await read(source)).body).toMatchObject({ key: target, mergedInto: target });
    // Undone by hand too, exactly.
    expect((await write(`/v1/feedbacks/${source}/unmerge`)).body).toMatchObject({ key: source, reports: 1 });
    expect((await read(target)).body.reports).toBe(1);
  });

  test("merge refusals: the same feedback, a merged one, unknown keys, a bad body, a Reader, a token without feedbacks:write", async () => {
    const a = await report("Calendar sync skips events created on mobile");
    const b = await report("Password strength meter shows red for long passphrases");
    expect((await write(`/v1/feedbacks/${a}/merge`, { into: a })).status).toBe(409);
    expect((await write(`/v1/feedbacks/${a}/merge`, { into: a })).body.code).toBe("cannot_merge");
    expect((await write(`/v1/feedbacks/${a}/merge`, { into: "DEMO-999999" })).body.code).toBe("not_found");
    expect((await write(`/v1/feedbacks/DEMO-999999/merge`, { into: a })).status).toBe(404);
    expect((await write(`/v1/feedbacks/${a}/merge`, {})).body.code).toBe("invalid_body");
    expect((await write(`/v1/feedbacks/${a}/merge`, { into: b, also: 1 })).body.code).toBe("invalid_body");
    expect((await write(`/v1/feedbacks/${a}/merge`, { into: b }, http.demo.tokens.reader)).body.code).toBe("forbidden");
    expect((await write(`/v1/feedbacks/${a}/merge`, { into: b }, http.demo.tokens.readOnly)).body.code).toBe("insufficient_scope");
    expect((await http.request("POST", `/v1/feedbacks/${a}/merge`, { body: { into: b } })).status).toBe(401);
    expect((await write(`/v1/feedbacks/${a}/merge`, { into: b })).status).toBe(200);
    // Merged now: it merges no more, and a merge into it lands in the one it was merged into.
    expect((await write(`/v1/feedbacks/${a}/merge`, { into: b })).body.code).toBe("cannot_merge");
    expect((await write(`/v1/feedbacks/${a}/unmerge`, undefined, http.demo.tokens.reader)).body.code).toBe("forbidden");
    expect((await write(`/v1/feedbacks/${b}/unmerge`)).body.code).toBe("cannot_unmerge");
  });

  test("a merge into a feedback merged since is refused until that one is unmerged", async () => {
    const a = await report("Invoice PDF has the wrong currency symbol");
    const b = await report("Team invitations expire before the weekend");
    const c = await report("Map markers overlap on small screens");
    expect((await write(`/v1/feedbacks/${a}/merge`, { into: b })).status).toBe(200);
    expect((await write(`/v1/feedbacks/${b}/merge`, { into: c })).status).toBe(200);
    expect((await write(`/v1/feedbacks/${a}/unmerge`)).body.code).toBe("cannot_unmerge");
    expect((await write(`/v1/feedbacks/${b}/unmerge`)).status).toBe(200);
    expect((await write(`/v1/feedbacks/${a}/unmerge`)).status).toBe(200);
    for (const key of [a, b, c]) expect((await read(key)).body).toMatchObject({ key, reports: 1 });
  });

  test("POST …/reports/{reportId}/split takes a report out into a new feedback in triage, which its reporter follows", async () => {
    const holder = await report("Exported CSV files lose their accents");
    const stray = await report("The onboarding video never starts on Firefox", "stray@example.com");
    await write(`/v1/feedbacks/${stray}/merge`, { into: holder });
    const both = (await read(holder)).body;
    const moved = both.reportList.find((r: { text: string }) => r.text.startsWith("The onboarding video"));
    const split = await write(`/v1/feedbacks/${holder}/reports/${moved.id}/split`);
    expect(split.status).toBe(201);
    expect(split.body).toMatchObject({ status: "triage", reports: 1, title: "The onboarding video never starts on Firefox" });
    expect(split.body.key).not.toBe(stray);
    expect(split.body.reportList.map((r: { id: string }) => r.id)).toEqual([moved.id]);
    expect((await read(holder)).body.reports).toBe(1);
    const followers = await http.services.store.listFollowers(split.body.id);
    expect(followers.map((f) => f.email)).toEqual(["stray@example.com"]);
    const only = (await read(holder)).body.reportList[0].id;
    expect((await write(`/v1/feedbacks/${holder}/reports/${only}/split`)).body.code).toBe("cannot_split");
    expect((await write(`/v1/feedbacks/${holder}/reports/no-such-report/split`)).status).toBe(404);
    expect((await write(`/v1/feedbacks/${holder}/reports/${only}/split`, undefined, http.demo.tokens.reader)).body.code).toBe("forbidden");
  });

  test("a split-out feedback is triaged like a new one and dated from its report, so it lists where its report puts it", async () => {
    const b = await report("B: The checkout page takes a minute to load on mobile");
    const a = await report("A: Exporting the sales report crashes the dashboard");
    expect((await write(`/v1/feedbacks/${a}/merge`, { into: b })).status).toBe(200);
    const moved = ((await read(b)).body.reportList as Array<{ id: string; text: string }>).find((r) => r.text.startsWith("A:"))!;
    const split = await write(`/v1/feedbacks/${b}/reports/${moved.id}/split`);
    expect(split.status).toBe(201);
    expect(Date.parse(split.body.createdAt)).toBeLessThanOrEqual(Date.parse(split.body.lastActivityAt));
    expect(split.body.severity).toBeUndefined();
    await http.runJobs();
    const triaged = (await read(split.body.key)).body;
    expect(triaged.severity).toBeDefined();
    expect(triaged.key).toBe(split.body.key);
  });

  describe("an unmerge or split that would break the merge invariants answers 409 with why, never 500", () => {
    /** A merged into B by hand; the id of each one's report in B. */
    async function mergedPair(a: string, b: string) {
      expect((await write(`/v1/feedbacks/${a}/merge`, { into: b })).status).toBe(200);
      const list = (await read(b)).body.reportList as Array<{ id: string; text: string }>;
      return { own: list.find((r) => r.text.startsWith("B:"))!.id, brought: list.find((r) => r.text.startsWith("A:"))!.id };
    }

    test("merge A into B, split B's own report out, unmerge A: 409 cannot_unmerge, and B keeps A's report", async () => {
      const b = await report("B: Receipts are emailed twice after a refund");
      const a = await report("A: The refund e-mail arrives two times");
      const { own, brought } = await mergedPair(a, b);
      expect((await write(`/v1/feedbacks/${b}/reports/${own}/split`)).status).toBe(201);
      const refused = await write(`/v1/feedbacks/${a}/unmerge`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        code: "cannot_unmerge",
        error: `${b} holds only the reports that ${a} brought, its own having been split off since: unmerging would leave ${b} empty. Leave ${a} merged.`,
      });
      const holder = (await read(b)).body;
      expect(holder).toMatchObject({ key: b, reports: 1 });
      expect(holder.reportList.map((r: { id: string }) => r.id)).toEqual([brought]);
    });

    test("merge A into B, split A's report out of B, unmerge A: 409 cannot_unmerge, in English and in French", async () => {
      const b = await report("B: The barcode scanner beeps but adds nothing");
      const a = await report("A: Scanning a barcode beeps, the basket stays empty");
      const { own, brought } = await mergedPair(a, b);
      const split = await write(`/v1/feedbacks/${b}/reports/${brought}/split`);
      expect(split.status).toBe(201);
      const refused = await write(`/v1/feedbacks/${a}/unmerge`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        code: "cannot_unmerge",
        error: `A report that ${a} brought into ${b} is now in ${split.body.key}: unmerging would not give it back. Merge ${split.body.key} back into ${b} first, or leave ${a} merged.`,
      });
      const french = await http.request("POST", `/v1/feedbacks/${a}/unmerge`, {
        token: http.demo.tokens.member,
        headers: { "accept-language": "fr" },
      });
      expect(french.status).toBe(409);
      expect(french.body.error).toBe(
        `Un signalement que ${a} a apporté à ${b} est maintenant dans ${split.body.key}\u202f: défusionner ne le rendrait pas. Fusionnez d’abord ${split.body.key} dans ${b}, ou laissez ${a} fusionné.`,
      );
      expect((await read(b)).body.reportList.map((r: { id: string }) => r.id)).toEqual([own]);
      expect((await read(split.body.key)).body.reportList.map((r: { id: string }) => r.id)).toEqual([brought]);
    });

    test("in the inbox, the refused unmerge returns to the page with the message saying why, not a 500", async () => {
      const b = await report("B: Push notifications arrive an hour late");
      const a = await report("A: Notifications come one hour after the event");
      const { brought } = await mergedPair(a, b);
      const split = await write(`/v1/feedbacks/${b}/reports/${brought}/split`);
      expect(split.status).toBe(201);
      const browser = await signIn(http.demo.users.member);
      const posted = await browser.post(`/inbox/${a}/unmerge`, { next: `/inbox/${b}` });
      expect(posted.status).toBe(303);
      const back = posted.headers.get("location")!;
      expect(back.startsWith(`/inbox/${b}?`)).toBe(true);
      const shown = await browser.get(back);
      expect(shown.status).toBe(200);
      expect(shown.body).toContain(
        `<p class="error" role="alert" tabindex="-1" autofocus>A report that ${whole(a)} brought into ${whole(b)} is now in ${whole(split.body.key)}: unmerging would not give it back. Merge ${whole(split.body.key)} back into ${whole(b)} first, or leave ${whole(a)} merged.</p>`,
      );
      // An address that does not name feedbacks by their keys gets the code's own message.
      const forged = await browser.get(`/inbox/${b}?error=cannot_unmerge&reason=target_emptied&feedback=Pay+now&target=${b}`);
      expect(forged.body).toContain(`<p class="error" role="alert" tabindex="-1" autofocus>This feedback is not merged into another`);
    });

    test("merge A into B, split A's report out of B: B's page offers no Unmerge for A and says where its report is; GET A names that feedback", async () => {
      const b = await report("B: The invoice total ignores the discount code");
      const a = await report("A: Discount codes are not taken off the invoice");
      const { brought } = await mergedPair(a, b);
      const split = await write(`/v1/feedbacks/${b}/reports/${brought}/split`);
      expect(split.status).toBe(201);
      const page = (await (await signIn(http.demo.users.member)).get(`/inbox/${b}`)).body as string;
      expect(page).not.toContain(`action="/inbox/${a}/unmerge"`);
      expect(page).toContain(
        `<span class="muted why">A report that ${whole(a)} brought into ${whole(b)} is now in ${whole(split.body.key)}: unmerging would not give it back. Merge ${whole(split.body.key)} back into ${whole(b)} first, or leave ${whole(a)} merged.</span>`,
      );
      const asked = await read(a);
      expect(asked.body).toMatchObject({ key: b, mergedInto: b, reportsMovedTo: [split.body.key] });
      // Merged back, the report is in B again: the page offers Unmerge, and GET A no longer points elsewhere.
      expect((await write(`/v1/feedbacks/${split.body.key}/merge`, { into: b })).status).toBe(200);
      expect((await (await signIn(http.demo.users.member)).get(`/inbox/${b}`)).body).toContain(`action="/inbox/${a}/unmerge"`);
      expect((await read(a)).body.reportsMovedTo).toBeUndefined();
    });

    test("split A's report out of B into C, merge C into B, unmerge A: C's unmerge is refused, naming A, which took the report back", async () => {
      const b = await report("B: Search results vanish when I press back");
      const a = await report("A: Going back empties the search results");
      const { brought } = await mergedPair(a, b);
      const c = (await write(`/v1/feedbacks/${b}/reports/${brought}/split`)).body.key as string;
      expect((await write(`/v1/feedbacks/${c}/merge`, { into: b })).status).toBe(200);
      expect((await write(`/v1/feedbacks/${a}/unmerge`)).status).toBe(200);
      expect((await write(`/v1/feedbacks/${c}/unmerge`)).body).toEqual({
        code: "cannot_unmerge",
        error: `A report that ${c} brought into ${b} is now in ${a}: unmerging would not give it back. Merge ${a} back into ${b} first, or leave ${c} merged.`,
      });
      const page = (await (await signIn(http.demo.users.member)).get(`/inbox/${b}`)).body as string;
      expect(page).not.toContain(`action="/inbox/${c}/unmerge"`);
      expect(page).toContain(`is now in ${whole(a)}: unmerging would not give it back.`);
    });

    test("splitting a report that left the feedback since (split from another page): 409 cannot_split, naming the feedback that holds it now", async () => {
      const a = await report("The sidebar overlaps the chat on small screens");
      const b = await report("Clicking export twice downloads two files", "twice@example.com");
      await write(`/v1/feedbacks/${b}/merge`, { into: a });
      const brought = (await read(a)).body.reportList.find((r: { text: string }) => r.text.startsWith("Clicking export")).id;
      const split = await write(`/v1/feedbacks/${a}/reports/${brought}/split`);
      expect(split.status).toBe(201);
      const again = await write(`/v1/feedbacks/${a}/reports/${brought}/split`);
      expect([again.status, again.body]).toEqual([
        409,
        {
          code: "cannot_split",
          error: `This report is no longer in ${a}: it is in ${split.body.key} now (split off or merged meanwhile). Split it from ${split.body.key}, if it still should be.`,
        },
      ]);
    });

    test("splitting a feedback's only report: 409 cannot_split, saying it is the only one", async () => {
      const alone = await report("The help centre search finds nothing in French");
      const only = (await read(alone)).body.reportList[0].id;
      const refused = await write(`/v1/feedbacks/${alone}/reports/${only}/split`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: "cannot_split", error: `This report is the only one of ${alone}: it has a feedback of its own already.` });
    });
  });

  test("in review mode nothing is merged alone: likely duplicates wait as suggestions, and GET …/similar shows them scored", async () => {
    await setMode("review");
    try {
      const first = await report("The loyalty card barcode does nothing when I scan it");
      const second = await report("I scan the loyalty card barcode and nothing happens");
      await http.runJobs();
      expect((await read(second)).body).toMatchObject({ key: second, reports: 1 });
      const alike = (await similar(second)).body.data;
      expect(alike[0]).toMatchObject({ feedback: { key: first }, sure: true });
      expect(alike[0].score).toBeGreaterThan(0);
      expect(alike[0].matched.length).toBeGreaterThan(0);
      const queue = await listSuggestions(http.services, operatorGrant(http.demo.orgId), http.demo.appId);
      if (!queue.ok) throw new Error(queue.code);
      expect(queue.value.pairs.map((s) => [s.feedback.key, s.similar.key])).toContainEqual([second, first]);
    } finally {
      await setMode("auto");
    }
  });

  test("a suggested pair is no longer offered once one of them is praise and the other not, and is offered again once it is an idea (one subject with a problem)", async () => {
    await setMode("review");
    try {
      const first = await report("The gift voucher field does nothing when I paste a code");
      const second = await report("I paste a gift voucher code and the field does nothing");
      await http.runJobs();
      const queued = async () => {
        const queue = await listSuggestions(http.services, operatorGrant(http.demo.orgId), http.demo.appId);
        if (!queue.ok) throw new Error(queue.code);
        return queue.value.pairs.some((s) => [s.feedback.key, s.similar.key].includes(first) && [s.feedback.key, s.similar.key].includes(second));
      };
      expect(await queued()).toBe(true);
      const kind = (value: string) => http.request("PATCH", `/v1/feedbacks/${second}`, { token: http.demo.tokens.member, body: { kind: value } });
      expect((await kind("praise")).status).toBe(200);
      expect(await queued()).toBe(false);
      expect((await kind("idea")).status).toBe(200);
      expect(await queued()).toBe(true);
    } finally {
      await setMode("auto");
    }
  });

  test("a praise moved to a problem is compared again: its likely duplicates are suggested, and even a sure one is not merged alone", async () => {
    const problem = await report("The parking ticket scanner does nothing when I hold the ticket under it");
    const praise = (
      await http.request("POST", "/v1/reports", {
        body: { publicKey: http.demo.publicKey, kind: "praise", message: "I hold the parking ticket under the scanner and it does nothing" },
      })
    ).body.ticketId as string;
    await http.runJobs();
    const pairs = async () => {
      const queue = await listSuggestions(http.services, operatorGrant(http.demo.orgId), http.demo.appId);
      if (!queue.ok) throw new Error(queue.code);
      return queue.value.pairs.map((s) => [s.feedback.key, s.similar.key]);
    };
    // Compared as praise, the problem was no candidate: nothing is stored for the pair, whatever the kinds.
    const stored = await http.services.store.listSuggestions({
      orgId: http.demo.orgId,
      appId: null,
      limit: 50,
      kinds: [["problem", "idea", "praise"]],
      closed: [],
    });
    const praiseId = (await read(praise)).body.id as string;
    expect(stored.filter((s) => [s.feedbackId, s.similarId].includes(praiseId))).toEqual([]);
    expect((await http.request("PATCH", `/v1/feedbacks/${praise}`, { token: http.demo.tokens.member, body: { kind: "problem" } })).status).toBe(200);
    expect(await http.runJobs()).toBeGreaterThan(0);
    expect(await pairs()).toContainEqual([praise, problem]);
    // In auto mode a sure duplicate of a new report is merged; here a person has just decided what it is.
    expect((await read(praise)).body).toMatchObject({ key: praise, reports: 1 });
    expect((await similar(praise)).body.data[0]).toMatchObject({ feedback: { key: problem }, sure: true });
    // A problem made an idea stays one subject with what it was compared with: nothing to look at again.
    expect((await http.request("PATCH", `/v1/feedbacks/${praise}`, { token: http.demo.tokens.member, body: { kind: "idea" } })).status).toBe(200);
    expect(await http.runJobs()).toBe(0);
  });

  test("a feedback reopened is compared again: a likely duplicate that came while it was closed is suggested, not merged", async () => {
    const closed = await report("The loyalty stamp card resets to zero after every app update");
    await http.runJobs();
    const status = (key: string, value: string) =>
      http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { status: value } });
    expect((await status(closed, "dismissed")).status).toBe(200);
    // Closed, it is no candidate: the report that says the same stays a feedback of its own.
    const later = await report("After every app update my loyalty stamp card resets to zero");
    expect(await http.runJobs()).toBeGreaterThan(0);
    expect((await read(later)).body).toMatchObject({ key: later, reports: 1 });
    const paired = async () => {
      const queue = await listSuggestions(http.services, operatorGrant(http.demo.orgId), http.demo.appId);
      if (!queue.ok) throw new Error(queue.code);
      return queue.value.pairs.some((s) => [s.feedback.key, s.similar.key].sort().join() === [closed, later].sort().join());
    };
    expect(await paired()).toBe(false);
    expect((await status(closed, "triage")).status).toBe(200);
    expect(await http.runJobs()).toBeGreaterThan(0);
    expect(await paired()).toBe(true);
    expect((await read(closed)).body).toMatchObject({ key: closed, reports: 1 });
    expect((await read(later)).body).toMatchObject({ key: later, reports: 1 });
  });

  test("GET …/similar: 404 for an unknown key, 401 without a token", async () => {
    expect((await similar("DEMO-999999")).body.code).toBe("not_found");
    expect((await http.request("GET", "/v1/feedbacks/DEMO-1/similar")).status).toBe(401);
  });
});
