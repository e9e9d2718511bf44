import { expect, test } from "bun:test";
import { ownerOf } from "../../apps/widget/draft-owner.ts";

/** A single sign-on token with these claims, as a site's server signs it (the widget reads it, never checks it). */
const token = (claims: object) => ["eyJhbGciOiJIUzI1NiJ9", Buffer.from(JSON.stringify(claims)).toString("base64url"), "c2ln"].join(".");

test("a person identified by their single sign-on token alone owns their draft by the token's sub, else its e-mail; a token that is no JWT names no one", () => {
  expect(ownerOf({ token: token({ sub: "user-ann", email: "ann@acme.test", exp: 2_000_000_000 }) })).toBe("user-ann");
  expect(ownerOf({ token: token({ email: "ann@acme.test", exp: 2_000_000_000 }) })).toBe("ann@acme.test");
  expect(ownerOf({ token: "ann-sso-token" })).toBe("");
});

test("the site's id, else its e-mail, names the person before their token does", () => {
  const signed = token({ sub: "user-ann", exp: 2_000_000_000 });
  expect([ownerOf({ id: "u_42", email: "ann@acme.test", token: signed }), ownerOf({ email: "ann@acme.test", token: signed })]).toEqual([
    "u_42",
    "ann@acme.test",
  ]);
});
