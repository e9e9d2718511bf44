import { describe, expect, test } from "bun:test";
import type { UserStore } from "../../../core/store/users.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = UserStore;

/** People and the organizations they belong to. */
export function usersContract(makeStore: () => Promise<Subject>) {
  describe("users", () => {
    test("findUser reads a person by id, with the name when there is one", async () => {
      const store = await makeStore();
      await store.createUser({ id: "u-named", email: "named@x.io", name: "Ada Lovelace" });
      await store.createUser({ id: "u-plain", email: "plain@x.io" });
      expect(await store.findUser("u-named")).toEqual({ id: "u-named", email: "named@x.io", name: "Ada Lovelace" });
      expect(await store.findUser("u-plain")).toEqual({ id: "u-plain", email: "plain@x.io" });
      expect(await store.findUser("nobody")).toBeNull();
    });

    test("findUserByEmail reads a person by their address as stored, in lower case; an address nobody has is null", async () => {
      const store = await makeStore();
      await store.createUser({ id: "u-mail", email: "grace@x.io", name: "Grace Hopper" });
      expect(await store.findUserByEmail("grace@x.io")).toEqual({ id: "u-mail", email: "grace@x.io", name: "Grace Hopper" });
      expect(await store.findUserByEmail("nobody@x.io")).toBeNull();
    });
  });
}
