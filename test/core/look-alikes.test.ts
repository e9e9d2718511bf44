import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type FindLookAlikeDeps, lookAlikeCandidates, lookAlikeWords, publishedLookAlikes } from "../../core/portal/look-alikes.ts";
import type { PortalRecord } from "../../core/store/portals.ts";
import type { PublishedFeedback } from "../../core/store/publications.ts";

/** A published feedback as the portal's search finds it: only its id and age matter here. */
const published = (id: string, createdAt: number) =>
  ({ feedback: { id, createdAt }, publication: { feedbackId: id } }) as unknown as PublishedFeedback;
const ids = (list: readonly PublishedFeedback[]) => list.map(({ feedback }) => feedback.id);

describe("the look-alikes of a text a person is writing", () => {
  test("are looked for by the text's search words, the longest first (the first typed among equals), stop words and single letters left out", () => {
    assert.deepEqual(lookAlikeWords("Please sync the bookings with my Google calendar, a b c"), ["calendar", "booking", "google", "sync"]);
  });

  test("are looked for by words folded as the portal's search reads them: lower case, accents removed", () => {
    assert.deepEqual(lookAlikeWords("Téléchargement ÉCHOUE"), ["telechargement", "echoue"]);
  });

  test("leave out a stop word as it is typed, accented or plural, before it is cut to what its forms share", () => {
    assert.deepEqual(lookAlikeWords("Everything does crash, très récemment, dans l’export"), ["export", "crash"]);
  });

  test("are looked for by four words at most, each once", () => {
    assert.deepEqual(lookAlikeWords("export export exporting invoices invoice tariff sheet excel crashes weekly monthly"), [
      "invoice",
      "monthly",
      "export",
      "tariff",
    ]);
  });

  test("are compared from the published feedbacks most of its words found, the newest first among equals", () => {
    const old = published("old", 1);
    const recent = published("recent", 5);
    const newest = published("newest", 9);
    assert.deepEqual(ids(lookAlikeCandidates([[newest, recent, old], [old], [recent]])), ["recent", "old", "newest"]);
  });

  test("are compared from 25 published feedbacks at most", () => {
    const many = Array.from({ length: 40 }, (_, i) => published(`f${i}`, i));
    assert.equal(lookAlikeCandidates([many]).length, 25);
    assert.deepEqual(ids(lookAlikeCandidates([many])).slice(0, 2), ["f39", "f38"]);
  });
});

describe("the published look-alikes offered for the portal's apps", () => {
  const portal = { orgId: "org", slug: "demo", statusLabels: {} } as unknown as PortalRecord;
  const feedback = (id: string, appId: string, createdAt: number) =>
    ({
      feedback: { id, appId, createdAt, key: id, kind: "idea", status: "triage", votes: 0 },
      publication: { feedbackId: id, title: "Calendar sync", description: null, publishedAt: createdAt },
    }) as unknown as PublishedFeedback;
  /** Thirty newer ones of an app the portal does not offer, then the offered app's one. */
  const all = [...Array.from({ length: 30 }, (_, i) => feedback(`hidden-${i}`, "hidden", 100 + i)), feedback("offered", "shown", 1)];
  const services = {
    baseUrl: "https://retour.test",
    grouper: { compare: async (_: string, shown: readonly { id: string }[]) => ({ matches: shown.map(({ id }) => ({ id })) }) },
    store: {
      listPublished: async (_org: string, filter: { appId?: string }, _after: unknown, limit: number) =>
        all
          .filter(({ feedback }) => filter.appId === undefined || feedback.appId === filter.appId)
          .sort((a, b) => b.feedback.createdAt - a.feedback.createdAt)
          .slice(0, limit),
      countPublicComments: async () => new Map<string, number>(),
    },
  } as unknown as FindLookAlikeDeps;

  test("are each offered app's own, however many newer ones an app it does not offer has", async () => {
    const apps = [
      { id: "shown", name: "Shown" },
      { id: "also-shown", name: "Also shown" },
    ];
    const found = await publishedLookAlikes(services, { portal, apps, text: "Calendar sync", language: "en" });
    assert.deepEqual(
      found.map((f) => f.key),
      ["offered"],
    );
  });
});
