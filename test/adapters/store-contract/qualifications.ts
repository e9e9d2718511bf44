import { describe, expect, test } from "bun:test";
import type { QualificationStore } from "../../../core/store/qualifications.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = QualificationStore;

/** Qualification sessions: expiry and end. */
export function qualificationsContract(makeStore: () => Promise<Subject>) {
  describe("qualifications", () => {
    test("qualification sessions expire and end", async () => {
      const store = await makeStore();
      const session = {
        id: "q1",
        orgId: "o",
        appId: "a",
        channelId: "c",
        channelKey: "k",
        source: "api" as const,
        report: { kind: "idea" as const, message: "m", author: {} },
        language: "en" as const,
        conversation: [],
        answers: {},
        pending: { id: "q1", status: "ask" as const },
        expiresAt: 100,
      };
      await store.saveQualification(session);
      expect(await store.findQualification("q1", 99)).toEqual(session);
      expect(await store.findQualification("q1", 100)).toBeNull();
      await store.endQualification("q1");
      expect(await store.findQualification("q1", 0)).toBeNull();
    });
  });
}
