import type { Services } from "../../../core/services.ts";
import { type CookieJar, readCookie, writeCookie } from "../cookies.ts";
import { isSecure } from "../web-session.ts";

const FLASH_COOKIE = "retour_flash";
const FLASH_SECONDS = 60;

/** What the page a form's POST redirects to shows once: a secret under its label, or a line saying what was done. */
interface Flash {
  readonly label: string;
  readonly value?: string;
}

/**
 * Keeps a secret, or what a POST did, for the next page only. A POST that creates or removes
 * redirects (so a reload never does it again); the flash waits in a sealed, HttpOnly cookie for a minute at most and is
 * removed as soon as the page shows it.
 */
export async function flash(services: Pick<Services, "secrets" | "baseUrl">, jar: CookieJar, shown: Flash): Promise<void> {
  const sealed = await services.secrets.seal(JSON.stringify(shown));
  writeCookie(jar, FLASH_COOKIE, sealed, { secure: isSecure(services), maxAgeSeconds: FLASH_SECONDS });
}

/** The flash kept for this page, once: reading it removes it. One that cannot be opened reads as none. */
async function takeFlash(services: Pick<Services, "secrets" | "baseUrl">, jar: CookieJar): Promise<Flash | undefined> {
  const sealed = readCookie(jar, FLASH_COOKIE, isSecure(services));
  if (!sealed) return undefined;
  writeCookie(jar, FLASH_COOKIE, "", { secure: isSecure(services), maxAgeSeconds: 0 });
  try {
    return JSON.parse(await services.secrets.open(sealed)) as Flash;
  } catch {
    return undefined;
  }
}

/** The secret kept for this page, if what was kept is one. */
export async function takeSecret(
  services: Pick<Services, "secrets" | "baseUrl">,
  jar: CookieJar,
): Promise<{ label: string; value: string } | undefined> {
  const shown = await takeFlash(services, jar);
  return shown?.value === undefined ? undefined : { label: shown.label, value: shown.value };
}

/** The line saying what the POST did, if what was kept is one. */
export async function takeNotice(services: Pick<Services, "secrets" | "baseUrl">, jar: CookieJar): Promise<string | undefined> {
  const shown = await takeFlash(services, jar);
  return shown && shown.value === undefined ? shown.label : undefined;
}
