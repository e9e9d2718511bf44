import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { helpWasEnough, isMissingAnswer, QUALIFICATION_TTL_MS, readAnswer, stepFor, withAnswer } from "../../core/qualification/machine.ts";
import type { QualificationStep } from "../../core/schemas/qualification.ts";
import type { QualificationSession } from "../../core/store/qualifications.ts";

const choiceStep: QualificationStep = {
  id: "q1",
  status: "ask",
  questions: [
    {
      id: "often",
      prompt: "How often?",
      mode: "single",
      choices: [
        { id: "always", label: "Always" },
        { id: "once", label: "Once" },
      ],
    },
    {
      id: "where",
      prompt: "Where?",
      mode: "multi",
      choices: [
        { id: "web", label: "Web" },
        { id: "ios", label: "iOS" },
      ],
      allowTextFallback: true,
    },
  ],
};
const notAChoice = { ok: false, code: "invalid_answer", problem: { field: "choiceIds", reason: "not_a_choice" } };

describe("qualification answers", () => {
  test("an answer needs text or at least one choice", () => {
    assert.equal(isMissingAnswer({ publicKey: "k" }), true);
    assert.equal(isMissingAnswer({ publicKey: "k", text: "  " }), true);
    assert.equal(isMissingAnswer({ publicKey: "k", choiceIds: [] }), true);
    assert.equal(isMissingAnswer({ publicKey: "k", choiceIds: ["x"] }), false);
  });

  test("choices must come from one offered question; single takes one, multi several", () => {
    assert.deepEqual(readAnswer(choiceStep, { publicKey: "k", choiceIds: ["once"] }), {
      ok: true,
      value: { text: "Once", questionId: "often", choiceIds: ["once"] },
    });
    assert.deepEqual(readAnswer(choiceStep, { publicKey: "k", choiceIds: ["web", "ios"] }), {
      ok: true,
      value: { text: "Web, iOS", questionId: "where", choiceIds: ["web", "ios"] },
    });
    assert.deepEqual(readAnswer(choiceStep, { publicKey: "k", choiceIds: ["always", "once"] }), notAChoice);
    assert.deepEqual(readAnswer(choiceStep, { publicKey: "k", choiceIds: ["always", "web"] }), notAChoice);
  });

  test("free text goes to a text question or one that allows a text fallback", () => {
    assert.deepEqual(readAnswer(choiceStep, { publicKey: "k", text: "Android" }), {
      ok: true,
      value: { text: "Android", questionId: "where", choiceIds: [] },
    });
    const choicesOnly: QualificationStep = { ...choiceStep, questions: [choiceStep.questions![0]!] };
    assert.deepEqual(readAnswer(choicesOnly, { publicKey: "k", text: "hmm" }), {
      ok: false,
      code: "invalid_answer",
      problem: { field: "text", reason: "choices_only" },
    });
  });

  test("after a help-center answer, yes ends the qualification as resolved", () => {
    const answered: QualificationStep = {
      id: "q",
      status: "answer",
      source: { title: "Reset", url: "https://help/x" },
      questions: [
        {
          id: "helped",
          prompt: "Enough?",
          mode: "yes_no",
          choices: [
            { id: "yes", label: "Yes" },
            { id: "no", label: "No" },
          ],
        },
      ],
    };
    const yes = readAnswer(answered, { publicKey: "k", choiceIds: ["yes"] });
    const no = readAnswer(answered, { publicKey: "k", choiceIds: ["no"] });
    assert.ok(yes.ok && no.ok);
    assert.equal(helpWasEnough(answered, yes.value), true);
    assert.equal(helpWasEnough(answered, no.value), false);
  });

  test("each answer joins the conversation and restarts the 15-minute validity", () => {
    const session = { conversation: [], answers: {}, expiresAt: 0 } as unknown as QualificationSession;
    const next = withAnswer(session, { text: "Once", questionId: "often", choiceIds: ["once"] }, 1_000);
    assert.deepEqual(next.conversation, [{ role: "user", text: "Once", at: 1_000 }]);
    assert.deepEqual(next.answers, { often: "once" });
    assert.equal(next.expiresAt, 1_000 + QUALIFICATION_TTL_MS);
    assert.equal(QUALIFICATION_TTL_MS, 15 * 60_000);
  });

  test("a question the assistant asked twice under one id is asked once, as it first put it", () => {
    const [often, where] = choiceStep.questions!;
    const twice = { ...where!, id: "often" };
    assert.deepEqual(stepFor("q", { status: "ask", questions: [often!, twice, where!] }).questions, [often, where]);
  });

  test("steps shown to the client carry only the fields of their status", () => {
    assert.deepEqual(stepFor("q", { status: "drop", message: "Off topic" }), { id: "q", status: "drop", message: "Off topic" });
  });
});
