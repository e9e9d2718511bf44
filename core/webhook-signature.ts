import { hmacSha256, timingSafeEqual, toHex } from "./encoding.ts";

/** `v1` digest: hex HMAC-SHA256 of `<t>.<raw body>`. */
export const signatureDigest = async (secret: string, timestamp: number, rawBody: string): Promise<string> =>
  toHex(await hmacSha256(secret, `${timestamp}.${rawBody}`));

/** The Service-Signature header. Several secrets (during a rotation) give several `v1` entries. */
export async function signatureHeader(secrets: readonly string[], timestamp: number, rawBody: string): Promise<string> {
  const digests = await Promise.all(secrets.map((s) => signatureDigest(s, timestamp, rawBody)));
  return [`t=${timestamp}`, ...digests.map((d) => `v1=${d}`)].join(",");
}

const REPLAY_TOLERANCE_SECONDS = 300;

type SignatureCheck = "valid" | "malformed" | "mismatch" | "too_old";

/** Receiver side: any `v1` entry matching the secret in constant time, and a fresh timestamp. */
export async function verifySignature(
  secret: string,
  header: string,
  rawBody: string,
  nowSeconds: number,
  toleranceSeconds = REPLAY_TOLERANCE_SECONDS,
): Promise<SignatureCheck> {
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const candidates = parts.filter(([k, v]) => k === "v1" && v).map(([, v]) => v as string);
  if (!Number.isInteger(t) || candidates.length === 0) return "malformed";
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return "too_old";
  const expected = await signatureDigest(secret, t, rawBody);
  return candidates.some((c) => timingSafeEqual(c, expected)) ? "valid" : "mismatch";
}
