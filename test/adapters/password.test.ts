import { describe, expect, test } from "bun:test";
import { argon2Hasher } from "../../adapters/system/password.ts";

describe("password hashing", () => {
  test("a password is hashed with argon2id at OWASP's first recommended parameters and verifies", async () => {
    const hash = await argon2Hasher.hash("correct horse battery");
    expect(hash).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
    expect(await argon2Hasher.verify("correct horse battery", hash)).toBe(true);
    expect(await argon2Hasher.verify("correct horse batterY", hash)).toBe(false);
  });

  test("a hash made with other parameters still verifies", async () => {
    // As releases before 466140b stored it: Bun's default argon2id (64 MiB, two passes), made once and kept here.
    const older = "$argon2id$v=19$m=65536,t=2,p=1$ZuXgZcNx8xv96ST3RyZIuF7rvFcLATsSeGw32xHWxLo$k7gsjMYRgxIMa+nHm23KH1RVazOmBwTcbXyCWqaA2YM";
    expect(await argon2Hasher.verify("correct horse battery", older)).toBe(true);
  });
});
