import type { Services } from "../../../core/services.ts";
import { type CookieJar, readCookie, writeCookie } from "../cookies.ts";
import { isSecure } from "../web-session.ts";

const FLASH_COOKIE = "retour_flash";
const FLASH_SECONDS = 60;

/** A secret shown once, on the page a form's POST redirects to. */
interface Flash {
  readonly label: string;
  readonly value: string;
}

/**
 * Keeps a secret for the next page only. A POST that creates one redirects (so a reload never
 * creates another); the secret waits in a sealed, HttpOnly cookie for a minute at most and is
 * removed as soon as the page shows it.
 */
export async function flash(services: Pick<Services, "secrets" | "baseUrl">, jar: CookieJar, shown: Flash): Promise<void> {
  const sealed = await services.secrets.seal(JSON.stringify(shown));
  writeCookie(jar, FLASH_COOKIE, sealed, { secure: isSecure(services), maxAgeSeconds: FLASH_SECONDS });
}

/** The secret kept for this page, once: reading it removes it. One that cannot be opened reads as none. */
export async function takeFlash(services: Pick<Services, "secrets" | "baseUrl">, jar: CookieJar): Promise<Flash | undefined> {
  const sealed = readCookie(jar, FLASH_COOKIE, isSecure(services));
  if (!sealed) return undefined;
  writeCookie(jar, FLASH_COOKIE, "", { secure: isSecure(services), maxAgeSeconds: 0 });
  try {
    return JSON.parse(await services.secrets.open(sealed)) as Flash;
  } catch {
    return undefined;
  }
}
