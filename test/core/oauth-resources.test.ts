import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { normalizeResource, resourcesOf } from "../../core/oauth/resources.ts";
import { returnsWithin } from "../support/returns-within.ts";

const resources = resourcesOf("https://feedback.example");

describe("a resource parameter, as authorization and token requests name it", () => {
  test("a trailing slash goes and an alias origin is the service's own", () => {
    assert.equal(normalizeResource("https://feedback.example/mcp/", resources), "https://feedback.example/mcp");
    assert.equal(
      normalizeResource("http://127.0.0.1:3000/v1", resourcesOf("https://feedback.example", ["http://127.0.0.1:3000"])),
      "https://feedback.example/v1",
    );
  });

  // Anyone may ask for authorization with a registered client: trimming the slashes from each of a
  // long run would cost the square of its length, minutes for this one.
  test("a resource with a long run of slashes inside is read in time proportional to its length", async () => {
    const path = `${"/".repeat(300_000)}mcp`;
    const read = await returnsWithin(new URL("../../core/oauth/resources.ts", import.meta.url), "normalizeResource", [
      `https://feedback.example${path}`,
      resources,
    ]);
    assert.equal(read, `https://feedback.example${path}`);
  });
});
