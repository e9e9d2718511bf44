import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { answersScope, ENDING } from "../../core/qualification/ending.ts";
import { qualificationStanding } from "../../core/qualification/qualification-standing.ts";
import type { ReportOutcome } from "../../core/model.ts";
import type { QualificationSession } from "../../core/store/qualifications.ts";

const PENDING = { id: "q-1", status: "ask" as const, questions: [{ id: "where", prompt: "Where?", mode: "text" as const }] };
const RECORDED: ReportOutcome = { kind: "recorded", body: { ticketId: "ACME-1", statusId: "s-1", statusUrl: "http://x/s/s-1?t=t" } } as ReportOutcome;

/** A store holding one live qualification of the form key `form_a`, or its ending once answered. */
function store({ live, ended }: { live: boolean; ended: boolean }) {
  return {
    clock: () => 0,
    secrets: { open: async (sealed: string) => sealed },
    baseUrl: "http://x",
    store: {
      findQualification: async (id: string) =>
        live && id === "q-1" ? ({ id, channelKey: "form_a", pending: PENDING } as unknown as QualificationSession) : null,
      findAnswer: async (scope: string, key: string) =>
        ended && scope === answersScope("form_a", "q-1") && key === ENDING ? { fingerprint: "f", response: RECORDED } : null,
    },
  };
}

describe("where a qualification stands, for a page that shows it again", () => {
  test("while it asks: its questions", async () => {
    assert.deepEqual(await qualificationStanding(store({ live: true, ended: false }), "q-1", "form_a"), { ok: true, value: { asking: PENDING } });
  });

  test("once answered: the answer that ended it", async () => {
    assert.deepEqual(await qualificationStanding(store({ live: false, ended: true }), "q-1", "form_a"), { ok: true, value: { ended: RECORDED } });
  });

  test("of another channel, or expired unanswered: qualification_not_found", async () => {
    assert.deepEqual(await qualificationStanding(store({ live: true, ended: true }), "q-1", "form_b"), {
      ok: false,
      code: "qualification_not_found",
    });
    assert.deepEqual(await qualificationStanding(store({ live: false, ended: false }), "q-1", "form_a"), {
      ok: false,
      code: "qualification_not_found",
    });
  });
});
