import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { storeCalls } from "../../support/store-calls.ts";
import type { Services } from "../../../core/services.ts";

let http: InProcess;
/** What the mail server was handed. */
const mails: Array<Parameters<Services["notifier"]["send"]>[0]> = [];
beforeAll(async () => {
  http = await inProcess({ with: { notifier: { delivers: true, send: async (m) => void mails.push(m) } } });
  expect((await http.request("PUT", "/v1/portal", { token: http.demo.tokens.admin, body: { enabled: true } })).status).toBe(200);
});
afterAll(() => http.close());

const admin = () => http.demo.tokens.admin;

/** Subjects no grouping folds together. */
const TWELVE_SUBJECTS = [
  "Shipping labels print upside down",
  "Invoice totals ignore the discount code",
  "Dark theme resets after signing in",
  "Calendar sync duplicates recurring events",
  "Password reset e-mail never arrives",
  "Search finds nothing for accented names",
  "CSV import stops at the first empty row",
  "Mobile menu hides the logout button",
  "Webhook retries flood our server",
  "Profile photo upload rotates portraits",
  "Timezone shown is always UTC",
  "Keyboard shortcut for bold does nothing",
];

/** `count` published feedbacks of their own: their keys and ids. */
async function published(subject: string, count: number): Promise<Array<{ key: string; id: string }>> {
  const made: Array<{ key: string; id: string }> = [];
  for (let i = 0; i < count; i++) {
    const message = `${subject}, case ${i}`;
    const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message } })).body.ticketId;
    expect((await http.request("POST", `/v1/feedbacks/${key}/publish`, { token: admin() })).status).toBe(200);
    made.push({ key, id: (await http.request("GET", `/v1/feedbacks/${key}`, { token: admin() })).body.id });
  }
  return made;
}

/** A changelog entry shipping these feedbacks, published or left a draft. */
async function entry(title: string, keys: readonly string[], publish: boolean): Promise<void> {
  const written = await http.request("POST", "/v1/changelog", { token: admin(), body: { title, body: "Shipped.", feedbacks: keys } });
  expect(written.status).toBe(201);
  if (publish) expect((await http.request("POST", `/v1/changelog/${written.body.id}/publish`, { token: admin() })).status).toBe(200);
}

describe("changelog entries that ship many feedbacks name them without looking each up by itself", () => {
  test("GET /v1/changelog lists two drafts of 30 feedbacks each, every key named, none of the feedbacks found one at a time", async () => {
    const [first, second] = [await published("Bulk export to CSV", 30), await published("Keyboard shortcuts in the editor", 30)];
    await entry(
      "Exports",
      first.map((f) => f.key),
      false,
    );
    await entry(
      "Shortcuts",
      second.map((f) => f.key),
      false,
    );
    let listed: any;
    const calls = await storeCalls(http.services.store, async () => {
      listed = (await http.request("GET", "/v1/changelog", { token: admin() })).body;
    });
    expect(listed.data.map((e: { feedbacks: string[] }) => e.feedbacks)).toEqual([second.map((f) => f.key), first.map((f) => f.key)]);
    const linked = new Set([...first, ...second].map((f) => f.id));
    expect(calls.oneByOne.filter((id) => linked.has(id))).toEqual([]);
  });

  test("the public changelog shows the 30 feedbacks an entry shipped, 10 of them merged into another since, none of them found one at a time", async () => {
    const shipped = await published("Offline mode for the mobile app", 30);
    await entry(
      "Offline mode",
      shipped.map((f) => f.key),
      true,
    );
    const [into, ...merged] = shipped.slice(0, 11);
    for (const f of merged)
      expect((await http.request("POST", `/v1/feedbacks/${f.key}/merge`, { token: admin(), body: { into: into!.key } })).status).toBe(200);
    let page = "";
    const calls = await storeCalls(http.services.store, async () => {
      page = await (await http.fetch(`${http.url}/p/demo/changelog`)).text();
    });
    const shown = [...page.matchAll(/<li><span class="count">[^<]*<\/span><a href="\/p\/demo\/([^"]+)">/g)].map((m) => m[1]);
    expect(shown.sort()).toEqual([into!, ...shipped.slice(11)].map((f) => f.key).sort());
    const linked = new Set(shipped.map((f) => f.id));
    expect(calls.oneByOne.filter((id) => linked.has(id))).toEqual([]);
  });

  test("publishing an entry of 12 feedbacks, 2 merged into another, reads their followers once, and tells each person once, in their language, of what they follow", async () => {
    const shipped: Array<{ key: string; id: string }> = [];
    for (const subject of TWELVE_SUBJECTS) shipped.push(...(await published(subject, 1)));
    // Grouping done first (the subjects are too far apart to be folded), the announcement alone is counted.
    expect(await http.runJobs()).toBeGreaterThan(0);
    const [into, ...rest] = shipped;
    const follow = (f: { id: string }, email: string, language: "en" | "fr") =>
      http.services.store.addFollower({ feedbackId: f.id, email, language });
    for (const f of shipped) await follow(f, "ann@example.com", "en");
    await follow(rest[4]!, "bea@example.fr", "fr");
    // Carl follows a feedback merged since: the merge makes him a follower of the one that holds it.
    await follow(rest[9]!, "carl@example.com", "en");
    for (const f of rest.slice(9))
      expect((await http.request("POST", `/v1/feedbacks/${f.key}/merge`, { token: admin(), body: { into: into!.key } })).status).toBe(200);
    await entry(
      "Labels",
      shipped.map((f) => f.key),
      true,
    );
    mails.length = 0;
    const calls = await storeCalls(http.services.store, () => http.runJobs());
    expect(Object.entries(calls.of).filter(([name]) => name.startsWith("listFollowers"))).toEqual([["listFollowersOf", 1]]);
    const told = (to: string) => mails.filter((m) => m.to === to);
    expect(mails.map((m) => m.to).sort()).toEqual(["ann@example.com", "bea@example.fr", "carl@example.com"]);
    expect(told("bea@example.fr")[0]!.subject).toBe("«\u202fLabels\u202f» est disponible");
    expect(told("carl@example.com")[0]!.subject).toBe('"Labels" has shipped');
    const named = (to: string) => [...told(to)[0]!.text.matchAll(/\/p\/demo\/(DEMO-\d+)/g)].map((m) => m[1]);
    expect(new Set(named("bea@example.fr"))).toEqual(new Set([rest[4]!.key]));
    expect(new Set(named("carl@example.com"))).toEqual(new Set([into!.key]));
    expect(new Set(named("ann@example.com"))).toEqual(new Set([...shipped.slice(0, 10)].map((f) => f.key)));
  });
});
