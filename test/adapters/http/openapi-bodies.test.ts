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
