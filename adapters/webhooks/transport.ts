import { lookup } from "node:dns/promises";
import type { Resolve, WebhookTransport } from "../../core/ports.ts";
import { isIpLiteral } from "../../core/outbound/address.ts";
import { atFirstConnecting, checkedAddresses, pinnedTo } from "../../core/outbound/pin.ts";
import { checkUrl } from "../../core/outbound/target.ts";

/**
 * Outgoing webhook HTTP. The host is resolved once, every address is checked, and the request
 * connects to a checked address (TLS still verifies the host name), so a DNS answer that changes
 * between check and connection cannot reach a private address; the next checked address when one
 * cannot be connected to (atFirstConnecting). Redirects are not followed.
 * `resolve` is the system's resolver unless a test gives its own.
 */
export function createWebhookTransport(options: { allowPrivate: boolean; resolve?: Resolve }): WebhookTransport {
  const resolve: Resolve =
    options.resolve ??
    (async (hostname) => (isIpLiteral(hostname) ? [hostname] : (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address)));

  return {
    resolve,
    async deliver({ url, body, headers, timeoutMs }) {
      const target = checkUrl(url, options.allowPrivate);
      if (!target.ok) return { error: `refused address (${target.problem})` };
      const checked = await checkedAddresses({ resolve, allowPrivate: options.allowPrivate }, target.host);
      if (!checked.ok) return { error: `refused address (${checked.problem})` };
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const response = await atFirstConnecting(checked.addresses, (address) => {
          const pinned = pinnedTo(target.url, address);
          return fetch(pinned.url, {
            method: "POST",
            body,
            headers: { ...headers, host: pinned.host },
            redirect: "manual",
            signal,
            ...(target.url.protocol === "https:" && { tls: { serverName: pinned.serverName } }),
          });
        });
        await response.body?.cancel().catch(() => {});
        return { status: response.status };
      } catch (error) {
        if ((error as Error).name === "TimeoutError") return { error: `no answer within ${timeoutMs / 1000} s` };
        return { error: connectionProblem(error, target.url.host) };
      }
    },
  };
}

/**
 * Why no answer came, in words the operator acts on, with the runtime's code: its own messages
 * name fetch() options ("pass `verbose: true`"), which are nothing to a person reading the webhooks page.
 */
function connectionProblem(error: unknown, host: string): string {
  const code = String((error as { code?: unknown }).code ?? "");
  if (/CERT|SSL|TLS|SIGNATURE|ALTNAME/.test(code))
    return `TLS certificate of ${host} refused (${code}): the receiver must serve a valid certificate for this name`;
  if (code === "ECONNREFUSED") return `connection refused by ${host}: nothing accepts connections at this address and port`;
  if (code === "ECONNRESET" || code === "EPIPE") return `connection to ${host} closed before an answer (${code})`;
  return `connection to ${host} failed${code ? ` (${code})` : ""}`;
}
