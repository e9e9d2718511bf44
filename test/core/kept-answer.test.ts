import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { ReportOutcome } from "../../core/model.ts";
import { keptForm, reopened } from "../../core/report/kept-answer.ts";
import { replay } from "../../core/report/record-feedback.ts";
import { reportResponse } from "../../core/report/report-response.ts";

/** A box that hides the text from a plain reading, as the service's key does. */
const secrets = { open: async (sealed: string) => atob(sealed) };
const SEALED = btoa("the-token");
const deps = { secrets, baseUrl: "https://retour.test" };
const answer: ReportOutcome = { kind: "recorded", body: reportResponse("https://retour.test", "ACME-7", "r-1", "the-token") };

describe("an answer kept for a retry", () => {
  test("holds its tracking token sealed: neither the token nor the tracking link is kept as it is", () => {
    const kept = keptForm(answer, SEALED);
    assert.equal(JSON.stringify(kept).includes("the-token"), false);
    assert.equal(kept.kind === "recorded" && kept.body.ticketId, "ACME-7");
  });

  test("gives a retry the first answer, token and link opened, field for field", async () => {
    const retried = await reopened(deps, { fingerprint: "f", response: keptForm(answer, SEALED) });
    assert.deepEqual(retried, { fingerprint: "f", response: answer });
    assert.deepEqual(Object.keys(retried.response.body), Object.keys(answer.body));
  });

  test("an answer kept before tokens were sealed, or one with no token (a question), is given back as it is", async () => {
    const step: ReportOutcome = { kind: "step", body: { id: "q-1", status: "ask", questions: [] } };
    for (const response of [answer, step]) assert.deepEqual(await reopened(deps, { fingerprint: "f", response }), { fingerprint: "f", response });
  });

  test("replayed, whichever write found it (a retry, or the second sender of one ending), it is the first answer opened; another body is refused", async () => {
    const kept = { fingerprint: "f", response: keptForm(answer, SEALED) };
    assert.deepEqual(await replay(deps, kept, "f"), { ok: true, value: { outcome: answer, replayed: true } });
    assert.deepEqual(await replay(deps, kept, "g"), { ok: false, code: "idempotency_key_reused" });
  });
});
