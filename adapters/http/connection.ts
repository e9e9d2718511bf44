/**
 * The client's address: the socket's, or, behind `trustedHops` proxies, the X-Forwarded-For
 * entry those proxies appended (entries further left are client-supplied and cannot be trusted).
 */
export function resolveClientAddress(socketAddress: string, forwardedFor: string | null, trustedHops: number): string {
  if (trustedHops === 0 || !forwardedFor) return socketAddress;
  const hops = forwardedFor
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const entry = hops[Math.max(0, hops.length - trustedHops)];
  return entry === undefined ? socketAddress : withoutPort(entry);
}

/**
 * An entry as some proxies write it, with the client's port (`1.2.3.4:5555`, `[2001:db8::1]:443`:
 * Azure's Application Gateway, IIS's ARR), is its address alone: each connection's port would
 * otherwise be a budget of its own.
 */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4 ? v4[1]! : entry;
}
