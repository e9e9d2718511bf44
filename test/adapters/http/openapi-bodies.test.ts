import { afterAll, beforeAll, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());

type Content = Record<string, { schema?: Record<string, unknown> }>;
type Operation = { requestBody?: { content: Content } };

test("/openapi.json describes every JSON body as application/json by its component (inline only where a route alone uses it)", async () => {
  const doc = (await server.request("GET", "/openapi.json")).body as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };
  const bodies = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) => (op.requestBody ? [{ at: `${method} ${path}`, content: op.requestBody.content }] : [])),
  );
  expect(bodies.length).toBeGreaterThan(15);
  const described = (content: Content) => {
    const schema = content["application/json"]?.schema;
    if (!schema) return "no application/json content";
    if (typeof schema.$ref === "string")
      return doc.components.schemas[schema.$ref.replace("#/components/schemas/", "")] ? "by its component" : "a dangling $ref";
    return schema.$id ? "inline, with a second $id" : schema.type === "object" ? "by its component" : "an inline schema that is no object";
  };
  expect(bodies.filter((b) => described(b.content) !== "by its component").map((b) => `${b.at}: ${described(b.content)}`)).toEqual([]);
  expect(described(bodies.find((b) => b.at === "patch /v1/feedbacks/{key}")!.content)).toBe("by its component");
});

test("a path parameter keeps its route's description, as do the route's headers beside it", async () => {
  const doc = (await server.request("GET", "/openapi.json")).body as any;
  expect(doc.paths["/v1/feedbacks/{key}"].patch.parameters).toEqual([
    { name: "key", in: "path", required: true, description: "The readable key or the identifier.", schema: { type: "string" } },
  ]);
  expect(JSON.stringify(doc)).not.toContain("x-own");
});

test("/openapi.json gives what the specification says of the collection routes: a qualified answer's id and status, the idempotency key's length, the replay and Retry-After headers", async () => {
  const doc = (await server.request("GET", "/openapi.json")).body as any;
  const answers = doc.paths["/v1/reports/{id}/answers"].post;
  expect(answers.responses["201"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/QualifiedReportResponse" });
  expect(doc.components.schemas.QualifiedReportResponse.required).toEqual(expect.arrayContaining(["ok", "ticketId", "merged", "id", "status"]));
  for (const op of [doc.paths["/v1/reports"].post, answers]) {
    expect(op.parameters.find((p: { name: string }) => p.name === "idempotency-key").schema).toEqual({
      type: "string",
      minLength: 1,
      maxLength: 255,
    });
    expect(Object.keys(op.responses["201"].headers)).toEqual(["Idempotent-Replayed"]);
    expect(op.responses["429"].headers["Retry-After"].schema).toEqual({ type: "integer", minimum: 1 });
  }
});

test("a body whose fields are all optional, and that may be left out, is not required; any other body is", async () => {
  const doc = (await server.request("GET", "/openapi.json")).body as any;
  expect(doc.paths["/v1/feedbacks/{key}/publish"].post.requestBody.required).toBe(false);
  expect(doc.paths["/v1/feedbacks/{key}/comments"].post.requestBody.required).toBe(true);
});
