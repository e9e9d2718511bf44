import { h } from "./dom.ts";
import type { PanelHost, Portal } from "./panel-host.ts";
import { type Lang, WORDS, type Words } from "./words.ts";

/** A server's answer to one of the widget's requests. */
export interface Reply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** A vote as the server counted it; `counted` is false for a person who had already voted. */
export interface Vote {
  readonly key: string;
  readonly votes: number;
  readonly counted?: boolean;
}

/** What the dialog's parts share: the host, the page's language and words, the dialog, its status line, and the server. */
export interface PanelScope {
  readonly host: PanelHost;
  readonly lang: string;
  readonly w: Words;
  readonly portal: Portal | undefined;
  readonly dialog: HTMLElement;
  /** Says something in the status line under the dialog's content; "" clears it. */
  readonly say: (text: string) => void;
  /** Says something to screen readers only, in the status line (its live announcement): what the dialog shows already, not shown twice. */
  readonly announce: (text: string) => void;
  /** Says the request failed, and tells the page why (its `error` event). */
  readonly fail: (error: unknown) => void;
  /** Says why the server refused a request (its `error`, else `fallback`), and tells the page (its `error` event). */
  readonly refused: (reply: Reply, fallback: string) => void;
  readonly post: (path: string, payload: unknown, idempotencyKey?: string) => Promise<Reply>;
  /** Whether the site identified the person with a single sign-on token the service has not refused: only then are votes offered. */
  readonly identified: () => boolean;
  /** Whether the service refused the site's token: no vote with it can be counted, until the site identifies the person anew. */
  readonly tokenRefused: () => boolean;
  /** The identified person's vote for a published feedback (they follow it too); null when refused, and the status line says why. */
  readonly vote: (key: string) => Promise<Vote | null>;
  /** Those of these published feedbacks that count the identified person's vote already, with their votes now; none when the server cannot say. */
  readonly voted: (keys: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  /** Whether the service answered a vote in this page: the portal's list of ideas the browser keeps may be from before it. */
  readonly votedHere: () => boolean;
}

async function post(base: string, lang: string, path: string, payload: unknown, idempotencyKey?: string): Promise<Reply> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": lang, ...(idempotencyKey && { "idempotency-key": idempotencyKey }) },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: await response.json() };
}

/** The site's token, once the service refused it: remembered so that nothing asks with it again. */
interface Refusal {
  token?: string;
}

/** Casts the identified person's vote; the status line says why one is refused. */
async function vote(scope: PanelScope, refusal: Refusal, key: string): Promise<Vote | null> {
  const { host, w } = scope;
  // Refused already (its answer come after the Ideas tab was drawn): said again, but not asked, nor told the page again.
  if (scope.tokenRefused()) {
    scope.say(w.signInLapsed);
    return null;
  }
  // The token asked with: one the site gives anew meanwhile is not the one refused.
  const token = host.user.token;
  try {
    const reply = await scope.post("/v1/widget/votes", { publicKey: host.key, key, token });
    if (reply.status === 200) {
      host.emit("voted", reply.body);
      return reply.body as unknown as Vote;
    }
    // The service's words for a refused token are for the site's developers (the `error` event carries
    // them); the person can only reload the page, for which the site signs a fresh token.
    if (reply.body.code === "invalid_sso_token") {
      refusal.token = token;
      scope.say(w.signInLapsed);
      host.emit("error", reply.body);
    } else scope.refused(reply, w.voteFailed);
  } catch (error) {
    scope.say(w.voteFailed);
    host.emit("error", error);
  }
  return null;
}

/** How long the Ideas tab waits to learn the person's votes before it lists the ideas without them. */
const VOTED_WAIT_MS = 3000;

/**
 * Which of the keys count the identified person's vote: asked quietly, and waited for a little
 * while only, since the buttons work either way (a vote counted already is said when pressed).
 */
function voted(scope: PanelScope, refusal: Refusal, keys: readonly string[]): Promise<ReadonlyMap<string, number>> {
  const { host } = scope;
  const unknown: ReadonlyMap<string, number> = new Map();
  const token = host.user.token;
  const asked = (async () => {
    try {
      const reply = await scope.post("/v1/widget/voted", { publicKey: host.key, keys, token });
      if (reply.status === 200) return new Map((reply.body.voted as { key: string; votes: number }[]).map((v) => [v.key, v.votes]));
      // A refused token is for the site's developers to learn when the tab opens, not at the first vote; the tab then offers no vote.
      if (reply.body.code === "invalid_sso_token") refusal.token = token;
      host.emit("error", reply.body);
    } catch (error) {
      host.emit("error", error);
    }
    return unknown;
  })();
  const waited = new Promise<ReadonlyMap<string, number>>((resolve) => setTimeout(() => resolve(unknown), VOTED_WAIT_MS));
  return Promise.race([asked, waited]);
}

/** The scope of `dialog`, whose status line is `status`. */
export function scopeOf(host: PanelHost, lang: Lang, dialog: HTMLElement, status: HTMLElement): PanelScope {
  const w = WORDS[lang];
  const refusal: Refusal = {};
  let votedHere = false;
  // A token the site gives anew (`Retour.identify`) is asked with again.
  const tokenRefused = () => !!host.user.token && host.user.token === refusal.token;
  const scope: PanelScope = {
    host,
    lang,
    w,
    portal: host.portal(),
    dialog,
    say: (text) => (status.textContent = text),
    announce: (text) => status.replaceChildren(h("span", { class: "sr" }, text)),
    fail: (error) => {
      status.textContent = w.failed;
      host.emit("error", error);
    },
    refused: (reply, fallback) => {
      status.textContent = typeof reply.body.error === "string" ? reply.body.error : fallback;
      host.emit("error", reply.body);
    },
    post: (path, payload, idempotencyKey) => post(host.base, lang, path, payload, idempotencyKey),
    identified: () => !!host.user.token && !tokenRefused(),
    tokenRefused,
    vote: async (key) => {
      const cast = await vote(scope, refusal, key);
      votedHere ||= cast !== null;
      return cast;
    },
    voted: (keys) => voted(scope, refusal, keys),
    votedHere: () => votedHere,
  };
  return scope;
}
