import { parseV6 } from "../outbound/address.ts";

/**
 * What a client address's budgets are kept under: an IPv6 address's /64, the least a provider hands
 * one subscriber, who could otherwise take a fresh address from it for each request; an IPv4 address
 * written as IPv6 (::ffff:a.b.c.d, or 64:ff9b::a.b.c.d by a translator), that IPv4 address. An IPv4
 * address, or text that is no address (a socket that said nothing: "unknown"), is kept as it is.
 */
export function rateLimitAddress(address: string): string {
  // An IPv4 address has no colon: kept as it is, without parsing it on every request's path.
  if (!address.includes(":")) return address;
  const bytes = parseV6(address);
  if (bytes === null) return address;
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  // A translator in front of an IPv6-only server (SIIT-DC, RFC 7755) writes each IPv4 client in the
  // well-known prefix's /96: its /64 would be one budget for all of them.
  const translated = [0x00, 0x64, 0xff, 0x9b].every((b, i) => bytes[i] === b) && bytes.slice(4, 12).every((b) => b === 0);
  if (mapped || translated) return bytes.slice(12).join(".");
  const groups = [0, 2, 4, 6].map((i) => ((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return `${groups.join(":")}::/64`;
}
