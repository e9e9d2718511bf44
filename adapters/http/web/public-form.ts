import type { Services } from "../../../core/services.ts";
import type { WebRequest } from "../cookies.ts";
import { postedFromOwnSite } from "../same-origin.ts";
import { csrfValid } from "../web-session.ts";

/**
 * Why a form posted before sign-in (forgot password, reset, invitation) is refused: from another
 * site, or without the token of this browser's form; null when it may be read.
 */
export async function publicFormRefusal(services: Services, web: WebRequest, csrf: unknown): Promise<"otherSite" | "formExpired" | null> {
  if (!postedFromOwnSite(web.request, new URL(services.baseUrl).origin)) return "otherSite";
  if (!(await csrfValid(services, web.cookie, csrf))) return "formExpired";
  return null;
}

/** The fields of a submitted form, as strings. */
export function formText(body: unknown): (name: string) => string {
  const form = (body ?? {}) as Record<string, unknown>;
  return (name) => (typeof form[name] === "string" ? (form[name] as string) : "");
}
