import { fromBase64Url, hmacSha256, timingSafeEqual, toBase64Url } from "../encoding.ts";

import type { ListPosition } from "../store/feedbacks.ts";

/**
 * Cursors are opaque and tamper-evident: `<payload>.<mac>`, base64url. The payload binds the
 * position to the filters (and order) it was issued for, so a cursor replayed with others is refused.
 */
export async function encodeCursor(secret: Uint8Array, position: ListPosition, filterKey: string): Promise<string> {
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify([position.value, position.id, filterKey])));
  return `${payload}.${toBase64Url(await hmacSha256(secret, payload))}`;
}

/** Returns null for any cursor this service did not issue for these filters. */
export async function decodeCursor(secret: Uint8Array, cursor: string, filterKey: string): Promise<ListPosition | null> {
  const [payload, mac, ...rest] = cursor.split(".");
  if (!payload || !mac || rest.length > 0) return null;
  if (!timingSafeEqual(mac, toBase64Url(await hmacSha256(secret, payload)))) return null;
  const bytes = fromBase64Url(payload);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [position, id, key] = value;
    if (typeof position !== "number" || typeof id !== "string" || key !== filterKey) return null;
    return { value: position, id };
  } catch {
    return null;
  }
}
