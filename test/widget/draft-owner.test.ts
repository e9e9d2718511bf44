import { expect, test } from "bun:test";
import { ownerOf, writtenByAnother } from "../../apps/widget/draft-owner.ts";

/** A single sign-on token with these claims, as a site's server signs it (the widget reads it, never checks it). */
const token = (claims: object) => ["eyJhbGciOiJIUzI1NiJ9", Buffer.from(JSON.stringify(claims)).toString("base64url"), "c2ln"].join(".");

test("a person identified by their single sign-on token alone owns their draft by the token's sub, else its e-mail; a token that is no JWT names no one", () => {
  expect(ownerOf({ token: token({ sub: "user-ann", email: "ann@acme.test", exp: 2_000_000_000 }) })).toBe("sub:user-ann");
  expect(ownerOf({ token: token({ email: "ann@acme.test", exp: 2_000_000_000 }) })).toBe("email:ann@acme.test");
  expect(ownerOf({ token: "ann-sso-token" })).toBe("");
});

test("the site's id, else its e-mail, names the person before their token does", () => {
  const signed = token({ sub: "user-ann", exp: 2_000_000_000 });
  expect([ownerOf({ id: "u_42", email: "ann@acme.test", token: signed }), ownerOf({ email: "ann@acme.test", token: signed })]).toEqual([
    "id:u_42",
    "email:ann@acme.test",
  ]);
});

test("a token's sub and e-mail are read as the UTF-8 they are written in", () => {
  expect(ownerOf({ token: token({ sub: "zoë-åsa", exp: 2_000_000_000 }) })).toBe("sub:zoë-åsa");
  expect(ownerOf({ token: token({ email: "zoë@acme.test", exp: 2_000_000_000 }) })).toBe("email:zoë@acme.test");
});

test("a site's id, an e-mail and a token's sub that are written alike name different people", () => {
  const owners = [
    ownerOf({ id: "42" }),
    ownerOf({ token: token({ sub: "42" }) }),
    ownerOf({ id: "ann@acme.test" }),
    ownerOf({ email: "ann@acme.test" }),
  ];
  expect(new Set(owners).size).toBe(4);
  expect(writtenByAnother(ownerOf({ id: "42" }), ownerOf({ token: token({ sub: "42" }) }))).toBe(true);
});

test("a draft saved before owners said their kind is taken for another's, and forgotten", () => {
  expect(writtenByAnother("u_42", ownerOf({ id: "u_42" }))).toBe(true);
});
