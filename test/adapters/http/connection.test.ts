import { describe, expect, test } from "bun:test";
import { resolveClientAddress } from "../../../adapters/http/connection.ts";

describe("the client's address behind trusted proxies", () => {
  test("without a trusted proxy, X-Forwarded-For is ignored: the socket's address", () => {
    expect(resolveClientAddress("10.0.0.9", "203.0.113.7", 0)).toBe("10.0.0.9");
  });

  test("behind one proxy, the entry it appended, whatever the client wrote before it", () => {
    expect(resolveClientAddress("10.0.0.9", "198.51.100.1, 203.0.113.7", 1)).toBe("203.0.113.7");
  });

  test("an entry written with the client's port is its address alone, so that each connection is not a budget of its own", () => {
    expect(resolveClientAddress("10.0.0.9", "203.0.113.7:5555", 1)).toBe("203.0.113.7");
    expect(resolveClientAddress("10.0.0.9", "[2001:db8::1]:443", 1)).toBe("2001:db8::1");
    expect(resolveClientAddress("10.0.0.9", "[2001:db8::1]", 1)).toBe("2001:db8::1");
    expect(resolveClientAddress("10.0.0.9", "2001:db8::1", 1)).toBe("2001:db8::1");
  });

  test("more trusted hops than entries: the leftmost entry", () => {
    expect(resolveClientAddress("10.0.0.9", "203.0.113.7", 3)).toBe("203.0.113.7");
  });
});
