import { hmacSha256, timingSafeEqual, toHex } from "../encoding.ts";

/** Slack refuses to be replayed after five minutes; so do we. */
const TOLERANCE_SECONDS = 300;

/** The `X-Slack-Signature` Slack computes: `v0=` and the hex HMAC-SHA256 of `v0:{timestamp}:{raw body}`. */
export const slackSignature = async (signingSecret: string, timestamp: string, rawBody: string): Promise<string> =>
  `v0=${toHex(await hmacSha256(signingSecret, `v0:${timestamp}:${rawBody}`))}`;

type SlackSignatureCheck = "valid" | "malformed" | "stale" | "mismatch";

/**
 * Receiver side of Slack's request signing: a timestamp within five minutes of ours, and the
 * signature compared in constant time with the one the signing secret gives for these exact bytes.
 */
export async function checkSlackSignature(
  signingSecret: string,
  request: { readonly timestamp: string; readonly signature: string; readonly rawBody: string },
  nowSeconds: number,
): Promise<SlackSignatureCheck> {
  if (!/^\d{1,12}$/.test(request.timestamp) || !request.signature.startsWith("v0=")) return "malformed";
  if (Math.abs(nowSeconds - Number(request.timestamp)) > TOLERANCE_SECONDS) return "stale";
  const expected = await slackSignature(signingSecret, request.timestamp, request.rawBody);
  return timingSafeEqual(request.signature, expected) ? "valid" : "mismatch";
}
