import { lookup } from "node:dns/promises";
import type { WebhookTransport } from "../../core/ports.ts";
import { isIpLiteral } from "../../core/webhooks/address.ts";
import { checkResolved, checkWebhookUrl } from "../../core/webhooks/target.ts";

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
      const target = checkWebhookUrl(url, options.allowPrivate);
      if (!target.ok) return { error: `refused address (${target.problem})` };
      const hostname = target.url.hostname.replace(/^\[|\]$/g, "");
      const addresses = await resolve(hostname).catch(() => []);
      const problem = checkResolved(addresses, options.allowPrivate);
      if (problem) return { error: `refused address (${problem})` };
      const pinned = new URL(target.url);
      const address = addresses[0]!;
      pinned.hostname = address.includes(":") ? `[${address}]` : address;
      try {
        const response = await fetch(pinned, {
          method: "POST",
          body,
          headers: { ...headers, host: target.url.host },
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
          ...(target.url.protocol === "https:" && { tls: { serverName: hostname } }),
        });
        await response.body?.cancel().catch(() => {});
        return { status: response.status };
      } catch (error) {
        const name = (error as Error).name;
        return { error: name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : `connection failed: ${(error as Error).message}` };
      }
    },
  };
}
