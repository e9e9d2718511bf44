import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { isPublicAddress } from "../../core/outbound/address.ts";
import { checkResolved, checkUrl } from "../../core/outbound/target.ts";
import { DEFAULT_RETRY_SCHEDULE_MS, nextAttemptAt } from "../../core/webhooks/schedule.ts";
import { eventBody } from "../../core/webhooks/event-body.ts";

describe("webhook addresses", () => {
  test("refuses every non-public class of address", () => {
    const refused = [
      "127.0.0.1",
      "127.8.9.10",
      "0.0.0.0",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.254",
      "224.0.0.1",
      "239.255.255.250",
      "255.255.255.255",
      "240.0.0.1",
      "192.0.2.5",
      "198.18.0.1",
      "::1",
      "::",
      "fc00::1",
      "fd00:ec2::254",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "2001:db8::1",
      "[::1]",
      "not-an-ip",
      "1.2.3",
      "256.1.1.1",
    ];
    for (const address of refused) assert.equal(isPublicAddress(address), false, address);
  });

  test("refuses IPv6 forms that reach a private IPv4: translated, 6to4, NAT64, and any Teredo tunnel", () => {
    for (const address of [
      "::ffff:0:10.0.0.1",
      "::ffff:0:a00:1",
      "2002:0a00:0001::1",
      "2002:c0a8:0101::",
      "64:ff9b::10.0.0.1",
      "64:ff9b::c0a8:1",
      "2001::1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    ]) {
      assert.equal(isPublicAddress(address), false, address);
    }
    assert.equal(isPublicAddress("2002:0808:0808::1"), true, "6to4 of a public IPv4");
  });

  test("refuses the IPv6 ranges the internet does not route: the former site-local fec0::/10, discard-only 100::/64 and documentation 3fff::/20", () => {
    for (const address of ["fec0::1", "feff:ffff::1", "100::1", "100::ffff:ffff:ffff:ffff", "3fff::1", "3fff:fff::1"]) {
      assert.equal(isPublicAddress(address), false, address);
    }
    for (const address of ["100:0:0:1::1", "3fff:1000::1"]) assert.equal(isPublicAddress(address), true, `${address}, beside those ranges`);
  });

  test("accepts public IPv4, IPv6 and IPv4-mapped public addresses", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2a00:1450:4007:80c::200e"]) {
      assert.equal(isPublicAddress(address), true, address);
    }
  });

  test("an address must be https on port 443 or 8443, without credentials, and not a private literal or localhost", () => {
    assert.equal(checkUrl("https://hooks.example.com/x", false).ok, true);
    const problem = (url: string) => {
      const r = checkUrl(url, false);
      return r.ok ? null : r.problem;
    };
    assert.equal(problem("http://hooks.example.com/x"), "not_https");
    assert.equal(problem("https://user:pw@hooks.example.com/x"), "credentials");
    assert.equal(problem("https://127.0.0.1/x"), "private_address");
    assert.equal(problem("https://[::ffff:127.0.0.1]/x"), "private_address");
    assert.equal(problem("https://localhost/x"), "private_address");
    assert.equal(problem("nope"), "not_url");
    assert.equal(problem("https://hooks.example.com:22/x"), "port");
    assert.equal(problem("https://hooks.example.com:8080/x"), "port");
    assert.equal(problem("https://hooks.example.com:8443/x"), null);
    assert.equal(problem("https://hooks.example.com:443/x"), null);
    assert.equal(checkUrl("http://127.0.0.1:9/x", true).ok, true);
  });

  test("after resolution, one private address among public ones is enough to refuse", () => {
    assert.equal(checkResolved(["8.8.8.8", "10.0.0.1"], false), "private_address");
    assert.equal(checkResolved([], false), "unresolvable");
    assert.equal(checkResolved(["8.8.8.8"], false), null);
  });
});

describe("retry schedule", () => {
  test("1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, then abandoned", () => {
    const minutes = DEFAULT_RETRY_SCHEDULE_MS.map((ms) => ms / 60_000);
    assert.deepEqual(minutes, [1, 5, 30, 120, 360, 720, 1440]);
    assert.equal(nextAttemptAt(1, 0, DEFAULT_RETRY_SCHEDULE_MS), 60_000);
    assert.equal(nextAttemptAt(7, 0, DEFAULT_RETRY_SCHEDULE_MS), 1440 * 60_000);
    assert.equal(nextAttemptAt(8, 0, DEFAULT_RETRY_SCHEDULE_MS), null);
  });
});

describe("event body", () => {
  test("createdAt has milliseconds in UTC; previousStatus only on status changes", () => {
    const feedback = { key: "K-1" } as never;
    const created = JSON.parse(
      eventBody({ id: "e1", orgId: "o", feedbackId: "f", type: "feedback.created", previousStatus: null, relatedId: null, createdAt: 0 }, feedback),
    );
    assert.deepEqual(created, { id: "e1", type: "feedback.created", createdAt: "1970-01-01T00:00:00.000Z", data: { feedback: { key: "K-1" } } });
    const changed = JSON.parse(
      eventBody(
        { id: "e2", orgId: "o", feedbackId: "f", type: "feedback.shipped", previousStatus: "fixed", relatedId: null, createdAt: 1 },
        feedback,
      ),
    );
    assert.equal(changed.data.previousStatus, "fixed");
  });
});
