import { sha256Hex } from "../encoding.ts";

/** JSON with object keys sorted at every depth, so equal bodies give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Idempotency fingerprint of a parsed request body: SHA-256 of its canonical JSON, hex. */
export const requestFingerprint = (body: unknown): Promise<string> => sha256Hex(canonicalJson(body));
