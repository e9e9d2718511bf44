import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createUser } from "../../core/users/create-user.ts";
import { setPassword } from "../../core/users/set-password.ts";

/** A store of people in memory, and a hasher that marks what it hashed. */
function fakes() {
  const users = new Map<string, { id: string; email: string; name?: string }>();
  const hashes = new Map<string, string>();
  /** When each person's reset links were closed. */
  const resetsClosed = new Map<string, number>();
  const sessions = new Map<string, string>([
    ["session-of-u1", "u1"],
    ["session-of-u2", "u2"],
  ]);
  let next = 0;
  return {
    users,
    hashes,
    sessions,
    resetsClosed,
    deps: {
      store: {
        findUserByEmail: async (email: string) => [...users.values()].find((u) => u.email === email) ?? null,
        createUser: async (user: { id: string; email: string; name?: string }) => void users.set(user.id, user),
        setPassword: async (userId: string, hash: string) => void hashes.set(userId, hash),
        deleteUserSessions: async (userId: string) => {
          for (const [id, owner] of sessions) if (owner === userId) sessions.delete(id);
        },
        closePasswordResets: async (userId: string, at: number) => void resetsClosed.set(userId, at),
      },
      clock: () => 1_000,
      passwords: { hash: async (password: string) => `hashed:${password}` },
      ids: { id: () => `u${++next}`, secret: () => "generated-secret-0123456789abcdef" },
    },
  };
}

describe("createUser", () => {
  test("keeps the e-mail trimmed and in lower case, and the password hashed", async () => {
    const { deps, users, hashes } = fakes();
    const created = await createUser(deps, { email: "  Ann@Example.COM ", name: " Ann ", password: "correct horse" });
    assert.deepEqual(created, { ok: true, value: { id: "u1", email: "ann@example.com" } });
    assert.deepEqual(users.get("u1"), { id: "u1", email: "ann@example.com", name: "Ann" });
    assert.equal(hashes.get("u1"), "hashed:correct horse");
  });

  test("refuses an e-mail already taken, whatever its case: user_exists", async () => {
    const { deps } = fakes();
    await createUser(deps, { email: "ann@example.com" });
    assert.deepEqual(await createUser(deps, { email: "ANN@example.com" }), { ok: false, code: "user_exists" });
  });

  test("refuses what is not an e-mail address before writing anything: invalid_body naming email", async () => {
    const { deps, users } = fakes();
    const refused = await createUser(deps, { email: "bad-email" });
    assert.deepEqual(refused.ok ? null : [refused.code, refused.problem?.field], ["invalid_body", "email"]);
    assert.equal(users.size, 0);
  });

  test("refuses a password under 10 characters before writing anything: weak_password", async () => {
    const { deps, users } = fakes();
    assert.deepEqual(await createUser(deps, { email: "bob@example.com", password: "short" }), { ok: false, code: "weak_password" });
    assert.equal(users.size, 0);
  });
});

describe("setPassword", () => {
  test("counts characters, not UTF-16 units: ten emoji are enough, nine are not", async () => {
    const { deps } = fakes();
    assert.equal((await setPassword(deps, "u1", "🔑".repeat(10))).ok, true);
    assert.deepEqual(await setPassword(deps, "u1", "🔑".repeat(9)), { ok: false, code: "weak_password" });
  });

  test("closes the reset links the person was sent, whoever sets it: one left in a mailbox would set another", async () => {
    const { deps, resetsClosed } = fakes();
    assert.equal((await setPassword(deps, "u1", "a new password, set by the operator")).ok, true);
    assert.deepEqual([...resetsClosed], [["u1", 1_000]]);
  });

  test("without a password, makes one and returns it to be shown once", async () => {
    const { deps, hashes } = fakes();
    const set = await setPassword(deps, "u1");
    assert.deepEqual(set, { ok: true, value: { generated: "generated-secret-012" } });
    assert.equal(hashes.get("u1"), "hashed:generated-secret-012");
  });

  test("a password it makes never starts with a hyphen, which a command line would take for an option", async () => {
    const { deps } = fakes();
    const set = await setPassword({ ...deps, ids: { ...deps.ids, secret: () => "--Xq7-kP_0123456789abcdefgh" } }, "u1");
    assert.deepEqual(set, { ok: true, value: { generated: "Xq7-kP_0123456789abc" } });
  });

  test("ends the person's web sessions, and no one else's: a browser signed in before the change is signed out", async () => {
    const { deps, sessions } = fakes();
    await setPassword(deps, "u1", "a new password");
    assert.deepEqual([...sessions.keys()], ["session-of-u2"]);
  });

  test("a refused password ends no session", async () => {
    const { deps, sessions } = fakes();
    await setPassword(deps, "u1", "short");
    assert.equal(sessions.size, 2);
  });
});
