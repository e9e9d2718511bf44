import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { authenticate } from "../../core/access.ts";
import { can, OPERATIONS, personOf } from "../../core/authorization.ts";
import { type ErrorBody, type Failure, fail } from "../../core/errors.ts";
import { mergedAway } from "../../core/feedback/find-feedback.ts";
import type { Grant, Scope } from "../../core/model.ts";
import { addressFor, type Resources, resourcesOf } from "../../core/oauth/resources.ts";
import type { Services } from "../../core/services.ts";
import { checkRateLimit } from "../../core/rate-limits/check-rate-limit.ts";
import { checkArguments, instructionsFor, type Tool, TOOLS } from "./tools.ts";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

const importSdk = async () => {
  const [server, transport, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return { ...server, ...transport, ...types };
};
type Sdk = Awaited<ReturnType<typeof importSdk>>;
let sdk: Promise<Sdk> | null = null;
/** The MCP SDK, loaded with the first MCP request: a server that has not served one started about 75 ms sooner. */
const loadSdk = (): Promise<Sdk> => (sdk ??= importSdk());

/** JSON Schema without TypeBox's symbols and ids, as MCP clients expect. */
const plain = (schema: unknown) => {
  const { $id: _, ...rest } = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  return { type: "object", ...rest };
};

/** How refusals are said: the HTTP adapter's `{error, code}` bodies and statuses, given by the composition root. */
interface Refusals {
  /** The body of a refused tool call, in the language of the request's Accept-Language, as every error's. */
  readonly describe: (failure: Failure, request: Request) => ErrorBody;
  /** The same for a call refused for its arguments, in a tool's words (argument, not request body). */
  readonly describeArguments: (failure: Failure, request: Request) => ErrorBody;
  /** A refused HTTP request, with the status of its code. */
  readonly refuse: (request: Request, failure: Failure, headers?: Record<string, string>) => Response;
}

/** What one request's tool calls leave for its HTTP answer: the scopes to ask for, and the first error thrown. */
interface CallsOutcome {
  readonly lacking: Set<Scope>;
  thrown?: unknown;
}

/**
 * The server for one request. Its tools authorize in their use cases; a call refused for a scope the
 * token lacks (though the role allows it) leaves that scope in `lacking`, for the HTTP answer to ask for.
 */
function mcpServer(sdk: Sdk, services: Services, grant: Grant, refusals: Refusals, outcome: CallsOutcome, request: Request): Server {
  const { Server, CallToolRequestSchema, ListToolsRequestSchema } = sdk;
  const toolError = (failure: Failure, tool?: Tool): CallToolResult => {
    const body = failure.code === tool?.invalidInput ? refusals.describeArguments(failure, request) : refusals.describe(failure, request);
    return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };
  };
  // A tool the grant can never reach is not shown, nor told of. An agent's reach is its person's role: it may be
  // authorized again for a scope it lacks, so it is shown the tool and asked to. A personal token's or an API
  // key's reach is its own scopes: no authorization widens them.
  const reach = canAuthorizeAgain(grant) ? personOf(grant) : grant;
  const server = new Server({ name: "retour", version: "1.0.0" }, { capabilities: { tools: {} }, instructions: instructionsFor(reach) });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.filter((t) => can(reach, t.operation)).map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: plain(t.input),
      outputSchema: plain(t.output),
      annotations: { title: t.title, ...t.annotations },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    // A tool that does not exist is the protocol's error, not a tool's failure (MCP: -32602, invalid params).
    if (!tool) throw new sdk.McpError(sdk.ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = request.params.arguments ?? {};
    const refused = checkArguments(tool, args);
    if (refused) return toolError(refused, tool);
    // Thrown (a bug, a store that cannot write), the SDK would answer its message as the call's error: kept, the
    // request is answered as any route's thrown error is, a logged 500 or a 503 to retry, saying nothing of it.
    const result = await tool.run(services, grant, args).catch((error: unknown) => {
      outcome.thrown ??= error;
      throw error;
    });
    const scope = OPERATIONS[tool.operation].scope;
    if (!result.ok && result.code === "insufficient_scope" && scope && canAuthorizeAgain(grant)) outcome.lacking.add(scope);
    if (!result.ok) return toolError(result, tool);
    const value = result.value as Record<string, unknown>;
    const notes = [
      typeof value.mergedInto === "string" ? mergedNote(tool, String(args.key), value.mergedInto) : "",
      tool.name === "merge_feedbacks" && mergedAway(value as { key: string; id: string }, String(args.into))
        ? `${String(args.into)} was merged into ${String(value.key)} before: ${String(args.key)} was merged there.`
        : "",
      tool.name === "get_feedback" && value.fullContext === null
        ? "The full debugging context is absent: it comes with the full-context add-on (Growth and Enterprise plans)."
        : "",
    ].filter(Boolean);
    // The notes first, each a text of its own: a model reads the start, and get_feedback's JSON runs to
    // kilobytes; the JSON is a text of its own too, the same as structuredContent.
    const texts = [...notes, JSON.stringify(value)].map((text) => ({ type: "text" as const, text }));
    return { content: texts, structuredContent: value };
  });
  return server;
}

/** An OAuth agent can be authorized again, with more scopes; a personal token or an API key cannot. */
const canAuthorizeAgain = (grant: Grant): boolean => grant.agentId !== null;

/** What a model must know first when the key it named was merged: the feedback answered, listed from, or changed, is another. */
function mergedNote(tool: Tool, key: string, into: string): string {
  if (tool.name === "list_similar_feedbacks") return `${key} was merged into ${into}, whose similar feedbacks these are.`;
  return tool.annotations.readOnlyHint
    ? `${key} was merged into ${into}, which is shown here.`
    : `${key} was merged into ${into}: the change was made there.`;
}

/**
 * Refuses cross-site pages and rebinding host names before anything else (DNS rebinding
 * protection); the reason says which address to use instead.
 */
function foreignRequest(request: Request, resources: Resources): string | null {
  const base = new URL(resources.service);
  const origin = request.headers.get("origin");
  // An origin that is not a URL (`null`, from a sandboxed page or a file) is as foreign as any other.
  if (origin && origin !== base.origin && !(URL.canParse(origin) && LOOPBACK_HOSTS.has(new URL(origin).hostname))) {
    return `Forbidden origin ${origin}: only pages of ${base.origin} or of this machine may call this server.`;
  }
  const host = request.headers.get("host") ?? "";
  const hostname = host.replace(/:\d+$/, "");
  // Loopback names stay allowed: a reverse proxy on the same machine often forwards its upstream's.
  if (hostname === base.hostname || LOOPBACK_HOSTS.has(hostname)) return null;
  return `Host ${host} is not this server's address, ${resources.service}, as BASE_URL sets it (this machine's, while it is not set). Point the client at ${resources.mcp}, or set BASE_URL to the address clients use.`;
}

/** A tools/call whose arguments are not an object: JSON-RPC's invalid params, before the SDK's own schema turns it into an internal error. */
function invalidParams(message: unknown): object | null {
  const m = message as { method?: unknown; id?: unknown; params?: { arguments?: unknown } } | null;
  if (m?.method !== "tools/call") return null;
  const args = m.params?.arguments;
  if (args === undefined || (args !== null && typeof args === "object" && !Array.isArray(args))) return null;
  return { jsonrpc: "2.0", id: m.id ?? null, error: { code: -32602, message: "Invalid params: arguments must be an object" } };
}

const jsonRpcError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

interface McpLimits {
  /** The token's API budget, shared with its REST calls. */
  readonly apiPerMinute: number;
  /** The collection budget of a client address, in which create_report also counts. */
  readonly reportsPerMinute: number;
}

/** The messages of a body: a JSON-RPC batch, which protocol versions before 2025-06-18 allow, carries several. */
const messagesOf = (body: unknown): unknown[] => (Array.isArray(body) ? body : [body]);

/** How many reports a body sends: each create_report call in it. */
const reportsSent = (body: unknown): number =>
  messagesOf(body).filter(
    (m) => (m as { method?: unknown })?.method === "tools/call" && (m as { params?: { name?: unknown } }).params?.name === "create_report",
  ).length;

/**
 * The MCP server at /mcp: Streamable HTTP without session, one server and transport per request.
 * Authorization is the OAuth access token; the agent acts with its person's current rights, within
 * the same budgets as the REST API.
 */
export function createMcpHandler(
  services: Services,
  limits: McpLimits,
  refusals: Refusals,
): (request: Request, clientAddress: string) => Promise<Response> {
  const resources = resourcesOf(services.baseUrl, services.addressAliases);
  return async (request, clientAddress) => {
    /** Counts `times` calls against a budget, as that many requests would; the refusal once one is over it. */
    const admit = async (subject: string, limit: number, times = 1): Promise<Response | null> => {
      for (let i = 0; i < times; i++) {
        const limited = await checkRateLimit(services.store, services.clock, subject, limit);
        if (!limited.ok) return refusals.refuse(request, limited);
      }
      return null;
    };
    const foreign = foreignRequest(request, resources);
    if (foreign) return jsonRpcError(403, foreign);
    const metadata = `${addressFor(resources, new URL(request.url).origin)}/.well-known/oauth-protected-resource/mcp`;
    if (request.method !== "POST") return jsonRpcError(405, "Method not allowed: this server has no sessions", { allow: "POST" });
    const authenticated = await authenticate(services, request.headers.get("authorization"), { resources, where: "mcp" });
    if (!authenticated.ok) {
      const error = authenticated.code === "invalid_token" ? ', error="invalid_token"' : "";
      return refusals.refuse(request, authenticated, { "www-authenticate": `Bearer resource_metadata="${metadata}"${error}` });
    }
    const grant = authenticated.value;
    const overApi = await admit(`api:${grant.tokenId}`, limits.apiPerMinute);
    if (overApi) return overApi;
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null }), {
        status: 400,
        headers: { "content-type": "application/json" },
      });
    }
    // Each message of a batch is a call of its own: counted once for the request, a batch of a hundred
    // (the SDK's most) would make a hundred calls, and send a hundred reports, on one request's budget.
    const overBatch = await admit(`api:${grant.tokenId}`, limits.apiPerMinute, messagesOf(body).length - 1);
    if (overBatch) return overBatch;
    const overReports = await admit(`reports:${clientAddress}`, limits.reportsPerMinute, reportsSent(body));
    if (overReports) return overReports;
    const invalid = messagesOf(body)
      .map(invalidParams)
      .filter((e) => e !== null);
    if (invalid.length > 0) {
      return new Response(JSON.stringify(Array.isArray(body) ? invalid : invalid[0]), { headers: { "content-type": "application/json" } });
    }
    const sdk = await loadSdk();
    const transport = new sdk.WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const outcome: CallsOutcome = { lacking: new Set() };
    const server = mcpServer(sdk, services, grant, refusals, outcome, request);
    await server.connect(transport);
    try {
      const answer = await transport.handleRequest(request, {
        parsedBody: body,
        authInfo: { token: "", clientId: grant.agentId ?? "personal", scopes: [...grant.scopes] },
      });
      if (outcome.thrown !== undefined) throw outcome.thrown;
      const { lacking } = outcome;
      if (lacking.size === 0) return answer;
      // The person could allow this: ask the client to authorize again with the scope (RFC 6750 §3.1).
      return refusals.refuse(request, fail("insufficient_scope"), {
        "www-authenticate": `Bearer error="insufficient_scope", scope="${[...grant.scopes, ...lacking].join(" ")}", resource_metadata="${metadata}"`,
      });
    } finally {
      void server.close();
    }
  };
}
