import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  authorize,
  can,
  OPERATIONS,
  type Operation,
  operatorGrant,
  personOf,
  refusalsOf,
  ROLE_SCOPES,
  roleAllows,
  sessionGrant,
  trackerGrant,
} from "../../core/authorization.ts";
import { type Grant, type Role, SCOPES } from "../../core/model.ts";
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

  test("a person signed in to the web application may do what their role allows, no more", () => {
    for (const role of ["admin", "member", "reader"] as const) {
      const session = sessionGrant({ orgId: "o", userId: "u", role });
      for (const [operation] of TABLE) assert.equal(answer(session, operation) === "ok", roleAllows(role, operation), `${role} ${operation}`);
    }
  });

  test("an issue tracker may move a feedback's status, and nothing that manages the organization", () => {
    const tracker = trackerGrant("o", "linear");
    assert.deepEqual(
      [tracker.userId, answer(tracker, "feedbacks.update"), answer(tracker, "webhooks.manage")],
      ["tracker:linear", "ok", "insufficient_scope"],
    );
  });
});

describe("authorization: the query pages and tool lists read", () => {
  test("can answers yes exactly where authorize lets the operation through", () => {
    for (const [operation] of TABLE) {
      for (const role of ["admin", "member", "reader"] as const) {
        for (const scopes of [ROLE_SCOPES[role], [], SCOPES]) {
          const g = grant(role, scopes);
          assert.equal(can(g, operation), authorize(g, operation).ok, `${operation} by a ${role} holding ${scopes.join(" ")}`);
        }
      }
    }
  });

  test("a person may allow every operation their role allows: each role an operation admits may hold its scope", () => {
    for (const [operation, rule] of Object.entries(OPERATIONS) as Array<[Operation, (typeof OPERATIONS)[Operation]]>) {
      for (const role of rule.roles) assert.ok(can(personOf(grant(role, [])), operation), `${operation} by a ${role}`);
    }
  });

  test("refusalsOf lists exactly the refusals authorize gives some grant: each role, scopes or none, as a person, an agent or an API key", () => {
    for (const operation of Object.keys(OPERATIONS) as Operation[]) {
      const given = new Set<string>();
      for (const role of ["admin", "member", "reader"] as const) {
        for (const scopes of [ROLE_SCOPES[role], []]) {
          const person = grant(role, scopes);
          for (const g of [person, { ...person, agentId: "a" }, { ...person, apiKey: { id: "k", name: "ci" } }]) {
            const result = authorize(g, operation);
            if (!result.ok) given.add(result.code);
          }
        }
      }
      assert.deepEqual(new Set(refusalsOf(operation)), given, operation);
    }
  });

  test("a token's person is judged by their role alone: a Reader's read-only token still may not be given a change", () => {
    assert.equal(can(personOf(grant("member", [])), "feedbacks.update"), true);
    assert.equal(can(personOf(grant("reader", ["feedbacks:read"])), "feedbacks.update"), false);
  });

  test("what each role may hold comes from the table: an Admin every scope, a Member all but webhooks, a Reader reading and their agents", () => {
    assert.deepEqual(ROLE_SCOPES, {
      admin: SCOPES,
      member: ["feedbacks:read", "reports:write", "feedbacks:write", "agents:manage"],
      reader: ["feedbacks:read", "agents:manage"],
    });
  });

  test("roleAllows reads the roles of the table, whoever holds them: only an Admin may manage the organization", () => {
    assert.deepEqual(
      (["admin", "member", "reader"] as const).filter((role) => roleAllows(role, "organization.manage")),
      ["admin"],
    );
  });
});
