import { lookup } from "node:dns/promises";
import type { WebhookTransport } from "../../core/ports.ts";
import { isIpLiteral } from "../../core/outbound/address.ts";
import { checkedAddress, pinnedTo } from "../../core/outbound/pin.ts";
import { checkUrl } from "../../core/outbound/target.ts";

/**
 * Outgoing webhook HTTP. The host is resolved once, every address is checked, and the request
 * connects to the checked address (TLS still verifies the host name), so a DNS answer that
 * changes between check and connection cannot reach a private address. Redirects are not followed.
 */
export function createWebhookTransport(options: { allowPrivate: boolean }): WebhookTransport {
  async function resolve(hostname: string): Promise<string[]> {
    if (isIpLiteral(hostname)) return [hostname];
    return (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
  }

  return {
    resolve,
    async deliver({ url, body, headers, timeoutMs }) {
      const target = checkUrl(url, options.allowPrivate);
      if (!target.ok) return { error: `refused address (${target.problem})` };
      const checked = await checkedAddress({ resolve, allowPrivate: options.allowPrivate }, target.host);
      if (!checked.ok) return { error: `refused address (${checked.problem})` };
      const pinned = pinnedTo(target.url, checked.address);
      try {
        const response = await fetch(pinned.url, {
          method: "POST",
          body,
          headers: { ...headers, host: pinned.host },
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
          ...(target.url.protocol === "https:" && { tls: { serverName: pinned.serverName } }),
        });
        await response.body?.cancel().catch(() => {});
        return { status: response.status };
      } catch (error) {
        const name = (error as Error).name;
        return { error: name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : connectionProblem(error, target.url.host) };
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
