import { afterAll, beforeAll, expect, test } from "bun:test";
import { operatorGrant } from "../../../core/authorization.ts";
import { SCOPES, type Scope } from "../../../core/model.ts";
import { issueToken } from "../../../core/tokens/issue-token.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

/** A body each route accepts, so that what answers is the authorization, not the body check. */
const BODIES: Record<string, unknown> = {
  "patch /v1/feedbacks/{key}": { status: "fixed" },
  "post /v1/feedbacks/{key}/tracker": {},
  "post /v1/feedbacks/{key}/merge": { into: "DEMO-2" },
  "post /v1/webhooks": { url: "https://example.com/hook", events: ["feedback.created"] },
  "post /v1/changelog": { title: "Shipped" },
  "patch /v1/changelog/{id}": { title: "Shipped" },
  "post /v1/invitations": { email: "new@example.com", role: "member" },
  "post /v1/feedbacks/{key}/votes": { email: "ana@customer.example" },
  "put /v1/portal": {},
  "post /v1/feedbacks/{key}/publish": {},
  "post /v1/feedbacks/{key}/comments": { text: "A comment", visibility: "internal" },
  "post /v1/feedbacks/bulk": { keys: ["DEMO-1"], set: { status: "fixed" } },
  "post /v1/api-keys": { name: "ci", scopes: ["feedbacks:read"] },
};

test("each route's security in /openapi.json is the scope its use case asks for: a token without it is refused with it", async () => {
  const doc = (await http.request("GET", "/openapi.json")).body;
  const routes = Object.entries(doc.paths as Record<string, Record<string, { security?: Array<{ bearer: string[] }> }>>).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, o]) => (o.security ? [{ path, method, scopes: o.security[0]!.bearer }] : [])),
  );
  expect(routes.length).toBeGreaterThan(15);
  for (const { path, method, scopes } of routes) {
    expect({ path, method, scopes: scopes.length }).toEqual({ path, method, scopes: 1 });
    const lacking = scopes[0] as Scope;
    const issued = await issueToken(http.services, operatorGrant(http.demo.orgId), {
      email: "admin@demo.test",
      scopes: SCOPES.filter((s) => s !== lacking),
      label: `without ${lacking}`,
    });
    if (!issued.ok) throw new Error(issued.code);
    const address = path.replace("{key}", "DEMO-1").replace(/\{\w+\}/g, "x");
    const body = BODIES[`${method} ${path}`];
    const refused = await http.request(method.toUpperCase(), address, { token: issued.value.token, ...(body !== undefined && { body }) });
    expect({
      route: `${method} ${path}`,
      status: refused.status,
      code: refused.body.code,
      challenge: refused.headers.get("www-authenticate"),
    }).toEqual({
      route: `${method} ${path}`,
      status: 403,
      code: "insufficient_scope",
      challenge: `Bearer realm="retour", error="insufficient_scope", scope="${lacking}"`,
    });
  }
});

test("each Bearer route's refusals in /openapi.json come from the authorization table, with their challenge: forbidden only where a role or a kind of token is refused", async () => {
  type Answers = Record<string, { description: string; headers?: Record<string, unknown> }>;
  const doc = (await http.request("GET", "/openapi.json")).body;
  const paths = doc.paths as Record<string, Record<string, { security?: unknown; responses: Answers }>>;
  const codes = (answers: Answers, status: number) => [...(answers[String(status)]?.description ?? "").matchAll(/`(\w+)`/g)].map((m) => m[1]);
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, o] of Object.entries(methods).filter(([, o]) => o.security)) {
      expect({
        route: `${method} ${path}`,
        401: codes(o.responses, 401),
        429: codes(o.responses, 429),
        challenge: [401, 403].map((status) => Object.keys(o.responses[String(status)]?.headers ?? {})),
      }).toEqual({
        route: `${method} ${path}`,
        401: ["unauthorized", "invalid_token"],
        429: ["rate_limited"],
        challenge: [["WWW-Authenticate"], ["WWW-Authenticate"]],
      });
    }
  }
  // What the routes kept aside for the document's last pass is gone from it.
  expect(JSON.stringify(doc)).not.toMatch(/"x-[a-z-]+":/);
  // feedbacks.update admits Admins and Members; feedbacks.read every role; webhooks.manage Admins alone.
  expect(codes(paths["/v1/feedbacks/{key}"]!.patch!.responses, 403)).toEqual(["forbidden", "insufficient_scope"]);
  expect(codes(paths["/v1/feedbacks"]!.get!.responses, 403)).toEqual(["insufficient_scope"]);
  expect(codes(paths["/v1/webhooks"]!.get!.responses, 403)).toEqual(["forbidden", "insufficient_scope"]);
});
