import { createHash } from "node:crypto";
import type { Digest } from "../../core/ports.ts";

/** SHA-256 through the runtime's synchronous native hash: the same hex WebCrypto gives, without its thread hop. */
export const sha256Digest: Digest = (text) => createHash("sha256").update(text).digest("hex");
