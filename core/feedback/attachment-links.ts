import { hmacSha256, timingSafeEqual, toBase64Url } from "../encoding.ts";

/** Signed links to attachments live this long. */
export const SIGNED_LINK_TTL_MS = 15 * 60_000;

const signature = async (secret: Uint8Array, attachmentId: string, expiresAt: number): Promise<string> =>
  toBase64Url(await hmacSha256(secret, `attachment:${attachmentId}:${expiresAt}`));

/** A link that opens one attachment until `expiresAt`, without any other credential. */
export async function attachmentLink(baseUrl: string, secret: Uint8Array, attachmentId: string, expiresAt: number): Promise<string> {
  return `${baseUrl}/attachments/${encodeURIComponent(attachmentId)}?exp=${expiresAt}&sig=${await signature(secret, attachmentId, expiresAt)}`;
}

/** True when the link was issued by this service for this attachment and has not expired. */
export async function validAttachmentLink(secret: Uint8Array, attachmentId: string, expiresAt: number, sig: string, now: number): Promise<boolean> {
  return Number.isInteger(expiresAt) && expiresAt > now && timingSafeEqual(sig, await signature(secret, attachmentId, expiresAt));
}
