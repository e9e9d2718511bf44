/**
 * Whether an IP address is on the public internet. Webhooks and trackers an Admin sets never reach the others: loopback,
 * private, link-local (cloud metadata lives there), CGNAT, multicast, reserved, documentation and
 * benchmarking ranges, unique-local and site-local IPv6, IPv6's discard prefix, Teredo tunnels, and IPv4 embedded in IPv6 (mapped,
 * translated, compatible, 6to4, NAT64) when the IPv4 is not public.
 */

type Range = readonly [base: number, bits: number];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const V4_NOT_PUBLIC: readonly Range[] = [
  [v4(0, 0, 0, 0), 8], // "this network"
  [v4(10, 0, 0, 0), 8], // private
  [v4(100, 64, 0, 0), 10], // CGNAT
  [v4(127, 0, 0, 0), 8], // loopback
  [v4(169, 254, 0, 0), 16], // link-local, cloud metadata
  [v4(172, 16, 0, 0), 12], // private
  [v4(192, 0, 0, 0), 24], // IETF protocol assignments
  [v4(192, 0, 2, 0), 24], // documentation
  [v4(192, 88, 99, 0), 24], // 6to4 relay
  [v4(192, 168, 0, 0), 16], // private
  [v4(198, 18, 0, 0), 15], // benchmarking
  [v4(198, 51, 100, 0), 24], // documentation
  [v4(203, 0, 113, 0), 24], // documentation
  [v4(224, 0, 0, 0), 4], // multicast
  [v4(240, 0, 0, 0), 4], // reserved, broadcast
];

function parseV4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  const [a, b, c, d] = parts.map(Number) as [number, number, number, number];
  return v4(a, b, c, d);
}

const inRange = (ip: number, [base, bits]: Range) => bits === 0 || ip >>> (32 - bits) === base >>> (32 - bits);

/** Sixteen bytes of an IPv6 address (with an optional dotted IPv4 tail, brackets or zone id), or null. */
export function parseV6(text: string): number[] | null {
  let head = text
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!
    .toLowerCase();
  let tail: number[] = [];
  // From a run of digits' first only: tried from each, a long run (an X-Forwarded-For entry) is read again to its end, its length squared.
  const dotted = /(?<!\d)(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (dotted) {
    const ip = parseV4(dotted[1]!);
    if (ip === null) return null;
    tail = [ip >>> 24, (ip >>> 16) & 255, (ip >>> 8) & 255, ip & 255];
    head = `${head.slice(0, -dotted[1]!.length)}0:0`;
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const all = [...left, ...Array(missing).fill("0"), ...right];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const bytes = all.flatMap((g) => [Number.parseInt(g, 16) >> 8, Number.parseInt(g, 16) & 255]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function publicV6(b: number[]): boolean {
  const zeroFrom = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const zeroUntil = (n: number) => zeroFrom(0, n);
  const embedded = () => v4(b[12]!, b[13]!, b[14]!, b[15]!);
  if (zeroUntil(15) && (b[15] === 0 || b[15] === 1)) return false; // :: and ::1
  if (zeroUntil(10) && b[10] === 0xff && b[11] === 0xff) return isPublicV4(embedded()); // ::ffff:a.b.c.d
  if (zeroUntil(8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return isPublicV4(embedded()); // ::ffff:0:a.b.c.d, translated
  if (zeroUntil(12)) return isPublicV4(embedded()); // deprecated IPv4-compatible
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return isPublicV4(embedded()); // NAT64 64:ff9b::/96 and 64:ff9b:1::/48
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) return false; // Teredo 2001::/32: a tunnel to any IPv4
  if ((b[0]! & 0xfe) === 0xfc) return false; // unique local fc00::/7
  if (b[0] === 0xfe && (b[1]! & 0x80) === 0x80) return false; // link-local fe80::/10, and site-local fec0::/10 (deprecated, still routed in some networks)
  if (b[0] === 0x01 && zeroFrom(2, 8)) return false; // discard-only 100::/64, with the first /64s of the rest of reserved 0100::/8
  if (b[0] === 0x3f && b[1] === 0xff && (b[2]! & 0xf0) === 0) return false; // documentation 3fff::/20
  if (b[0] === 0xff) return false; // multicast
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return false; // documentation
  if (b[0] === 0x20 && b[1] === 0x02) return isPublicV4(v4(b[2]!, b[3]!, b[4]!, b[5]!)); // 6to4
  return true;
}

const isPublicV4 = (ip: number): boolean => !V4_NOT_PUBLIC.some((r) => inRange(ip, r));

/** True only for a well-formed public IPv4 or IPv6 address. */
export function isPublicAddress(address: string): boolean {
  const ip4 = parseV4(address);
  if (ip4 !== null) return isPublicV4(ip4);
  const ip6 = parseV6(address);
  return ip6 !== null && publicV6(ip6);
}

export const isIpLiteral = (host: string): boolean => parseV4(host) !== null || parseV6(host) !== null;
