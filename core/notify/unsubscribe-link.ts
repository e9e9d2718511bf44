import { hmacSha256, timingSafeEqual, toBase64Url } from "../encoding.ts";

/** The signature that lets an unsubscribe link stop one follower of one feedback (or of the feedbacks named, between commas), and nothing else. */
const sign = async (secret: Uint8Array, feedbackId: string, email: string): Promise<string> =>
  toBase64Url(await hmacSha256(secret, `unsubscribe:${feedbackId}:${email}`));

export async function unsubscribeUrl(baseUrl: string, secret: Uint8Array, feedbackId: string, email: string): Promise<string> {
  const query = new URLSearchParams({ f: feedbackId, e: email, s: await sign(secret, feedbackId, email) });
  return `${baseUrl}/unsubscribe?${query}`;
}

export async function validUnsubscribe(secret: Uint8Array, feedbackId: string, email: string, signature: string): Promise<boolean> {
  return timingSafeEqual(signature, await sign(secret, feedbackId, email));
}
