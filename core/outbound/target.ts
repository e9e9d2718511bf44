import type { Resolve } from "../ports.ts";
import type { FieldProblem, Refusal } from "../schemas/field-problem.ts";
import { isIpLiteral, isPublicAddress } from "./address.ts";

/**
 * An address this service sends requests to that a person gave (a webhook's, a tracker's API
 * address), and why it is refused; the refusal names it.
 */
export type TargetProblem = Extract<Refusal, "not_url" | "not_https" | "credentials" | "port" | "private_address" | "unresolvable">;

/** What checking an address takes: the resolver, and whether http and private addresses are allowed (the operator's choice). */
export interface AddressRule {
  readonly resolve: Resolve;
  readonly allowPrivate: boolean;
}

/** HTTPS ports an address may use: a public host's other services (SSH, mail, databases) are not targets. */
const HTTPS_PORTS: readonly string[] = ["", "443", "8443"];

/**
 * Checks an address before any lookup: an absolute https URL without credentials, not a private
 * literal IP nor localhost, on an HTTPS port. Allowed private, http and any port pass too.
 */
export function checkUrl(text: string, allowPrivate: boolean): { ok: true; url: URL; host: string } | { ok: false; problem: TargetProblem } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: "not_url" };
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return { ok: false, problem: "not_https" };
  if (url.username || url.password) return { ok: false, problem: "credentials" };
  // An IPv6 literal without its brackets, as a resolver and the address ranges take it.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // A private address first: whatever its port, that is what makes it no target.
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost") || (isIpLiteral(host) && !isPublicAddress(host)))) {
    return { ok: false, problem: "private_address" };
  }
  if (!allowPrivate && !HTTPS_PORTS.includes(url.port)) return { ok: false, problem: "port" };
  return { ok: true, url, host };
}

/** After resolution: every address the name resolves to must be public (a single private one is refused). */
export function checkResolved(addresses: readonly string[], allowPrivate: boolean): TargetProblem | null {
  if (addresses.length === 0) return "unresolvable";
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a))) return "private_address";
  return null;
}

/**
 * An address as written and as resolved now, refused as the problem of the field that gave it:
 * the condition that failed and what was given (the address, its port, its host, the private
 * address it resolves to), never the credentials it carries.
 */
export async function checkTarget(rule: AddressRule, target: { readonly field: string; readonly address: string }): Promise<FieldProblem | null> {
  const { field, address } = target;
  const written = checkUrl(address, rule.allowPrivate);
  if (!written.ok) return { field, reason: written.problem, ...givenFor(written.problem, address) };
  const { host } = written;
  const addresses = await rule.resolve(host).catch(() => []);
  const problem = checkResolved(addresses, rule.allowPrivate);
  if (!problem) return null;
  const resolved = addresses.find((a) => !isPublicAddress(a));
  return { field, reason: problem, given: host, ...(resolved !== undefined && { resolved }) };
}

/** What a refusal of the address as written names: the address, its port or its host; never its credentials. */
function givenFor(problem: TargetProblem, text: string): { given?: string } {
  switch (problem) {
    case "not_url":
    case "not_https":
      return { given: text };
    case "port":
      return { given: new URL(text).port };
    case "private_address":
    case "unresolvable":
      return { given: new URL(text).hostname };
    case "credentials":
      return {};
  }
}
