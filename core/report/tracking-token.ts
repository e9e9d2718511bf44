import { timingSafeEqual } from "../encoding.ts";
import type { Digest } from "../ports.ts";

/**
 * Hex characters kept of a tracking token's SHA-256: 128 bits. The token is random and at least as
 * strong (DESIGN.md), so finding another token with the same kept hash takes 2¹²⁸ tries; the other
 * 128 bits would add nothing but 16 bytes to every report stored.
 */
const KEPT_HEX = 32;

/** The hash of a report's tracking token, as the store keeps it. */
export const trackingTokenHash = (digest: Digest, token: string): string => digest(token).slice(0, KEPT_HEX);

/** Whether a token is the report's, given the hash kept: a whole SHA-256, as kept before, still matches. */
export const isTrackingToken = (digest: Digest, token: string, kept: string): boolean =>
  kept.length >= KEPT_HEX && timingSafeEqual(kept, digest(token).slice(0, kept.length));
