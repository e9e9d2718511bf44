import { timingSafeEqual, toBase64Url } from "../encoding.ts";

/** RFC 7636: a verifier is 43 to 128 characters of the unreserved set. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge is the base64url of a SHA-256 digest: 43 characters. */
export const isS256Challenge = (challenge: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(challenge);

/** True when the verifier hashes (S256) to the challenge. */
export async function verifyPkce(verifier: string, challenge: string): Promise<boolean> {
  if (!VERIFIER.test(verifier)) return false;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return timingSafeEqual(toBase64Url(digest), challenge);
}
