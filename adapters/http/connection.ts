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
  return hops[Math.max(0, hops.length - trustedHops)] ?? socketAddress;
}
