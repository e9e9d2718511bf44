import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type InProcess, inProcess } from "../../support/in-process.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());

describe("the MCP endpoint before any tool call", () => {
  test("no token: 401 with WWW-Authenticate pointing to the protected resource metadata", async () => {
    const res = await server.fetch(`${server.url}/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect([res.status, await res.json()]).toEqual([401, { error: expect.stringContaining("Bearer"), code: "unauthorized" }]);
    expect(res.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`);
    const metadata = await (await server.fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({ resource: `${server.url}/mcp`, authorization_servers: [server.url], bearer_methods_supported: ["header"] });
  });

  test("an unknown token: 401 invalid_token, its challenge pointing to the protected resource metadata", async () => {
    const res = await server.fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { authorization: "Bearer rtr_unknown", "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect([res.status, await res.json()]).toEqual([401, { error: expect.any(String), code: "invalid_token" }]);
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp", error="invalid_token"`,
    );
  });

  test("a cross-site Origin is refused before anything else (DNS rebinding protection)", async () => {
    const res = await server.fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(403);
  });
});

/** One JSON-RPC request to /mcp, without a session (the endpoint is stateless), with a Member's token unless another is given. */
const rpc = (method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${server.demo.tokens.member}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });

/** A tools/call as a Member's agent sends it: its result's isError and first text, read as JSON. */
async function toolCall(name: string, args: Record<string, unknown>, headers: Record<string, string> = {}): Promise<[boolean, any]> {
  const res = await rpc("tools/call", { name, arguments: args }, headers);
  const { result } = (await res.json()) as { result: { isError: boolean; content: Array<{ text: string }> } };
  return [result.isError, JSON.parse(result.content[0]!.text)];
}

describe("a personal token or an API key, which no authorization widens", () => {
  const readOnly = () => ({ authorization: `Bearer ${server.demo.tokens.readOnly}` });

  test("is listed, and told of, only the tools its scopes reach: an Admin's read-only token, the six reads", async () => {
    const listed = (await (await rpc("tools/list", {}, readOnly())).json()) as { result: { tools: Array<{ name: string }> } };
    expect(listed.result.tools.map((t) => t.name).sort()).toEqual([
      "get_feature",
      "get_feedback",
      "list_apps",
      "list_features",
      "list_feedbacks",
      "list_similar_feedbacks",
    ]);
    const initialized = await rpc(
      "initialize",
      { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "script", version: "1" } },
      readOnly(),
    );
    const { instructions } = ((await initialized.json()) as { result: { instructions: string } }).result;
    expect(instructions).toContain("list_feedbacks");
    expect(instructions).not.toContain("update_feedback_status");
  });

  test("a call beyond its scopes is a tool error insufficient_scope, not the HTTP 403 that asks an OAuth client to authorize again", async () => {
    const res = await rpc("tools/call", { name: "add_comment", arguments: { key: "DEMO-1", text: "Seen" } }, readOnly());
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { isError: boolean; content: Array<{ text: string }> } };
    expect([result.isError, JSON.parse(result.content[0]!.text).code]).toEqual([true, "insufficient_scope"]);
  });

  test("the insufficient_scope a model reads names the scope the tool needs, in English and in French", async () => {
    expect(await toolCall("add_comment", { key: "DEMO-1", text: "Seen" }, readOnly())).toEqual([
      true,
      {
        error:
          "The access token lacks the scope this request needs: feedbacks:write. Authorize the agent again with it, or use a token or an API key that holds it.",
        code: "insufficient_scope",
      },
    ]);
    const [, french] = await toolCall("add_comment", { key: "DEMO-1", text: "Seen" }, { ...readOnly(), "accept-language": "fr" });
    expect(french.error).toStartWith("Le jeton d’accès n’a pas la portée que demande cette requête\u202f: feedbacks:write.");
  });
});

describe("a tool call refused", () => {
  const getFeedback = (headers: Record<string, string>, args: Record<string, unknown> = { key: "DEMO-999" }) =>
    toolCall("get_feedback", args, headers);

  test("is a tool result with isError whose text is the {error, code} body, in English, and in French with Accept-Language: fr", async () => {
    expect(await getFeedback({})).toEqual([true, { error: "No feedback DEMO-999 in this organization.", code: "not_found" }]);
    expect(await getFeedback({ "accept-language": "fr-FR,fr;q=0.9" })).toEqual([
      true,
      { error: "Aucun retour DEMO-999 dans cette organisation.", code: "not_found" },
    ]);
  });

  test("refused for its arguments, it says so in French too with Accept-Language: fr", async () => {
    const [isError, body] = await getFeedback({ "accept-language": "fr" }, { key: 42 });
    const [, english] = await getFeedback({}, { key: 42 });
    expect([isError, body.code, english.code]).toEqual([true, "invalid_query", "invalid_query"]);
    expect(english.error).toStartWith("An argument is missing or invalid.");
    expect(body.error).not.toStartWith("An argument is missing or invalid.");
    expect(body.error).toContain("key");
  });

  test("a required argument missing while unknown ones were given names them with it, so one correction is enough", async () => {
    expect(await toolCall("add_comment", { key: "DEMO-1", comment: "Seen on Safari 17" })).toEqual([
      true,
      { error: "An argument is missing or invalid. text: required (not a known argument: comment).", code: "invalid_body" },
    ]);
    const [, french] = await toolCall("get_feature", { id: server.demo.featureId }, { "accept-language": "fr" });
    expect(french.error).toEndWith("featureId\u202f: obligatoire (argument inconnu\u202f: id).");
  });
});

describe("a tool refuses what its REST twin refuses, with the same code", () => {
  test("list_feedbacks with a cursor that cannot be read: invalid_cursor, as GET /v1/feedbacks", async () => {
    const [isError, body] = await toolCall("list_feedbacks", { cursor: "garbage" });
    expect([isError, body]).toEqual([true, { error: expect.stringMatching(/^The cursor cannot be read/), code: "invalid_cursor" }]);
  });

  test("update_feedback given a feature's path for its featureId says to give the id, from list_features (unknown_feature)", async () => {
    const report = { publicKey: server.demo.publicKey, kind: "problem", message: "The pay button does nothing" };
    const { ticketId } = (await server.request("POST", "/v1/reports", { body: report })).body;
    const [isError, body] = await toolCall("update_feedback", { key: ticketId, featureId: "checkout" });
    expect([isError, body.code]).toEqual([true, "unknown_feature"]);
    expect(body.error).toEndWith("give the id of one of its features (GET /v1/apps/{id}/features; over MCP, list_features), not its name or path.");
  });

  test("list_feedbacks by a source no report comes from (email) is refused naming the sources, Slack's too, as GET /v1/feedbacks refuses it", async () => {
    const error = "An argument is missing or invalid. source: expected one of api, form, widget, agent, slack, portal.";
    expect(await toolCall("list_feedbacks", { source: "email" })).toEqual([true, { error, code: "invalid_query" }]);
    const rest = await server.request("GET", "/v1/feedbacks?source=email", { token: server.demo.tokens.member });
    expect([rest.status, rest.body.code, rest.body.error]).toEqual([
      400,
      "invalid_query",
      expect.stringContaining("source: expected one of api, form, widget, agent, slack, portal."),
    ]);
  });

  test("update_feedback with a new tag holding text-direction characters (U+202E): invalid_body naming the tag's place among the tags, as PATCH /v1/feedbacks/{key}", async () => {
    const report = { publicKey: server.demo.publicKey, kind: "problem", message: "Tags that read backwards over MCP" };
    const { ticketId } = (await server.request("POST", "/v1/reports", { body: report })).body;
    const reason = "tags.1: text-direction and other control characters (such as U+202E) would make it read as something else.";
    expect(await toolCall("update_feedback", { key: ticketId, tags: ["Billing", "Refund\u202E"] })).toEqual([
      true,
      { error: `An argument is missing or invalid. ${reason}`, code: "invalid_body" },
    ]);
    const [, french] = await toolCall("update_feedback", { key: ticketId, tags: ["Billing", "Refund\u202E"] }, { "accept-language": "fr" });
    expect(french.error).toEndWith("tags.1\u202f: des caractères de sens d’écriture ou de contrôle (comme U+202E) le feraient lire autrement.");
    const rest = await server.request("PATCH", `/v1/feedbacks/${ticketId}`, {
      body: { tags: ["Billing", "Refund\u202E"] },
      token: server.demo.tokens.member,
    });
    expect([rest.status, rest.body.code, rest.body.error]).toEqual([400, "invalid_body", expect.stringContaining(reason)]);
  });

  test("update_feedback_status takes a comment of 5000 characters; 5001 is invalid_body, as PATCH /v1/feedbacks/{key}", async () => {
    const key = (
      await server.request("POST", "/v1/reports", {
        body: { publicKey: server.demo.publicKey, kind: "problem", message: "Comment lengths over MCP" },
      })
    ).body.ticketId;
    const [refused] = await toolCall("update_feedback_status", { key, status: "prioritized", comment: "c".repeat(5000) });
    expect(refused ?? false).toBe(false);
    expect(await toolCall("update_feedback_status", { key, status: "fixed", comment: "c".repeat(5001) })).toEqual([
      true,
      { error: "An argument is missing or invalid. comment: expected a text of at most 5000 characters.", code: "invalid_body" },
    ]);
  });
});

describe("a tool argument naming an app, a feature or a changelog entry the organization does not hold", () => {
  const call = async (name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const [isError, body] = await toolCall(name, args, headers);
    expect(isError).toBe(true);
    return body;
  };

  test("an appId is named in the refusal, with the code of REST's 404 (list_features, create_report)", async () => {
    const refusal = { error: "No app 'app_x' in this organization.", code: "not_found" };
    expect(await call("list_features", { appId: "app_x" })).toEqual(refusal);
    expect(await call("create_report", { appId: "app_x", kind: "idea", message: "A dark theme" })).toEqual(refusal);
  });

  test("a featureId is named in the refusal (get_feature)", async () => {
    expect(await call("get_feature", { featureId: "feat_x" })).toEqual({ error: "No feature 'feat_x' in this organization.", code: "not_found" });
  });

  test("a changelog entry's id is named in the refusal (publish_changelog_entry)", async () => {
    expect(await call("publish_changelog_entry", { id: "entry_x" })).toEqual({
      error: "No changelog entry 'entry_x' in this organization.",
      code: "not_found",
    });
  });

  test("list_feedbacks filtered by an appId or a featureId the organization does not hold says so, where a filter that holds lists nothing", async () => {
    expect(await call("list_feedbacks", { appId: "app_x" })).toEqual({ error: "No app 'app_x' in this organization.", code: "not_found" });
    // A feature's path is not its id: a model that takes one for the other is told, not handed an empty list.
    expect(await call("list_feedbacks", { featureId: "checkout" })).toEqual({
      error: "No feature 'checkout' in this organization.",
      code: "not_found",
    });
    const [isError, page] = await toolCall("list_feedbacks", { appId: server.demo.appId, query: "zeppelin" });
    expect([isError ?? false, page]).toEqual([false, { data: [], nextCursor: null }]);
  });

  test("the refusal names it in French with Accept-Language: fr", async () => {
    expect(await call("list_features", { appId: "app_x" }, { "accept-language": "fr" })).toEqual({
      error: "Aucune application «\u202fapp_x\u202f» dans cette organisation.",
      code: "not_found",
    });
  });

  test("an id longer than anyone types is said back cut short, at 100 characters", async () => {
    const { error } = await call("get_feature", { featureId: "f".repeat(500) });
    expect(error).toBe(`No feature '${"f".repeat(99)}…' in this organization.`);
  });
});

describe("a feedback others were merged into, over MCP", () => {
  const report = async (message: string): Promise<string> =>
    (await server.request("POST", "/v1/reports", { body: { publicKey: server.demo.publicKey, kind: "problem", message } })).body.ticketId;

  test("get_feedback names them in merged, as its output schema says, and unmerge_feedback of it names the keys to unmerge instead", async () => {
    const [survivor, source] = [await report("Coupons apply twice"), await report("A coupon is counted twice")];
    const [, merged] = await toolCall("merge_feedbacks", { key: source, into: survivor });
    expect(merged.key).toBe(survivor);
    const res = await rpc("tools/call", { name: "get_feedback", arguments: { key: survivor } });
    const { result } = (await res.json()) as { result: { structuredContent: { merged: unknown } } };
    expect(result.structuredContent.merged).toEqual([{ key: source, at: expect.any(String) }]);
    const listed = (await (await rpc("tools/list", {})).json()) as { result: { tools: Array<{ name: string; outputSchema: any }> } };
    expect(listed.result.tools.find((t) => t.name === "get_feedback")!.outputSchema.properties.merged.type).toBe("array");
    expect(await toolCall("unmerge_feedback", { key: survivor })).toEqual([
      true,
      { error: `${survivor} is not merged into another feedback; others were merged into it: unmerge one of ${source}.`, code: "cannot_unmerge" },
    ]);
  });
});

describe("list_feedbacks called with a filter by the word SPEC's table of tools names it in", () => {
  test("type is refused naming kind, the argument to use (app, feature and text likewise), in English and in French", async () => {
    expect(await toolCall("list_feedbacks", { type: "idea" })).toEqual([
      true,
      { error: "An argument is missing or invalid. type: not a known argument; this filter's argument is kind.", code: "invalid_query" },
    ]);
    const [, app] = await toolCall("list_feedbacks", { app: server.demo.appId });
    const [, feature] = await toolCall("list_feedbacks", { feature: server.demo.featureId });
    const [, text] = await toolCall("list_feedbacks", { text: "checkout" });
    expect([app.error, feature.error, text.error]).toEqual([
      "An argument is missing or invalid. app: not a known argument; this filter's argument is appId.",
      "An argument is missing or invalid. feature: not a known argument; this filter's argument is featureId.",
      "An argument is missing or invalid. text: not a known argument; this filter's argument is query.",
    ]);
    const [, french] = await toolCall("list_feedbacks", { type: "idea" }, { "accept-language": "fr" });
    expect(french.error).toEndWith("type\u202f: argument inconnu\u202f; l’argument de ce filtre est kind.");
  });

  test("an argument no one names a filter by is still only not known", async () => {
    const [, refused] = await toolCall("list_feedbacks", { constructor: "x" });
    expect(refused.error).toBe("An argument is missing or invalid. constructor: not a known argument.");
  });
});

describe("the tools as a model reads them", () => {
  test("every argument of every tool an Admin is listed says what it takes, in a description of its own", async () => {
    const listed = (await (await rpc("tools/list", {}, { authorization: `Bearer ${server.demo.tokens.admin}` })).json()) as {
      result: { tools: Array<{ name: string; inputSchema: { properties?: Record<string, { description?: string }> } }> };
    };
    const undescribed = listed.result.tools.flatMap((tool) =>
      Object.entries(tool.inputSchema.properties ?? {})
        .filter(([, schema]) => !schema.description)
        .map(([argument]) => `${tool.name}.${argument}`),
    );
    expect(undescribed).toEqual([]);
  });

  /** The descriptions of the tools a Member's agent is listed, by name. */
  const descriptions = async () => {
    const listed = (await (await rpc("tools/list", {})).json()) as { result: { tools: Array<{ name: string; description: string }> } };
    return Object.fromEntries(listed.result.tools.map((t) => [t.name, t.description]));
  };

  test("list_features and get_feature name a feature's fields as its JSON does (kind, severityFloor, code, openFeedbacks), not as SPEC's prose (type)", async () => {
    const { list_features, get_feature } = await descriptions();
    for (const description of [list_features!, get_feature!]) {
      expect(["kind", "severityFloor", "code", "openFeedbacks"].filter((field) => !description.includes(field))).toEqual([]);
      expect(description).not.toContain("type");
    }
  });

  /** The description of one argument of a tool, as tools/list gives its input schema. */
  const argument = async (tool: string, name: string): Promise<string> => {
    const listed = (await (await rpc("tools/list", {})).json()) as { result: { tools: Array<{ name: string; inputSchema: any }> } };
    return listed.result.tools.find((t) => t.name === tool)!.inputSchema.properties[name].description;
  };

  test("add_comment's text says it is the comment's text, not only its length", async () => {
    expect(await argument("add_comment", "text")).toStartWith("The comment's text: at most 5000 characters");
  });

  test("create_report's title says a longer one is cut to 200 characters, as it is", async () => {
    expect(await argument("create_report", "title")).toContain("a longer one is cut to 200 characters");
  });

  test("update_feedback says the owner may be me, as its argument takes it", async () => {
    expect((await descriptions()).update_feedback).toContain("owner (a member's e-mail, me for your person, or null)");
  });
});
