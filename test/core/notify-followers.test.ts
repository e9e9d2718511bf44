import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { MergeRecord } from "../../core/merges/merge.ts";
import type { AppRecord, Follower, ReportRecord } from "../../core/model.ts";
import { notifyFollowers } from "../../core/notify/notify-followers.ts";
import type { Publication } from "../../core/store/publications.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";
import { NOW } from "./fake-organization.ts";

/** ACME-1 was made from Ana's report, which names her order; Bob's untitled report was merged into it. */
const invoices = feedbackRecord({ status: "delivered", title: "Order 4471 for Acme: invoices are blank", reports: 2 });
const report = (id: string, email: string): ReportRecord => ({
  id,
  feedbackId: invoices.id,
  orgId: "org",
  appId: "app",
  source: "api",
  report: { kind: "problem", message: "The invoices page is blank", author: { email } },
  language: "en",
  conversation: [],
  statusId: id,
  at: NOW - 60_000,
});
const merge: MergeRecord = {
  ...{ id: "m-1", orgId: "org", appId: "app", sourceId: "fb-0", targetId: invoices.id, by: null, score: null, at: NOW - 30_000 },
  ...{ reportIds: ["r-bob"], addedFollowers: [], undone: null },
  ...{ targetBefore: { reports: 1, lastActivityAt: NOW }, targetAfter: { reports: 2, lastActivityAt: NOW } },
};
const follower = (email: string, trackingSealed?: string): Follower => ({
  feedbackId: invoices.id,
  email,
  language: "en",
  ...(trackingSealed && { trackingSealed }),
});

/**
 * Tells these followers of ACME-1, which holds Ana's and Bob's reports, that it was delivered;
 * `published` is its public title, if any. Answers the message each follower got.
 */
async function delivered(followers: readonly Follower[], published?: string) {
  const sent: Array<{ to: string; subject: string; text: string }> = [];
  const fake = fakeFeedbacks(invoices);
  const deps = {
    ...fake.deps,
    notifier: { delivers: true, send: async (m: (typeof sent)[number]) => void sent.push(m) },
    secrets: { seal: async (t: string) => t, open: async (t: string) => t },
    store: {
      ...fake.deps.store,
      listReports: async () => [report("r-ana", "ana@customer.example"), report("r-bob", "bob@customer.example")],
      listMerges: async () => [merge],
      listMembers: async () => [],
      listFollowers: async () => [...followers],
      findPortal: async () => null,
      findApp: async () => ({ id: "app", orgId: "org", name: "Acme Books" }) as AppRecord,
      findPublications: async () =>
        new Map(published ? [[invoices.id, { feedbackId: invoices.id, orgId: "org", title: published } as Publication]] : []),
      claimNotification: async () => "claimed" as const,
      confirmNotification: async () => {},
      releaseNotification: async () => {},
    },
  };
  await notifyFollowers(deps, { kind: "notify_followers", orgId: "org", feedbackId: invoices.id });
  return (email: string) => sent.find((m) => m.to === email)!;
}

describe("the delivered e-mail to each follower", () => {
  test("one who wrote one of its reports is told what they reported, as their report, though they follow it without a tracking link", async () => {
    // Bob voted for it first, and followed it so; his own report was merged in afterwards.
    const bob = (await delivered([follower("bob@customer.example")]))("bob@customer.example");
    assert.equal(bob.subject, "Delivered: your report ACME-1");
    assert.match(bob.text, /^What you reported is now delivered \(ACME-1\)\.$/m);
  });

  test("one whose report was split off since is told what they followed, by its key, though their tracking link remains", async () => {
    const cleo = (await delivered([follower("cleo@customer.example", "https://retour.test/s/r-cleo?t=x")]))("cleo@customer.example");
    assert.equal(cleo.subject, "Delivered: ACME-1");
    assert.match(cleo.text, /^What you followed is now delivered \(ACME-1\)\.$/m);
    assert.match(cleo.text, /^Follow your report: https:\/\/retour\.test\/s\/r-cleo\?t=x$/m);
  });

  test("once it is published, its reporter is still told what they reported, by its public title", async () => {
    const ana = (await delivered([follower("ana@customer.example", "https://retour.test/s/r-ana?t=x")], "Blank invoices"))("ana@customer.example");
    assert.equal(ana.subject, "Delivered: Blank invoices");
    assert.match(ana.text, /^What you reported is now delivered: "Blank invoices" \(ACME-1\)\.$/m);
  });

  test("thanks each follower by the name of the app the feedback is about", async () => {
    const ana = (await delivered([follower("ana@customer.example", "https://retour.test/s/r-ana?t=x")]))("ana@customer.example");
    assert.match(ana.text, /^Thank you for helping us improve Acme Books\.$/m);
  });

  test("gives each follower an unsubscribe link in their language, so its page speaks it", async () => {
    const bea = (await delivered([{ ...follower("bea@customer.example"), language: "fr" }]))("bea@customer.example");
    assert.match(bea.text, /^Ne plus recevoir de nouvelles de ACME-1\u202f: https:\/\/\S+&lang=fr$/m);
  });
});
