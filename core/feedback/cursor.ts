import { fromBase64Url, hmacSha256, timingSafeEqual, toBase64Url } from "../encoding.ts";

/** Keyset position: the last row of a page, in the list's order (lastActivityAt desc, id desc). */
export interface CursorPosition {
  readonly lastActivityAt: number;
  readonly id: string;
}

/**
 * Cursors are opaque and tamper-evident: `<payload>.<mac>`, base64url. The payload binds the
 * position to the filters it was issued for, so a cursor replayed with other filters is refused.
 */
export async function encodeCursor(secret: Uint8Array, position: CursorPosition, filterKey: string): Promise<string> {
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify([position.lastActivityAt, position.id, filterKey])));
  return `${payload}.${toBase64Url(await hmacSha256(secret, payload))}`;
}

/** Returns null for any cursor this service did not issue for these filters. */
export async function decodeCursor(secret: Uint8Array, cursor: string, filterKey: string): Promise<CursorPosition | null> {
  const [payload, mac, ...rest] = cursor.split(".");
  if (!payload || !mac || rest.length > 0) return null;
  if (!timingSafeEqual(mac, toBase64Url(await hmacSha256(secret, payload)))) return null;
  const bytes = fromBase64Url(payload);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [lastActivityAt, id, key] = value;
    if (typeof lastActivityAt !== "number" || typeof id !== "string" || key !== filterKey) return null;
    return { lastActivityAt, id };
  } catch {
    return null;
  }
}
