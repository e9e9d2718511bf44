import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { authorize, type Operation, operatorGrant } from "../../core/authorization.ts";
import { type Grant, type Role, ROLE_SCOPES, SCOPES } from "../../core/model.ts";
import { tokenGrant as grant } from "./fake-organization.ts";

/**
 * What each role may do, with every scope its role allows (a web session, a full personal token),
 * and with none (a token minted without that scope). `ok`, or the refusal's code.
 */
const TABLE: ReadonlyArray<[Operation, Record<Role, [withScopes: string, withoutScopes: string]>]> = [
  ["feedbacks.read", { admin: ["ok", "insufficient_scope"], member: ["ok", "insufficient_scope"], reader: ["ok", "insufficient_scope"] }],
  ["feedbacks.update", { admin: ["ok", "insufficient_scope"], member: ["ok", "insufficient_scope"], reader: ["forbidden", "forbidden"] }],
  ["reports.create", { admin: ["ok", "insufficient_scope"], member: ["ok", "insufficient_scope"], reader: ["forbidden", "forbidden"] }],
  ["agents.manage", { admin: ["ok", "insufficient_scope"], member: ["ok", "insufficient_scope"], reader: ["ok", "insufficient_scope"] }],
  ["webhooks.manage", { admin: ["ok", "insufficient_scope"], member: ["forbidden", "forbidden"], reader: ["forbidden", "forbidden"] }],
  ["tokens.manage", { admin: ["ok", "ok"], member: ["ok", "ok"], reader: ["ok", "ok"] }],
  ["organization.read", { admin: ["ok", "ok"], member: ["ok", "ok"], reader: ["ok", "ok"] }],
  ["organization.manage", { admin: ["ok", "ok"], member: ["forbidden", "forbidden"], reader: ["forbidden", "forbidden"] }],
];

const answer = (g: Grant, operation: Operation): string => {
  const result = authorize(g, operation);
  return result.ok ? "ok" : result.code;
};

describe("authorization: role × scope × operation", () => {
  for (const [operation, byRole] of TABLE) {
    for (const [role, [withScopes, withoutScopes]] of Object.entries(byRole) as Array<[Role, [string, string]]>) {
      test(`${operation} by a ${role}: ${withScopes} with the role's scopes, ${withoutScopes} without`, () => {
        assert.equal(answer(grant(role, ROLE_SCOPES[role]), operation), withScopes);
        assert.equal(answer(grant(role, []), operation), withoutScopes);
      });
    }
  }

  test("a Reader's token holding a write scope is still refused: the role decides first", () => {
    assert.equal(answer(grant("reader", SCOPES), "feedbacks.update"), "forbidden");
  });

  test("the operator at the command line may do everything in an organization", () => {
    for (const [operation] of TABLE) assert.equal(answer(operatorGrant("o"), operation), "ok", operation);
  });
});
