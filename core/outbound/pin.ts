import { isIpLiteral, isPublicAddress } from "./address.ts";
import { type AddressRule, checkResolved, type TargetProblem } from "./target.ts";

/**
 * The addresses a request to `hostname` may connect to, in the resolver's order: the name resolved
 * once, every answer checked by the rule. Connecting to these, never to the name again, is what
 * keeps a name that answers a public address to the check and a private one to the connection (DNS
 * rebinding) away from this machine's network; a refused answer names the private address it gave.
 */
export async function checkedAddresses(
  rule: AddressRule,
  hostname: string,
): Promise<{ ok: true; addresses: readonly [string, ...string[]] } | { ok: false; problem: TargetProblem; resolved?: string }> {
  const addresses = isIpLiteral(hostname) ? [hostname] : await rule.resolve(hostname).catch(() => []);
  const problem = checkResolved(addresses, rule.allowPrivate);
  if (!problem) return { ok: true, addresses: addresses as [string, ...string[]] };
  const resolved = addresses.find((a) => !isPublicAddress(a));
  return { ok: false, problem, ...(resolved !== undefined && { resolved }) };
}

/**
 * A request's address with its host replaced by the address checked, and what keeps it the named
 * host's: the Host header to send, and the name TLS sends and verifies the certificate for.
 */
export function pinnedTo(url: URL, address: string): { url: URL; host: string; serverName: string } {
  const pinned = new URL(url);
  pinned.hostname = address.includes(":") ? `[${address}]` : address;
  return { url: pinned, host: url.host, serverName: url.hostname.replace(/^\[|\]$/g, "") };
}

/** Codes of a connection never made, so nothing was sent: the next address may be tried. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL"]);

/**
 * What `send` gives at the first of the addresses that can be connected to, in their order: a name
 * with several (an IPv6 and an IPv4 one, say) is tried at the next when one refuses the connection
 * or cannot be reached, as a browser does, since this machine may have no route to the first. Never
 * once a connection was made (a reset, a TLS error, no answer in time): the request may have been
 * sent, and acted on. The last failure is thrown as `send` threw it.
 */
export async function atFirstConnecting<T>(addresses: readonly [string, ...string[]], send: (address: string) => Promise<T>): Promise<T> {
  let failure: unknown;
  for (const address of addresses) {
    try {
      return await send(address);
    } catch (error) {
      failure = error;
      if (!NOT_CONNECTED.has(String((error as { code?: unknown }).code ?? ""))) break;
    }
  }
  throw failure;
}
