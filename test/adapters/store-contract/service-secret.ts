import { describe, expect, test } from "bun:test";
import type { ServiceSecretStore } from "../../../core/store/service-secret.ts";
import type { StoreUpkeep } from "../../../core/store/upkeep.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = ServiceSecretStore & Pick<StoreUpkeep, "ping">;

/** The secrets every process shares: the one for cursors and signed links, and the check of the key that seals the others. */
export function serviceSecretContract(makeStore: () => Promise<Subject>) {
  describe("service secret", () => {
    test("the service secret is created once and read back the same", async () => {
      const store = await makeStore();
      const first = await store.serviceSecret();
      expect(first.length).toBe(32);
      expect(await store.serviceSecret()).toEqual(first);
      expect(await store.ping()).toBe(true);
    });

    test("the key check kept is the first one given: a later one gets it back", async () => {
      const store = await makeStore();
      expect(await store.keyCheck("v1.first")).toBe("v1.first");
      expect(await store.keyCheck("v1.second")).toBe("v1.first");
    });
  });
}
