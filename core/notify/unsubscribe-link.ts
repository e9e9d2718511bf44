import { hmacSha256, timingSafeEqual, toBase64Url } from "../encoding.ts";
import type { Language } from "../language.ts";

/** The signature that lets an unsubscribe link stop one follower of one feedback (or of the feedbacks named, between commas), and nothing else. */
const sign = async (secret: Uint8Array, feedbackId: string, email: string): Promise<string> =>
  toBase64Url(await hmacSha256(secret, `unsubscribe:${feedbackId}:${email}`));

/**
 * The link, in the language the follower is written to (`lang`, left out of the signature): the page it
 * opens speaks that language, whatever the browser that opens it prefers.
 */
export async function unsubscribeUrl(baseUrl: string, secret: Uint8Array, feedbackId: string, email: string, language: Language): Promise<string> {
  const query = new URLSearchParams({ f: feedbackId, e: email, s: await sign(secret, feedbackId, email), lang: language });
  return `${baseUrl}/unsubscribe?${query}`;
}

export async function validUnsubscribe(secret: Uint8Array, feedbackId: string, email: string, signature: string): Promise<boolean> {
  return timingSafeEqual(signature, await sign(secret, feedbackId, email));
}
