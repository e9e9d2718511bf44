import type { Services } from "../../../core/services.ts";
import { type CookieJar, readCookie, type WebRequest, writeCookie } from "../cookies.ts";
import { isSecure, sessionTag } from "../web-session.ts";
import { redirect } from "../html.ts";
import type { BulkDraft } from "./triage-panel.ts";

const FLASH_COOKIE = "retour_flash";
const FLASH_SECONDS = 60;
/** A browser keeps a cookie of at most 4,096 bytes, its name (`__Host-retour_flash`) included: a sealed flash longer than this would be dropped. */
const FLASH_ROOM = 4_000;

/**
 * What the page a form's POST redirects to shows once: a secret under its label, a line saying what
 * was done, a step of an app's set-up, the inbox's bulk change refused, with what was ticked and
 * typed, a saved view refused, or the address an application with its own scheme gets its code at.
 */
type Flash =
  | { readonly kind: "secret"; readonly label: string; readonly value: string }
  | { readonly kind: "notice"; readonly text: string }
  | { readonly kind: "setup"; readonly step: SetupStep }
  | { readonly kind: "bulk"; readonly draft: BulkDraft }
  | { readonly kind: "view"; readonly refusal: ViewRefusal }
  | { readonly kind: "handover"; readonly client: string; readonly location: string };

/**
 * What an app's set-up has just made: the app, or one of its channels. Its Channels tab says what
 * to do next, from the channel as it is then (its key, its link), which only an id can point to.
 */
export type SetupStep =
  | { readonly appId: string; readonly made: "app" }
  | { readonly appId: string; readonly made: "channel"; readonly channelId: string };

/** A saved view refused: why, as the page says it, and the name typed, to correct. */
export interface ViewRefusal {
  readonly error: string;
  readonly name: string;
}

/** A flash, the path of the one page that shows it, and the session it is shown in (sessionTag). */
interface Kept {
  readonly page: string;
  readonly session: string | null;
  readonly shown: Flash;
}

/** The path of an address the application answers (a redirect's location, a request's URL), without its query or fragment. */
const pathOf = (address: string): string => new URL(address, "http://retour.invalid").pathname;

/**
 * Keeps a secret, or what a POST did, for the page it redirects to (`page`, the redirect's
 * location) only. A POST that creates or removes redirects (so a reload never does it again); the
 * flash waits in a sealed, HttpOnly cookie for a minute at most and is removed as soon as that page
 * shows it, in the session it was made in only. False, and nothing kept, when it is longer than a browser keeps a cookie.
 */
export async function flash(services: Pick<Services, "secrets" | "baseUrl">, jar: CookieJar, shown: Flash, page: string): Promise<boolean> {
  const kept: Kept = { page: pathOf(page), session: await sessionTag(services, jar), shown };
  const sealed = await services.secrets.seal(JSON.stringify(kept));
  if (sealed.length > FLASH_ROOM) return false;
  writeCookie(jar, FLASH_COOKIE, sealed, { secure: isSecure(services), maxAgeSeconds: FLASH_SECONDS });
  return true;
}

/** Keeps the flash for the page at `location` and redirects there (post-redirect-get): one address names both, so they cannot part. */
export async function redirectWithFlash(
  services: Pick<Services, "secrets" | "baseUrl">,
  jar: CookieJar,
  shown: Flash,
  location: string,
): Promise<Response> {
  await flash(services, jar, shown, location);
  return redirect(location);
}

/**
 * The flash kept for the page asked for, if it is of the kind that page shows: reading it
 * removes it. One for another page, or of another kind, is left for its own page: a page loaded
 * before it (a redirect not followed, another tab) neither shows it nor takes it away, and it goes
 * with its minute. One that cannot be opened, or was kept in another session, reads as none, and goes.
 */
async function takeFlash<K extends Flash["kind"]>(
  services: Pick<Services, "secrets" | "baseUrl">,
  { request, cookie }: WebRequest,
  kind: K,
): Promise<Extract<Flash, { kind: K }> | undefined> {
  const sealed = readCookie(cookie, FLASH_COOKIE, isSecure(services));
  if (!sealed) return undefined;
  let kept: Kept | undefined;
  try {
    kept = JSON.parse(await services.secrets.open(sealed)) as Kept;
  } catch {
    kept = undefined;
  }
  // Kept for a session this browser no longer holds (signed out, someone else signed in): not theirs to see.
  if (kept && kept.session !== (await sessionTag(services, cookie))) kept = undefined;
  if (kept && (kept.shown?.kind !== kind || kept.page !== pathOf(request.url))) return undefined;
  writeCookie(cookie, FLASH_COOKIE, "", { secure: isSecure(services), maxAgeSeconds: 0 });
  return kept?.shown as Extract<Flash, { kind: K }> | undefined;
}

/** The secret kept for this page. */
export const takeSecret = (services: Pick<Services, "secrets" | "baseUrl">, page: WebRequest) => takeFlash(services, page, "secret");

/** The line saying what the POST did. */
export const takeNotice = async (services: Pick<Services, "secrets" | "baseUrl">, page: WebRequest): Promise<string | undefined> =>
  (await takeFlash(services, page, "notice"))?.text;

/** The step of an app's set-up just made, kept for its Channels tab. */
export const takeSetupStep = async (services: Pick<Services, "secrets" | "baseUrl">, page: WebRequest): Promise<SetupStep | undefined> =>
  (await takeFlash(services, page, "setup"))?.step;

/** The inbox's bulk change refused, kept for the inbox it was sent back to. */
export const takeBulkDraft = async (services: Pick<Services, "secrets" | "baseUrl">, page: WebRequest): Promise<BulkDraft | undefined> =>
  (await takeFlash(services, page, "bulk"))?.draft;

/** The saved view refused, kept for the list it was to save. */
export const takeViewRefusal = async (services: Pick<Services, "secrets" | "baseUrl">, page: WebRequest): Promise<ViewRefusal | undefined> =>
  (await takeFlash(services, page, "view"))?.refusal;

/** The application an authorization was handed over to, and the address with its code, kept for the page that says so. */
export const takeHandover = async (
  services: Pick<Services, "secrets" | "baseUrl">,
  page: WebRequest,
): Promise<{ readonly client: string; readonly location: string } | undefined> => {
  const kept = await takeFlash(services, page, "handover");
  return kept && { client: kept.client, location: kept.location };
};
