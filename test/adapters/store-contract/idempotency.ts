import { describe, expect, test } from "bun:test";
import type { IdempotencyStore } from "../../../core/store/idempotency.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { QualificationStore } from "../../../core/store/qualifications.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = IdempotencyStore &
  Pick<FeedbackStore, "listFeedbacks"> &
  Pick<QualificationStore, "findQualification" | "saveQualification"> &
  Seeding;

/** Idempotent answers, stored with the change they answer. */
export function idempotencyContract(makeStore: () => Promise<Subject>) {
  const { seed, newFeedback, qualificationSession } = contractKit();

  describe("idempotency", () => {
    test("idempotency: the answer commits with its feedback; a live answer wins over a second write with the same key", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const write = { scope: "s", key: "k", fingerprint: "fp1", now: 10, expiresAt: 100 };
      const respond = (ticketId: string) => ({ kind: "recorded" as const, body: { ok: true as const, ticketId, merged: false } });
      const first = await store.recordFeedback({ ...newFeedback(org, "first", 10), answer: { ...write, respond } });
      expect(first.state).toBe("recorded");
      const key = first.state === "recorded" ? first.feedback.key : "";
      const stored = { fingerprint: "fp1", response: respond(key) };
      expect(await store.findAnswer("s", "k", 11)).toEqual(stored);
      // A second request with the key, racing the first, writes nothing and reads the first answer.
      const second = await store.recordFeedback({ ...newFeedback(org, "second", 11), answer: { ...write, fingerprint: "fp2", now: 11, respond } });
      expect(second).toEqual({ state: "answered", answer: stored });
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, null, 10)).map((f) => f.title)).toEqual(["first"]);
      expect(await store.findAnswer("other", "k", 11)).toBeNull();
      // Expired, the answer is gone and the key may answer again.
      expect(await store.findAnswer("s", "k", 100)).toBeNull();
      const later = await store.recordFeedback({ ...newFeedback(org, "later", 100), answer: { ...write, now: 100, expiresAt: 200, respond } });
      expect(later.state).toBe("recorded");
    });

    test("idempotency: an answer without a feedback, and a qualification session saved with its answer", async () => {
      const store = await makeStore();
      const step = { kind: "step" as const, body: { id: "q1", status: "drop" as const } };
      const write = { scope: "s", key: "k", fingerprint: "fp", now: 1, expiresAt: 100 };
      expect(await store.saveAnswer(write, step)).toBeNull();
      expect(await store.saveAnswer({ ...write, fingerprint: "other" }, { ...step, body: { id: "q2", status: "drop" } })).toEqual({
        fingerprint: "fp",
        response: step,
      });
      const session = qualificationSession("q3", 1_000);
      expect(await store.saveQualification(session, { ...write, key: "k2", response: step })).toBeNull();
      expect((await store.findQualification("q3", 2))?.id).toBe("q3");
      expect(await store.findAnswer("s", "k2", 2)).toEqual({ fingerprint: "fp", response: step });
      // The key already answered: the second session is not saved.
      expect(await store.saveQualification(qualificationSession("q4", 1_000), { ...write, key: "k2", response: step })).not.toBeNull();
      expect(await store.findQualification("q4", 2)).toBeNull();
    });
  });
}
