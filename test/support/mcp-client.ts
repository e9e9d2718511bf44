import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { FormBrowser } from "./browser.ts";

export const REDIRECT_URI = "http://127.0.0.1:9/callback";

/** A tools/call as a client posts it to `/mcp` without a session, bearing `token`: for tests of one call's answer on the wire. */
export const toolCall = (origin: string, token: string, name: string, args: Record<string, unknown>): Request =>
  new Request(`${origin}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });

/** An OAuthClientProvider that keeps everything in memory and records where it was sent to authorize. */
class MemoryOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;

  constructor(private readonly scope?: string) {}

  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Test Agent",
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      ...(this.scope && { scope: this.scope }),
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * Connects the official MCP client to /mcp, going through discovery, registration, the real
 * sign-in and consent forms (as `email`), and the token exchange.
 */
export async function connectAgent(
  baseUrl: string,
  person: { email: string; password: string },
  options: { scope?: string; decision?: "allow" | "deny" } = {},
) {
  const provider = new MemoryOAuthProvider(options.scope);
  const mcpUrl = new URL(`${baseUrl}/mcp`);
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  const client = new Client({ name: "test-agent", version: "1.0.0" });
  await client.connect(first).then(
    () => {
      throw new Error("connected without authorization");
    },
    (error: Error) => {
      if (!(error instanceof UnauthorizedError)) throw error;
    },
  );
  const browser = new FormBrowser(baseUrl);
  const authorize = provider.authorizationUrl!;
  let response = await browser.fetch(authorize.href);
  if (response.status === 303) {
    const loginPage = await (await browser.fetch(response.headers.get("location")!)).text();
    response = await browser.submit(loginPage, person);
    response = await browser.fetch(response.headers.get("location")!);
  }
  const consent = await response.text();
  const decided = await browser.submit(consent, { decision: options.decision ?? "allow" });
  const back = new URL(decided.headers.get("location")!);
  const code = back.searchParams.get("code");
  if (!code) return { provider, client: null, redirect: back, consent, browser };
  await first.finishAuth(code);
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  const connected = new Client({ name: "test-agent", version: "1.0.0" });
  await connected.connect(transport);
  return { provider, client: connected, redirect: back, consent, browser };
}
