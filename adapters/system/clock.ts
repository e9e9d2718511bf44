import { readFileSync } from "node:fs";
import type { Clock } from "../../core/ports.ts";

export const systemClock: Clock = () => Date.now();

/**
 * A clock that tests can move forward from outside the process: the file holds an offset in
 * milliseconds added to the system time. Never configured in production.
 */
export function offsetClock(file: string): Clock {
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(file, "utf8").trim()) || 0;
    } catch {
      // No file yet: no offset.
    }
    return Date.now() + offset;
  };
}
