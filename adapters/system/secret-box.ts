import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { fromBase64Url } from "../../core/encoding.ts";
import type { SecretBox } from "../../core/ports.ts";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a 256-bit key; sealed text is `v1.<iv>.<ciphertext and tag>`, base64url (the
 * layout WebCrypto produces). node:crypto rather than WebCrypto: a report seals its tracking link,
 * and the synchronous cipher (with Buffer's native base64url) costs a fraction of WebCrypto's
 * promise and thread hop.
 */
export async function createSecretBox(key: Uint8Array): Promise<SecretBox> {
  if (key.length !== 32) throw new Error("the secret key must be 32 bytes");
  return {
    async seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString("base64url")}.${sealed.toString("base64url")}`;
    },
    async open(sealed) {
      const [version, iv, data] = sealed.split(".");
      const ivBytes = iv ? fromBase64Url(iv) : null;
      const dataBytes = data ? fromBase64Url(data) : null;
      if (version !== "v1" || !ivBytes || !dataBytes || dataBytes.length < TAG_BYTES) throw new Error("not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, ivBytes);
      decipher.setAuthTag(dataBytes.subarray(dataBytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(dataBytes.subarray(0, dataBytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    },
  };
}
