import type { PublicFeedbackSummary } from "../../core/schemas/portal.ts";
import { h } from "./dom.ts";
import type { PanelScope, Vote } from "./panel-scope.ts";
import type { Draft } from "./saved-report.ts";

/** Published feedbacks like what the person writes, offered in the report form: a vote for one instead of a new report. */
interface LookAlikes {
  readonly element: HTMLElement;
  /** Asks again once the person pauses; only the latest answer is shown. */
  readonly look: () => void;
}

/** How long a person pauses before the look-alikes of what they wrote are asked for. */
const PAUSE_MS = 600;

export function lookAlikes(scope: PanelScope, draft: () => Draft, votedInstead: (feedback: PublicFeedbackSummary, vote: Vote) => void): LookAlikes {
  const element = h("div", { class: "alike" });
  let asked = 0;
  let pause: ReturnType<typeof setTimeout> | undefined;
  async function ask(): Promise<void> {
    const mine = ++asked;
    const { kind, message } = draft();
    const text = Array.from(message.trim()).slice(0, 500).join("");
    if (!scope.portal || text.length < 12 || kind === "praise") return void element.replaceChildren();
    try {
      const reply = await scope.post("/v1/widget/similar", { publicKey: scope.host.key, text });
      if (mine !== asked || reply.status !== 200) return;
      const found = (reply.body as { data: PublicFeedbackSummary[] }).data;
      const offers = found.map((feedback, i) => offer(scope, feedback, i, votedInstead));
      element.replaceChildren(...(found.length > 0 ? [h("p", { class: "notice" }, scope.w.alike), h("ul", {}, ...offers)] : []));
    } catch {
      // The offer only helps: the report goes on without it.
    }
  }
  const look = () => {
    clearTimeout(pause);
    pause = setTimeout(() => void ask(), PAUSE_MS);
  };
  return { element, look };
}

/** A published look-alike: a vote for it, or its page on the portal where the site identified no one. */
function offer(scope: PanelScope, feedback: PublicFeedbackSummary, i: number, votedInstead: (feedback: PublicFeedbackSummary, vote: Vote) => void) {
  const { w } = scope;
  const titleId = `retour-alike-${i}`;
  const vote = async (event: Event) => {
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    const cast = await scope.vote(feedback.key);
    if (cast) votedInstead(feedback, cast);
    button.disabled = false;
  };
  return h(
    "li",
    { class: "offer" },
    h(
      "div",
      {},
      h("a", { id: titleId, href: feedback.url, target: "_blank", rel: "noopener" }, feedback.publicTitle),
      h("span", { class: "hint meta" }, `${feedback.votes} ${w.votes(feedback.votes)} · ${feedback.statusLabel}`),
    ),
    scope.identified()
      ? h("button", { type: "button", class: "secondary", "aria-describedby": titleId, onclick: vote }, w.voteInstead)
      : h("a", { class: "secondary button", href: feedback.url, target: "_blank", rel: "noopener", "aria-describedby": titleId }, w.voteOnPortal),
  );
}
