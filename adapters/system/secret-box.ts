import { fromBase64Url, toBase64Url } from "../../core/encoding.ts";
import type { SecretBox } from "../../core/ports.ts";

/** AES-256-GCM with a 256-bit key; sealed text is `v1.<iv>.<ciphertext>`, base64url. */
export async function createSecretBox(key: Uint8Array): Promise<SecretBox> {
  if (key.length !== 32) throw new Error("the secret key must be 32 bytes");
  const aes = await crypto.subtle.importKey("raw", key as BufferSource, "AES-GCM", false, ["encrypt", "decrypt"]);
  return {
    async seal(plaintext) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, aes, new TextEncoder().encode(plaintext)));
      return `v1.${toBase64Url(iv)}.${toBase64Url(sealed)}`;
    },
    async open(sealed) {
      const [version, iv, data] = sealed.split(".");
      const ivBytes = iv ? fromBase64Url(iv) : null;
      const dataBytes = data ? fromBase64Url(data) : null;
      if (version !== "v1" || !ivBytes || !dataBytes) throw new Error("not a sealed secret");
      return new TextDecoder().decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv: ivBytes as BufferSource }, aes, dataBytes as BufferSource));
    },
  };
}
