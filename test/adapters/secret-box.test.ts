import { describe, expect, test } from "bun:test";
import { fromBase64Url, toBase64Url } from "../../core/encoding.ts";
import { createSecretBox } from "../../adapters/system/secret-box.ts";

const key = crypto.getRandomValues(new Uint8Array(32));

describe("secret box", () => {
  test("opens what it sealed, and each seal differs", async () => {
    const box = await createSecretBox(key);
    const a = await box.seal("https://example.com/s/1?t=secret");
    expect(a).not.toBe(await box.seal("https://example.com/s/1?t=secret"));
    expect(await box.open(a)).toBe("https://example.com/s/1?t=secret");
  });

  test("opens secrets sealed with WebCrypto's AES-GCM, as stored by earlier versions", async () => {
    const aes = await crypto.subtle.importKey("raw", key as BufferSource, "AES-GCM", false, ["encrypt"]);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, aes, new TextEncoder().encode("whsec_old")));
    expect(await (await createSecretBox(key)).open(`v1.${toBase64Url(iv)}.${toBase64Url(data)}`)).toBe("whsec_old");
  });

  test("refuses a tampered secret and another key's", async () => {
    const box = await createSecretBox(key);
    const sealed = await box.seal("whsec_value");
    const [v, iv, data] = sealed.split(".");
    const bytes = fromBase64Url(data!)!;
    bytes[0]! ^= 1;
    await expect(box.open(`${v}.${iv}.${toBase64Url(bytes)}`)).rejects.toThrow();
    await expect((await createSecretBox(crypto.getRandomValues(new Uint8Array(32)))).open(sealed)).rejects.toThrow();
    await expect(box.open("v2.x.y")).rejects.toThrow("not a sealed secret");
  });
});
