/**
 * The post form's look-alikes, a progressive enhancement (the form works without it): once the
 * person pauses typing a title of a few words, the portal's published feedbacks that look like it
 * are listed above the form, each with its votes and a link to its page, where the person can vote
 * instead; a polite live region says how many. The list never hides the title field: on a short
 * screen the page scrolls just enough to keep it in view. Runs in the browser, built by `look-alikes.ts`.
 */

// A module (the page loads it as one), so that its names are its own.
export {};

/** How long a person pauses before the look-alikes are asked for, as in the widget. */
const PAUSE_MS = 600;
/** A title this short says too little to look for: a few words first, as in the widget. */
const FEW_WORDS = 12;

interface LookAlike {
  readonly key: string;
  readonly publicTitle: string;
  readonly url: string;
  readonly votes: number;
  readonly statusLabel: string;
}

const section = document.querySelector<HTMLElement>("#look-alikes");
const status = document.querySelector<HTMLElement>("#look-alikes-status");
const title = document.querySelector<HTMLInputElement>("#post-title");
if (section && status && title) {
  const list = section.querySelector("ul")!;
  const { source = "", votesOne = "", votesOther = "", countOne = "", countOther = "" } = section.dataset;
  const plural = new Intl.PluralRules(document.documentElement.lang);
  const app = () => document.querySelector<HTMLSelectElement>("#post-app")?.value ?? "";
  let asked = 0;
  let pause: ReturnType<typeof setTimeout> | undefined;

  const item = (feedback: LookAlike): HTMLLIElement => {
    const li = document.createElement("li");
    const count = document.createElement("span");
    count.className = "count";
    const votes = document.createElement("b");
    votes.textContent = String(feedback.votes);
    count.append(votes, ` ${plural.select(feedback.votes) === "one" ? votesOne : votesOther}`);
    const link = document.createElement("a");
    link.href = feedback.url;
    link.textContent = feedback.publicTitle;
    const state = document.createElement("span");
    state.className = "muted";
    state.textContent = ` · ${feedback.statusLabel}`;
    const about = document.createElement("div");
    about.append(link, state);
    li.append(count, about);
    return li;
  };

  /** Scrolls just enough for the title field to stay on screen (a phone's keyboard included) below the list. */
  const keepTitleInView = () => {
    const view = window.visualViewport;
    const below = title.getBoundingClientRect().bottom + 16 - (view ? view.offsetTop + view.height : innerHeight);
    if (below > 0) scrollBy(0, below);
  };

  /** The keys listed now: the live region speaks when they change, not on every pause. */
  let listed = "";
  const show = (found: readonly LookAlike[]) => {
    list.replaceChildren(...found.map(item));
    section.hidden = found.length === 0;
    const keys = found.map((f) => f.key).join(" ");
    if (keys !== listed) {
      const count = plural.select(found.length) === "one" ? countOne : countOther;
      status.textContent = found.length > 0 ? count.replace("{n}", String(found.length)) : "";
      listed = keys;
    }
    keepTitleInView();
  };

  const ask = async (): Promise<void> => {
    const mine = ++asked;
    const text = title.value.trim();
    if (Array.from(text).length < FEW_WORDS) return show([]);
    try {
      const reply = await fetch(source, {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": document.documentElement.lang },
        body: JSON.stringify({ text, ...(app() && { appId: app() }) }),
      });
      if (mine !== asked || reply.status !== 200) return;
      show(((await reply.json()) as { data: LookAlike[] }).data);
    } catch {
      // The offer only helps: the post goes on without it.
    }
  };

  const look = () => {
    clearTimeout(pause);
    pause = setTimeout(() => void ask(), PAUSE_MS);
  };
  title.addEventListener("input", look);
  document.querySelector("#post-app")?.addEventListener("change", look);
  if (title.value.trim()) look();
}
