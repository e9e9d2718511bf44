import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { rateLimitAddress } from "../../core/rate-limits/rate-limit-address.ts";
import { returnsWithin } from "../support/returns-within.ts";

describe("the address a client's budgets are kept under", () => {
  test("an IPv4 address is its own", () => {
    assert.equal(rateLimitAddress("198.51.100.7"), "198.51.100.7");
  });

  test("an IPv6 address is kept under its /64, whatever the rest of it", () => {
    assert.equal(rateLimitAddress("2001:db8:aa:bb:1:2:3:4"), "2001:db8:aa:bb::/64");
    assert.equal(rateLimitAddress("2001:db8:aa:bb:ffff:ffff:ffff:ffff"), "2001:db8:aa:bb::/64");
  });

  test("an IPv6 address's written forms (compressed, leading zeros, capitals, brackets) are one /64", () => {
    const forms = ["2001:db8:0:1::5", "2001:0db8:0000:0001:0000:0000:0000:0005", "2001:DB8:0:1::5", "[2001:db8:0:1::5]"];
    assert.deepEqual(new Set(forms.map(rateLimitAddress)), new Set(["2001:db8:0:1::/64"]));
  });

  test("another /64 of the same /48 is another budget", () => {
    assert.notEqual(rateLimitAddress("2001:db8:aa:bb::1"), rateLimitAddress("2001:db8:aa:bc::1"));
  });

  test("a zone id is no part of it: a link-local address is its /64", () => {
    assert.equal(rateLimitAddress("fe80::1%eth0"), "fe80:0:0:0::/64");
  });

  test("an IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address", () => {
    assert.equal(rateLimitAddress("::ffff:198.51.100.7"), "198.51.100.7");
    assert.equal(rateLimitAddress("::FFFF:c633:6407"), "198.51.100.7");
  });

  test("an IPv4 client as a translator writes it (64:ff9b::a.b.c.d, the well-known NAT64 prefix) is that IPv4 address, not one /64 for every IPv4 client", () => {
    assert.equal(rateLimitAddress("64:ff9b::198.51.100.7"), "198.51.100.7");
    assert.notEqual(rateLimitAddress("64:ff9b::c633:6407"), rateLimitAddress("64:ff9b::c633:6408"));
  });

  test("text that is no address is kept as it is", () => {
    for (const text of ["unknown", "", "2001:db8::1::2", "198.51.100.7:443"]) assert.equal(rateLimitAddress(text), text);
  });

  // Behind a proxy the address is an X-Forwarded-For entry, which a client may have written: looking
  // for an IPv4 tail from each digit of a long run would cost the square of its length, minutes.
  test("text with a long run of digits is read in time proportional to its length", async () => {
    const text = `::${"1".repeat(300_000)}`;
    assert.equal(await returnsWithin(new URL("../../core/rate-limits/rate-limit-address.ts", import.meta.url), "rateLimitAddress", [text]), text);
  });
});
