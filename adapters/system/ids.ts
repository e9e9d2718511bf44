import { randomBytes, randomInt } from "node:crypto";
import type { Ids } from "../../core/ports.ts";

// Identifiers are 20 characters of base62, digits then upper then lower case, so that their text
// sorts as their numbers do: 8 for the millisecond (until the year 8888), then 12 random (71 bits,
// as many as a UUIDv7 has). A UUID's 36 characters were written 25 times a feedback in the
// embedded store, rows and indexes; these save 16 bytes each time. No `-` or `_`: an identifier is
// never taken for a feedback's key (DEMO-42) nor for a command-line option, and selects with a
// double click.
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const HALF = 62 ** 6; // the random part is two halves of 6 digits: each fits a double exactly

function base62(n: number, width: number): string {
  let text = "";
  for (let i = 0; i < width; i++, n = Math.floor(n / 62)) text = ALPHABET[n % 62] + text;
  return text;
}

/**
 * Time-ordered identifiers. Within one millisecond a process counts up from the last random part,
 * so its identifiers still sort in the order they were made (as a ULID's monotonic factory does).
 */
export function orderedIds(now: () => number): () => string {
  let time = -1;
  let high = 0;
  let low = 0;
  let prefix = ""; // time and high part, encoded once for the many identifiers that share them
  return () => {
    const at = now();
    if (at > time) {
      time = at;
      high = randomInt(HALF);
      low = randomInt(HALF);
    } else if (++low < HALF) {
      return prefix + base62(low, 6);
    } else {
      low = 0;
      if (++high === HALF) [time, high] = [time + 1, 0];
    }
    prefix = base62(time, 8) + base62(high, 6);
    return prefix + base62(low, 6);
  };
}

export const systemIds: Ids = {
  id: orderedIds(Date.now),
  // Buffer's native base64url: a report draws a secret, and the portable encoder costs several times more.
  secret: () => randomBytes(32).toString("base64url"),
};
