import { randomBytes } from "node:crypto";
import type { Ids } from "../../core/ports.ts";

/** UUIDv7 identifiers (time-ordered, so ids sort by creation) and 256-bit secrets, base64url. */
export const systemIds: Ids = {
  id: () => Bun.randomUUIDv7(),
  // Buffer's native base64url: a report draws a secret, and the portable encoder costs several times more.
  secret: () => randomBytes(32).toString("base64url"),
};
