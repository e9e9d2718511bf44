import { choicesOf } from "../../core/qualification/choices.ts";
import type { QualificationQuestion, QualificationStep } from "../../core/schemas/qualification.ts";
import { h } from "./dom.ts";
import type { Words } from "./words.ts";

/** A person's answers to one step: what they wrote, and the choices they ticked. */
export interface Answers {
  readonly text?: string;
  readonly choiceIds?: string[];
}

/** What the step's two buttons do. */
interface StepActions {
  readonly answer: (answers: Answers) => Promise<void>;
  /** Records the report as it is; its button rests until that is done. */
  readonly sendAsItIs: () => Promise<void>;
}

/** The assistant's step, the report not sent yet: its answer or its questions, then Continue or "Send as it is". */
export function stepForm(step: QualificationStep, w: Words, actions: StepActions): HTMLFormElement {
  const sendAsItIs = async () => {
    asIs.disabled = true;
    await actions.sendAsItIs().finally(() => (asIs.disabled = false));
  };
  // Continue rests while its answer is on its way: pressed twice, it would answer the next question too.
  const next = h("button", { type: "submit", class: "primary" }, w.next);
  const asIs: HTMLButtonElement = h("button", { type: "button", class: "secondary", onclick: () => void sendAsItIs() }, w.sendAsIs);
  // A screen reader says a live region's words only when they come into it once it is on the page:
  // the note comes empty, and its words once the browser has drawn the step.
  const notSent = h("p", { class: "notice", role: "status" });
  requestAnimationFrame(() => setTimeout(() => (notSent.textContent = w.notSent)));
  const form = h(
    "form",
    {},
    notSent,
    step.status === "answer" && step.message ? h("p", { class: "message" }, step.message) : null,
    step.status === "answer" && step.source
      ? h("p", {}, h("a", { href: step.source.url, target: "_blank", rel: "noopener" }, step.source.title || w.source))
      : null,
    ...(step.questions ?? []).map((q) => questionField(q, w)),
    h("div", { class: "actions" }, asIs, next),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (next.disabled) return;
    next.disabled = true;
    await actions.answer(answersOf(new FormData(form))).finally(() => (next.disabled = false));
  });
  return form;
}

function questionField(q: QualificationQuestion, w: Words): HTMLElement {
  if (q.mode === "text")
    return h("label", { class: "field" }, h("span", {}, q.prompt), h("textarea", { name: `text:${q.id}`, rows: 3, required: true }));
  const type = q.mode === "multi" ? "checkbox" : "radio";
  return h(
    "fieldset",
    { class: `choices ${q.mode}` },
    h("legend", {}, q.prompt),
    ...choicesOf(q, w).map((c) => h("label", { class: "choice" }, h("input", { type, name: `choice:${q.id}`, value: c.id }), h("span", {}, c.label))),
    q.allowTextFallback ? h("label", { class: "field" }, h("span", {}, w.orWrite), h("input", { type: "text", name: `text:${q.id}` })) : null,
  );
}

/** The written answers joined a line each, and the ticked choices; what was left empty is not sent. */
function answersOf(data: FormData): Answers {
  const text = [...data]
    .filter(([n, v]) => n.startsWith("text:") && String(v).trim())
    .map(([, v]) => String(v).trim())
    .join("\n");
  const choiceIds = [...data].filter(([n]) => n.startsWith("choice:")).map(([, v]) => String(v));
  return { ...(text && { text }), ...(choiceIds.length > 0 && { choiceIds }) };
}
