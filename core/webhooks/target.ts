import type { Refusal } from "../schemas/field-problem.ts";
import { isIpLiteral, isPublicAddress } from "./address.ts";

/** Why an address is not a webhook target; the refusal names it. */
export type TargetProblem = Extract<Refusal, "not_url" | "not_https" | "credentials" | "port" | "private_address" | "unresolvable">;

/** HTTPS ports a webhook may use: a public host's other services (SSH, mail, databases) are not targets. */
const WEBHOOK_PORTS = ["", "443", "8443"];

/** Checks a webhook address before any lookup: an absolute https URL without credentials, not a private literal IP. */
export function checkWebhookUrl(text: string, allowPrivate: boolean): { ok: true; url: URL } | { ok: false; problem: TargetProblem } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: "not_url" };
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return { ok: false, problem: "not_https" };
  if (url.username || url.password) return { ok: false, problem: "credentials" };
  if (!allowPrivate && !WEBHOOK_PORTS.includes(url.port)) return { ok: false, problem: "port" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost") || (isIpLiteral(host) && !isPublicAddress(host)))) {
    return { ok: false, problem: "private_address" };
  }
  return { ok: true, url };
}

/** After resolution: every address the name resolves to must be public (a single private one is refused). */
export function checkResolved(addresses: readonly string[], allowPrivate: boolean): TargetProblem | null {
  if (addresses.length === 0) return "unresolvable";
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a))) return "private_address";
  return null;
}
