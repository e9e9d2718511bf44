import { toBase64Url } from "../../core/encoding.ts";
import type { Ids } from "../../core/ports.ts";

/** UUIDv7 identifiers (time-ordered, so ids sort by creation) and 256-bit secrets. */
export const systemIds: Ids = {
  id: () => Bun.randomUUIDv7(),
  secret: () => toBase64Url(crypto.getRandomValues(new Uint8Array(32))),
};
