import type { PublicFeedbackSummary } from "../../core/schemas/portal.ts";
import type { H } from "./dom.ts";
import type { Portal } from "./panel-host.ts";
import type { Words } from "./words.ts";

/** What the panel hands the Ideas tab: where to draw, the portal, the words, and how a vote is cast. */
interface IdeasHost {
  /** Adds the tab's style sheet to the widget's shadow root (the panel's sheet builder: the tab's module imports nothing). */
  readonly style: (css: string) => void;
  readonly into: HTMLElement;
  readonly base: string;
  readonly portal: Portal;
  readonly lang: string;
  readonly w: Words;
  readonly h: H;
  /** Whether the site identified the person with a single sign-on token the service has not refused: only then can they vote here. */
  readonly identified: () => boolean;
  /** Whether the service refused the site's token: the tab then says so, rather than offer votes that cannot be counted. */
  readonly tokenRefused: () => boolean;
  /** Casts the person's vote; the feedback's votes, or null when it was refused (the panel says why). */
  readonly vote: (key: string) => Promise<{ votes: number; counted?: boolean } | null>;
  /** Those of these feedbacks that count the person's vote already, with their votes now. */
  readonly voted: (keys: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  /** Whether a vote was cast in this page (here or on a look-alike): the list is then asked of the service again. */
  readonly votedHere: () => boolean;
  /** Says something in the panel's status line, where refusals are said too. */
  readonly say: (text: string) => void;
  /** Says something to screen readers only, in the panel's status line. */
  readonly announce: (text: string) => void;
}

/** How many of the app's top ideas the tab lists. */
const SHOWN = 10;

const IDEAS_CSS = `
.ideas{display:grid;gap:10px;padding-bottom:6px}
.ideas ol{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.idea{display:flex;gap:10px;align-items:center;padding:8px;border:1px solid var(--line);border-radius:10px}
.idea a{font-weight:600;text-decoration:none;color:var(--fg)}.idea a:hover{text-decoration:underline}
.idea .label{display:block;color:var(--muted);font-size:12.5px}
.vote{display:grid;justify-items:center;min-width:48px;padding:4px 6px;line-height:1.2;background:var(--field);color:var(--fg);border-color:var(--line)}
.vote[aria-disabled=true]{opacity:.6}.vote.voted{background:var(--accent);color:var(--accent-fg);border-color:var(--accent);opacity:1}
.vote b,.count b{font-size:15px}.vote small,.count small{font-weight:500;font-size:11px}
.count{display:grid;justify-items:center;min-width:48px;color:var(--muted)}
.more{margin:0;font-weight:600}
`;

/** Where a link of the tab leads, opened in a new tab and said so. */
const outLink = (host: IdeasHost, href: string, text: string) =>
  host.h("a", { href, target: "_blank", rel: "noopener" }, text, host.h("span", { class: "sr" }, ` ${host.w.newTab}`));

/**
 * The portal's sign-in, coming back to the portal's board showing this app's ideas, where the person
 * then votes. Not back to the site's page: the session it opens lives on the portal, and this tab
 * votes only with the site's token, so the vote would be no nearer there; and the portal's sign-in
 * leads only to its own pages, never to another site (no open redirect).
 */
const signInBack = (portal: Portal): string =>
  `${portal.url}/sign-in?${new URLSearchParams({ next: `${new URL(portal.url).pathname}?appId=${encodeURIComponent(portal.appId)}` })}`;

/**
 * The Ideas tab, loaded the first time it is shown: the app's top published ideas from the
 * portal's public JSON, with their votes; a vote button each for a person the site identified
 * (`Retour.identify({ …, token })`), else the portal's sign-in; and a link to the portal.
 */
export async function showIdeas(host: IdeasHost): Promise<void> {
  const { h, w, portal } = host;
  host.style(IDEAS_CSS);
  const say = h("p", { class: "hint", role: "status" }, w.ideasLoading);
  host.into.replaceChildren(say);
  const query = new URLSearchParams({ appId: portal.appId, kind: "idea", sort: "top", limit: String(SHOWN) });
  let ideas: PublicFeedbackSummary[];
  try {
    const response = await fetch(`${host.base}/v1/portal/${encodeURIComponent(portal.slug)}/feedbacks?${query}`, {
      headers: { "accept-language": host.lang },
      // The browser keeps the list as the portal's public JSON lets it (30 s, then stale 5 min more): after a vote it
      // asks again with the list's ETag, so that no count from before the vote is shown (a 304 when none moved).
      cache: host.votedHere() ? "no-cache" : "default",
    });
    if (!response.ok) throw new Error(String(response.status));
    ideas = ((await response.json()) as { data: PublicFeedbackSummary[] }).data;
  } catch {
    say.textContent = w.ideasFailed;
    return;
  }
  const count = (votes: number) => [h("b", {}, String(votes)), " ", h("small", {}, w.votes(votes))];
  // Which ideas count the person's vote already (cast before, here or on the portal): their buttons say so from the start.
  const already = host.identified() && ideas.length > 0 ? await host.voted(ideas.map((idea) => idea.key)) : new Map<string, number>();
  const item = (idea: PublicFeedbackSummary) => {
    // The button's name is what it shows, the title said first to a screen reader only.
    const label = h("span", { class: "sr" }, `${w.voteFor.replace("{title}", idea.publicTitle)}, `);
    // A vote is cast once and not taken back here: once cast (now or before), the button says so, in
    // words as well as colour, and rests; aria-disabled rather than disabled keeps the focus on it.
    const showVoted = (votes: number) => {
      vote.setAttribute("aria-disabled", "true");
      vote.classList.add("voted");
      label.textContent = `${w.votedFor.replace("{title}", idea.publicTitle)}, `;
      vote.replaceChildren(label, ...count(votes), h("small", {}, w.voted));
    };
    const vote: HTMLButtonElement = h(
      "button",
      {
        type: "button",
        class: "vote",
        onclick: async () => {
          if (vote.getAttribute("aria-disabled") === "true") return;
          vote.setAttribute("aria-disabled", "true");
          const cast = await host.vote(idea.key);
          if (!cast) {
            // Refused for its token, no vote of the tab can be counted: they all rest, the status line saying why.
            if (host.tokenRefused()) for (const other of host.into.querySelectorAll(".vote")) other.setAttribute("aria-disabled", "true");
            else vote.removeAttribute("aria-disabled");
            return;
          }
          showVoted(cast.votes);
          // The vote the button shows already is said to screen readers only; that it had been cast before, the button does not show.
          if (cast.counted === false) host.say(w.alreadyVoted.replace("{title}", idea.publicTitle));
          else host.announce(w.votedFor.replace("{title}", idea.publicTitle));
        },
      },
      label,
      ...count(idea.votes),
    );
    // With the votes as they are now: the list may be one the browser kept from before the vote.
    const votesNow = already.get(idea.key);
    if (votesNow !== undefined) showVoted(votesNow);
    return h(
      "li",
      { class: "idea" },
      host.identified() ? vote : h("span", { class: "count" }, ...count(idea.votes)),
      h("div", {}, outLink(host, idea.url, idea.publicTitle), h("span", { class: "label" }, idea.statusLabel)),
    );
  };
  host.into.replaceChildren(
    h(
      "div",
      { class: "ideas" },
      // Only a sign-in the portal can give: without e-mail, a person votes once the site identifies them.
      host.tokenRefused()
        ? h("p", { class: "notice" }, w.signInLapsed)
        : host.identified() || !portal.emailSignIn
          ? null
          : h("p", { class: "notice" }, outLink(host, signInBack(portal), w.signInToVote)),
      ideas.length > 0 ? h("ol", {}, ...ideas.map(item)) : h("p", { class: "hint" }, w.ideasEmpty),
      h("p", { class: "more" }, outLink(host, portal.url, w.allIdeas)),
    ),
  );
}
