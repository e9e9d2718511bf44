import type { PasswordHasher } from "../../core/ports.ts";

/** argon2id through Bun's native implementation. */
export const argon2Hasher: PasswordHasher = {
  hash: (password) => Bun.password.hash(password, { algorithm: "argon2id" }),
  verify: (password, hash) => Bun.password.verify(password, hash),
};
