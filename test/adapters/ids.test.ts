import { describe, expect, test } from "bun:test";
import { orderedIds, systemIds } from "../../adapters/system/ids.ts";

describe("identifiers", () => {
  test("are 20 characters of digits and letters, never taken for a key or an option", () => {
    for (let i = 0; i < 1000; i++) expect(systemIds.id()).toMatch(/^[0-9A-Za-z]{20}$/);
  });

  test("sort by creation, within a millisecond and across milliseconds", () => {
    let clock = 1_795_000_000_000;
    const next = orderedIds(() => clock);
    const made: string[] = [];
    for (let ms = 0; ms < 50; ms++, clock++) for (let i = 0; i < 100; i++) made.push(next());
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
  });

  test("still sort by creation when the clock goes back", () => {
    let clock = 1_795_000_000_000;
    const next = orderedIds(() => clock);
    const first = next();
    clock -= 5_000;
    expect(next() > first).toBe(true);
  });

  test("begin with their millisecond, so that later ones sort after", () => {
    const early = orderedIds(() => 1_795_000_000_000)();
    const late = orderedIds(() => 1_795_000_000_001)();
    expect(early.slice(0, 8) < late.slice(0, 8)).toBe(true);
    expect(early < late).toBe(true);
  });

  test("sort after the UUIDv7s a store holds from before, made earlier", () => {
    const before = Bun.randomUUIDv7("hex", Date.now() - 1);
    expect(before < systemIds.id()).toBe(true);
  });

  test("secrets carry at least 128 bits, base64url", () => {
    const secret = systemIds.secret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
