import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { storedKind } from "../../core/report/kind.ts";
import { normalizeReport } from "../../core/report/normalize.ts";
import { canonicalJson, requestFingerprint } from "../../core/report/fingerprint.ts";
import { initialTitle, titleFromMessage } from "../../core/report/title.ts";
import { isEmailShaped } from "../../core/email.ts";

describe("kind mapping", () => {
  test("issue and bug are problems, greeting is praise, the real kinds stay", () => {
    assert.deepEqual(["problem", "idea", "praise", "issue", "bug", "greeting"].map(storedKind), [
      "problem",
      "idea",
      "praise",
      "problem",
      "problem",
      "praise",
    ]);
  });
});

describe("report normalisation", () => {
  test("keeps an e-mail only when it has the shape of one, lower-cased", () => {
    assert.equal(normalizeReport({ publicKey: "k", kind: "bug", message: "m", user: { email: "Ann@Example.COM" } }).author.email, "ann@example.com");
    for (const bad of ["ann", "ann@", "@x.y", "a b@c.d", "ann@localhost"]) {
      assert.equal(normalizeReport({ publicKey: "k", kind: "bug", message: "m", user: { email: bad } }).author.email, undefined, bad);
    }
    assert.equal(isEmailShaped(`${"a".repeat(250)}@b.co`), false);
  });

  test("an e-mail is one address, never a list a mail library would send to twice", () => {
    for (const list of [
      "a@b.example,x@y.example",
      "a@b.example,x",
      "a@b.example;x@y.example",
      "Ann <a@b.example>",
      "a,b@c.example",
      '"a"@b.example',
    ]) {
      assert.equal(isEmailShaped(list), false, list);
    }
    for (const one of ["ann@example.com", "ann.o'neil+tag@mail.example.co.uk", "lea@exämple.fr"]) assert.equal(isEmailShaped(one), true, one);
  });

  test("drops unknown fields and blank optional text", () => {
    const request = { publicKey: "k", kind: "idea", message: " Dark mode ", title: "  ", extra: 1 } as never;
    assert.deepEqual(normalizeReport(request), { kind: "idea", message: "Dark mode", author: {} });
  });
});

describe("idempotency fingerprint", () => {
  test("equal bodies give equal fingerprints whatever the key order; any change gives another", async () => {
    assert.equal(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }), '{"a":[{"c":3,"d":2}],"b":1}');
    assert.equal(await requestFingerprint({ a: 1, b: "x" }), await requestFingerprint({ b: "x", a: 1 }));
    assert.notEqual(await requestFingerprint({ a: 1 }), await requestFingerprint({ a: 2 }));
  });

  test("is the SHA-256 of the canonical JSON (known answer)", async () => {
    // sha256('{"a":1}')
    assert.equal(await requestFingerprint({ a: 1 }), "015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862");
  });
});

describe("titles", () => {
  test("first sentence, cut at a word boundary under 80 characters", () => {
    assert.equal(titleFromMessage("Export fails. Every time."), "Export fails");
    const long = titleFromMessage(`${"word ".repeat(30)}end`);
    assert.ok(long.length <= 80 && long.endsWith("…"));
  });

  test("a report's own title is the feedback's, on one line and cut at a word boundary to the 200 characters a title may hold", () => {
    assert.equal(initialTitle({ title: "  Export\n fails  ", message: "x" }), "Export fails");
    const long = initialTitle({ title: "word ".repeat(100), message: "x" });
    assert.ok([...long].length <= 200 && long.endsWith("word…"), long);
  });

  test("a blank title of a report is none: the feedback's is drawn from the message", () => {
    assert.equal(initialTitle({ title: "   ", message: "Export fails. Every time." }), "Export fails");
  });
});
