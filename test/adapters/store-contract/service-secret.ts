import { describe, expect, test } from "bun:test";
import type { Store } from "../../../core/services.ts";

/** The secret every process shares, for cursors and signed links. */
export function serviceSecretContract(makeStore: () => Promise<Store>) {
  describe("service secret", () => {
    test("the service secret is created once and read back the same", async () => {
      const store = await makeStore();
      const first = await store.serviceSecret();
      expect(first.length).toBe(32);
      expect(await store.serviceSecret()).toEqual(first);
      expect(await store.ping()).toBe(true);
    });
  });
}
