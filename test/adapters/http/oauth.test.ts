import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { buttonNames } from "../../support/button-names.ts";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());
const { get } = jsonClient(() => server);
const send = (url: string, init?: RequestInit) => server.fetch(url, init);

/**
 * A browser of a person of their own, at an address of its own: the file signs in far more often
 * than the 30 sign-ins a minute one address may make, which a slow run would otherwise crowd into
 * one minute. A browser given an address keeps it.
 */
let addresses = 0;
const personBrowser = (headers: Record<string, string> = {}) =>
  new FormBrowser(server.url, { "x-test-client-address": `198.51.100.${++addresses}`, ...headers }, server.handle);

const REDIRECT = "http://127.0.0.1:9/cb";
const base64url = (b: Buffer) => b.toString("base64url");

async function register(redirectUris = [REDIRECT], name = "Rule Tester") {
  const res = await send(`${server.url}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: name, redirect_uris: redirectUris }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function tokenRequest(form: Record<string, string>) {
  const res = await send(`${server.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

function authorizeUrl(clientId: string, params: Record<string, string | undefined>) {
  const url = new URL(`${server.url}/oauth/authorize`);
  const all = { response_type: "code", client_id: clientId, redirect_uri: REDIRECT, state: "st-123", resource: `${server.url}/mcp`, ...params };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/**
 * Which client is authorized (a new one unless named), what the consent form is sent with (the
 * organization chosen), and the browser the person is already signed in with (else a new sign-in).
 */
interface Authorizing {
  readonly clientId?: string;
  readonly consent?: Record<string, string>;
  readonly browser?: FormBrowser;
}

/** The demo member, signed in once for the tests that need no sign-in of their own (sign-ins from one address are limited a minute). */
let signedInMember: FormBrowser | undefined;
async function memberBrowser(): Promise<FormBrowser> {
  if (!signedInMember) {
    signedInMember = personBrowser();
    await signIn(signedInMember, server.demo.users.member.email, server.demo.users.member.password);
  }
  return signedInMember;
}

/** Runs the code flow for a person up to the code; returns what is needed to exchange it. */
async function authorizeCode(person: { email: string; password: string }, extra: Record<string, string | undefined> = {}, how: Authorizing = {}) {
  const clientId: string = how.clientId ?? (await register()).body.client_id;
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash("sha256").update(verifier).digest());
  const browser = how.browser ?? personBrowser();
  if (!how.browser) await signIn(browser, person.email, person.password);
  const consent = await (await browser.fetch(authorizeUrl(clientId, { code_challenge: challenge, code_challenge_method: "S256", ...extra }))).text();
  const answer = await browser.submit(consent, { decision: "allow", ...how.consent });
  // A redirect carries the code in its Location; for an application with its own scheme, the page
  // it leads to, in its address to go to.
  const allowed = { status: answer.status, location: answer.headers.get("location") };
  const handedOver = allowed.location === "/oauth/handed-over" ? await (await browser.fetch(allowed.location)).text() : undefined;
  const location = new URL(handedOver ? handedTo(handedOver) : allowed.location!);
  return { clientId, verifier, code: location.searchParams.get("code")!, location, allowed, handedOver, browser };
}

/** Where the page that says an authorization request is wrong sends its error back, by its link (never a redirect). */
async function errorLink(res: Response): Promise<URL> {
  expect([res.status, res.headers.get("location")]).toEqual([400, null]);
  return new URL(/<p><a href="([^"]+)">/.exec(await res.text())![1]!.replaceAll("&amp;", "&"));
}

/** Where the page that follows Allow for an application with its own scheme sends the browser at once. */
const handedTo = (page: string) => /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(page)![1]!.replaceAll("&amp;", "&");

async function connect(person: { email: string; password: string }, extra: Record<string, string | undefined> = {}, how: Authorizing = {}) {
  const flow = await authorizeCode(person, extra, how);
  const tokens = await tokenRequest({
    grant_type: "authorization_code",
    code: flow.code,
    redirect_uri: extra.redirect_uri ?? REDIRECT,
    client_id: flow.clientId,
    code_verifier: flow.verifier,
  });
  expect(tokens.status).toBe(200);
  return { ...flow, tokens: tokens.body };
}

const mcpStatus = async (accessToken: string) =>
  (
    await send(`${server.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    })
  ).status;

describe("authorization server metadata", () => {
  test("RFC 8414 metadata announces the four endpoints, S256 only, code only, and public clients", async () => {
    const meta = (await get(`${server.url}/.well-known/oauth-authorization-server`)).body;
    expect(meta).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      registration_endpoint: `${server.url}/oauth/register`,
      revocation_endpoint: `${server.url}/oauth/revoke`,
      scopes_supported: ["feedbacks:read", "reports:write", "feedbacks:write"],
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
    });
    expect(meta.token_endpoint_auth_methods_supported).toContain("none");
    expect(meta.grant_types_supported).toEqual(["authorization_code", "refresh_token"]);
  });

  test("RFC 8414 metadata says every authorization response names its issuer (RFC 9207)", async () => {
    const meta = (await get(`${server.url}/.well-known/oauth-authorization-server`)).body;
    expect(meta.authorization_response_iss_parameter_supported).toBe(true);
  });

  test("RFC 9728 metadata for the REST API, at the well-known path followed by the resource's own (/v1), naming it", async () => {
    expect((await get(`${server.url}/.well-known/oauth-protected-resource/v1`)).body).toMatchObject({
      resource: `${server.url}/v1`,
      authorization_servers: [server.url],
    });
  });

  test("RFC 9728 metadata at the bare well-known path names the service itself, whose token reads the REST API and opens /mcp", async () => {
    expect((await get(`${server.url}/.well-known/oauth-protected-resource`)).body).toMatchObject({
      resource: server.url,
      authorization_servers: [server.url],
    });
  });
});

describe("dynamic client registration (RFC 7591)", () => {
  test("accepts https and loopback http redirect URIs and echoes client_id, redirect_uris and client_name", async () => {
    const res = await register(["https://agent.example/cb", "http://localhost:8080/cb", "http://[::1]:7/cb"]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      client_name: "Rule Tester",
      redirect_uris: ["https://agent.example/cb", "http://localhost:8080/cb", "http://[::1]:7/cb"],
      token_endpoint_auth_method: "none",
    });
    expect(typeof res.body.client_id).toBe("string");
  });

  test("refuses http on a non-loopback host, and a missing redirect_uris", async () => {
    expect((await register(["http://agent.example/cb"])).body.error).toBe("invalid_redirect_uri");
    const res = await send(`${server.url}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(await res.json()).toEqual({
      error: "invalid_client_metadata",
      error_description: "redirect_uris (a non-empty array of at most 10 addresses, each of at most 2000 characters) is required",
    });
  });

  test("an application's own scheme is registered (Cursor's cursor://); a scheme the browser acts on itself is invalid_redirect_uri", async () => {
    expect((await register(["cursor://anysphere.cursor-mcp/oauth/callback", "com.example.app:/oauth2redirect"])).status).toBe(201);
    for (const uri of ["javascript:alert(1)//", "data:text/html,hi", "file:///etc/passwd", "blob:https://a.example/x", "ws://agent.example/cb"]) {
      const res = await register([uri]);
      expect({ uri, error: res.body.error }).toEqual({ uri, error: "invalid_redirect_uri" });
    }
  });

  test("a field of the wrong type is named in the refusal, not redirect_uris", async () => {
    const body = JSON.stringify({ redirect_uris: ["https://a.example/cb"], client_name: { a: 1 } });
    const res = await send(`${server.url}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(await res.json()).toEqual({
      error: "invalid_client_metadata",
      error_description: "client_name: expected a text of at most 200 characters",
    });
  });
});

describe("authorization requests", () => {
  test("without a session, the person is sent to the login page and back", async () => {
    const client = (await register()).body;
    const browser = personBrowser();
    const res = await browser.fetch(authorizeUrl(client.client_id, { code_challenge: "a".repeat(43), code_challenge_method: "S256" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toStartWith("/login?next=%2Foauth%2Fauthorize");
  });

  test("PKCE is mandatory: a missing challenge and the plain method are refused, the page's link taking invalid_request back to the client with state", async () => {
    const client = (await register()).body;
    const browser = personBrowser();
    for (const params of [{}, { code_challenge: "a".repeat(43), code_challenge_method: "plain" }, { code_challenge: "a".repeat(43) }]) {
      const location = await errorLink(await browser.fetch(authorizeUrl(client.client_id, params)));
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(location.searchParams.get("error")).toBe("invalid_request");
      expect(location.searchParams.get("state")).toBe("st-123");
    }
  });

  test("a wrong request is said on a page, never redirected at once, since anyone may register a client: its link takes the error back, the address in sight", async () => {
    const client = (await register(["https://elsewhere.example/land"], "Lookalike")).body;
    const res = await personBrowser().fetch(
      authorizeUrl(client.client_id, {
        redirect_uri: "https://elsewhere.example/land",
        response_type: "token",
        code_challenge: "a".repeat(43),
        code_challenge_method: "S256",
      }),
    );
    expect([res.status, res.headers.get("location")]).toEqual([400, null]);
    const page = await res.text();
    expect(page).toContain('<p class="error">Lookalike sent a request this service cannot accept: <code>response_type must be code</code></p>');
    expect(page).toContain('<p class="muted">You will be sent back to <code>https://elsewhere.example/land</code>.</p>');
    expect(/<a href="([^"]+)">Go back to Lookalike with this error<\/a>/.exec(page)?.[1]).toBe(
      "https://elsewhere.example/land?error=unsupported_response_type&amp;error_description=response_type+must+be+code&amp;state=st-123&amp;iss=http%3A%2F%2Flocalhost%3A3000",
    );
    const french = await personBrowser({ "accept-language": "fr" }).fetch(
      authorizeUrl(client.client_id, { redirect_uri: "https://elsewhere.example/land" }),
    );
    expect(await french.text()).toContain("Lookalike a envoyé une demande que ce service ne peut pas accepter\u202f: <code>");
  });

  test("an unregistered redirect URI is never redirected to", async () => {
    const client = (await register()).body;
    const res = await personBrowser().fetch(
      authorizeUrl(client.client_id, { redirect_uri: "https://evil.example/cb", code_challenge: "a".repeat(43), code_challenge_method: "S256" }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    const page = await res.text();
    expect(page).toContain("This application asked to be sent back to an address it did not register.");
    // What to do next, beside what is wrong.
    expect(page).toContain("Go back to the application and connect it again.");
  });

  test("an unknown client is refused on a page in the browser's language", async () => {
    const res = await personBrowser({ "accept-language": "fr-FR,fr;q=0.9" }).fetch(
      authorizeUrl("no-such-client", { code_challenge: "a".repeat(43), code_challenge_method: "S256" }),
    );
    expect([res.status, res.headers.get("location")]).toEqual([400, null]);
    const page = await res.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain("Cette application n’est pas connue de ce service, ou ne l’est plus.");
  });

  test("the consent page speaks French to a French browser, as the sign-in page before it", async () => {
    const client = (await register()).body;
    const french = { "accept-language": "fr-FR,fr;q=0.9" };
    const browser = personBrowser(french);
    await signIn(browser, server.demo.users.member.email, server.demo.users.member.password);
    const consent = await (
      await browser.fetch(authorizeUrl(client.client_id, { code_challenge: "a".repeat(43), code_challenge_method: "S256" }))
    ).text();
    expect(consent).toContain('<html lang="fr">');
    expect(consent).toContain("<h1>Autoriser Rule Tester\u202f?</h1>");
    expect(consent).toContain('<button type="submit" name="decision" value="allow">Autoriser</button>');
    expect(consent).toContain("Il pourra\u202f:");
    expect(consent).toContain("<p>Organisation\u202f: <strong>Demo</strong></p>");
  });

  test("the consent screen names every field Update lets an agent change, as update_feedback_status and update_feedback take them, in English and French", async () => {
    const client = (await register()).body;
    const said = async (language: string) => {
      const browser = personBrowser({ "accept-language": language });
      await signIn(browser, server.demo.users.member.email, server.demo.users.member.password);
      const consent = await (
        await browser.fetch(authorizeUrl(client.client_id, { code_challenge: "a".repeat(43), code_challenge_method: "S256" }))
      ).text();
      return /<li><strong>(?:Update|Modifier)<\/strong>[^<]*?\(([^)]*)\)/.exec(consent)?.[1];
    };
    expect(await said("en")).toBe("status, owner, due date, severity, kind, feature, title, tags");
    expect(await said("fr")).toBe("statut, responsable, échéance, gravité, type, fonctionnalité, titre, étiquettes");
  });

  test("the consent screen says where the person is sent back, and that Update e-mails followers when a status is set to Delivered or a comment is public, in English and French", async () => {
    const client = (await register()).body;
    const browser = await memberBrowser();
    const consent = async (language: string) =>
      (
        await browser.fetch(authorizeUrl(client.client_id, { code_challenge: "a".repeat(43), code_challenge_method: "S256" }), {
          headers: { "accept-language": language },
        })
      ).text();
    const english = await consent("en");
    expect(english).toContain(`<p class="muted">You will be sent back to <code>${REDIRECT}</code>.</p>`);
    expect(english).toContain(
      "Setting a status to Delivered e-mails the feedback&#39;s followers; comments may be public replies, e-mailed to them too</li>",
    );
    expect(await consent("fr")).toContain(
      "Passer un statut à Livré écrit aux abonnés du retour\u202f; un commentaire peut être une réponse publique, qui leur est aussi envoyée</li>",
    );
  });

  test("another resource than this service's is invalid_target", async () => {
    const client = (await register()).body;
    const res = await personBrowser().fetch(
      authorizeUrl(client.client_id, { resource: "https://other.example/mcp", code_challenge: "a".repeat(43), code_challenge_method: "S256" }),
    );
    expect((await errorLink(res)).searchParams.get("error")).toBe("invalid_target");
  });

  test("the consent page cannot be framed and its form is protected against CSRF", async () => {
    const client = (await register()).body;
    const browser = personBrowser();
    await signIn(browser, server.demo.users.member.email, server.demo.users.member.password);
    const res = await browser.fetch(authorizeUrl(client.client_id, { code_challenge: "a".repeat(43), code_challenge_method: "S256" }));
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const page = await res.text();
    const forged = await browser.submit(page.replace(/name="csrf" value="[^"]*"/, 'name="csrf" value="forged"'), { decision: "allow" });
    expect(forged.status).toBe(403);
  });

  test("an application with its own scheme gets its code there, the consent page's form going to this service alone, and the code is exchanged for a token", async () => {
    const redirect = "cursor://anysphere.cursor-mcp/oauth/callback";
    const clientId = (await register([redirect], "Cursor")).body.client_id;
    const browser = personBrowser();
    await signIn(browser, server.demo.users.member.email, server.demo.users.member.password);
    const consent = await browser.fetch(
      authorizeUrl(clientId, { redirect_uri: redirect, code_challenge: "a".repeat(43), code_challenge_method: "S256" }),
    );
    expect(consent.headers.get("content-security-policy")).toContain("form-action 'self';");
    const flow = await connect(server.demo.users.member, { redirect_uri: redirect }, { clientId, browser });
    expect(`${flow.location.protocol}//${flow.location.host}${flow.location.pathname}`).toBe(redirect);
    expect(flow.location.searchParams.get("state")).toBe("st-123");
    expect(await mcpStatus(flow.tokens.access_token)).toBe(200);
  });

  test("after Allow, an application with its own scheme gets a page that goes to its code's address at once, says so, and links to it; the consent page is gone", async () => {
    const redirect = "cursor://anysphere.cursor-mcp/oauth/callback";
    const clientId = (await register([redirect], "Cursor")).body.client_id;
    const flow = await authorizeCode(server.demo.users.member, { redirect_uri: redirect }, { clientId, browser: await memberBrowser() });
    expect([flow.allowed.status, flow.allowed.location]).toEqual([303, "/oauth/handed-over"]);
    const link = flow.location.href.replaceAll("&", "&amp;");
    expect(flow.handedOver).toContain(
      `<h1>Retour sent you back to Cursor.</h1><p>You can close this tab.</p><p><a href="${link}">Open Cursor again</a></p>`,
    );
    expect([flow.location.searchParams.get("state"), flow.code.length > 0]).toEqual(["st-123", true]);
  });

  test("the page that hands the code over shows it once: reloaded, it has no code left to give", async () => {
    const redirect = "cursor://anysphere.cursor-mcp/oauth/callback";
    const clientId = (await register([redirect], "Cursor")).body.client_id;
    const browser = await memberBrowser();
    const flow = await authorizeCode(server.demo.users.member, { redirect_uri: redirect }, { clientId, browser });
    const again = await (await browser.fetch("/oauth/handed-over")).text();
    expect(again).toContain("<h1>Your application has its answer</h1>");
    expect(again).not.toContain(flow.code);
    expect(again).not.toContain("http-equiv");
  });

  test("an application whose answer is too long for the page that hands it over to keep (a state of thousands of characters) gets it from the consent's answer itself", async () => {
    const redirect = "cursor://anysphere.cursor-mcp/oauth/callback";
    const clientId = (await register([redirect], "Cursor")).body.client_id;
    const browser = await memberBrowser();
    const state = "s".repeat(3500);
    const consent = await browser.fetch(
      authorizeUrl(clientId, { redirect_uri: redirect, state, code_challenge: "a".repeat(43), code_challenge_method: "S256" }),
    );
    const answer = await browser.submit(await consent.text(), { decision: "allow" });
    expect([answer.status, answer.headers.get("location")]).toEqual([200, null]);
    const location = new URL(handedTo(await answer.text()));
    expect([`${location.protocol}//${location.host}${location.pathname}`, location.searchParams.get("state")]).toEqual([redirect, state]);
    expect(location.searchParams.get("code")).toBeString();
  });

  test("an application at an address a CSP cannot name ([::1], a host with _) gets its code, and its denial, through the page that hands them over", async () => {
    for (const redirect of ["http://[::1]:33418/callback", "https://my_app.example/cb"]) {
      const clientId = (await register([redirect], "Loopback six")).body.client_id;
      const browser = await memberBrowser();
      const flow = await connect(server.demo.users.member, { redirect_uri: redirect }, { clientId, browser });
      expect([flow.allowed.location, `${flow.location.origin}${flow.location.pathname}`]).toEqual(["/oauth/handed-over", redirect]);
      const consent = await browser.fetch(
        authorizeUrl(clientId, { redirect_uri: redirect, code_challenge: "a".repeat(43), code_challenge_method: "S256" }),
      );
      expect(consent.headers.get("content-security-policy")).toContain("form-action 'self';");
      const denied = await browser.submit(await consent.text(), { decision: "deny" });
      expect(denied.headers.get("location")).toBe("/oauth/handed-over");
      const handedOver = await (await browser.fetch("/oauth/handed-over")).text();
      expect(new URL(handedTo(handedOver)).searchParams.get("error")).toBe("access_denied");
    }
  });

  test("after Allow, an https or loopback application gets its code by a redirect, as before", async () => {
    for (const redirect of ["https://agent.example/cb", REDIRECT]) {
      const clientId = (await register([redirect])).body.client_id;
      const flow = await authorizeCode(server.demo.users.member, { redirect_uri: redirect }, { clientId, browser: await memberBrowser() });
      expect([flow.allowed.status, flow.location.origin + flow.location.pathname]).toEqual([303, redirect]);
    }
  });

  test("a local application gets its code on the port it listens on now, not only the one it registered, and exchanges it there (RFC 8252 §7.3)", async () => {
    const clientId = (await register(["http://127.0.0.1:33418/callback"])).body.client_id;
    const now = "http://127.0.0.1:51234/callback";
    const flow = await connect(server.demo.users.member, { redirect_uri: now }, { clientId, browser: await memberBrowser() });
    expect([flow.allowed.status, flow.location.origin + flow.location.pathname]).toEqual([303, now]);
    expect(flow.tokens.access_token).toBeString();
  });

  test("deny sends access_denied back with the state unchanged", async () => {
    const client = (await register()).body;
    const browser = personBrowser();
    await signIn(browser, server.demo.users.member.email, server.demo.users.member.password);
    const page = await (
      await browser.fetch(authorizeUrl(client.client_id, { state: "keep/this=1", code_challenge: "a".repeat(43), code_challenge_method: "S256" }))
    ).text();
    const location = new URL((await browser.submit(page, { decision: "deny" })).headers.get("location")!);
    expect([location.searchParams.get("error"), location.searchParams.get("state")]).toEqual(["access_denied", "keep/this=1"]);
  });

  test("every authorization response names the issuer of the metadata in iss (RFC 9207): a code, a denial, an error, and a code handed over by the page", async () => {
    const { issuer } = (await get(`${server.url}/.well-known/oauth-authorization-server`)).body;
    expect((await authorizeCode(server.demo.users.member, {}, { browser: await memberBrowser() })).location.searchParams.get("iss")).toBe(issuer);
    const browser = await memberBrowser();
    const client = (await register()).body;
    const page = await (
      await browser.fetch(authorizeUrl(client.client_id, { code_challenge: "a".repeat(43), code_challenge_method: "S256" }))
    ).text();
    const denied = new URL((await browser.submit(page, { decision: "deny" })).headers.get("location")!);
    expect([denied.searchParams.get("error"), denied.searchParams.get("iss")]).toEqual(["access_denied", issuer]);
    const wrong = await errorLink(await browser.fetch(authorizeUrl(client.client_id, { code_challenge_method: "plain", code_challenge: "x" })));
    expect([wrong.searchParams.get("error"), wrong.searchParams.get("iss")]).toEqual(["invalid_request", issuer]);
    const redirect = "cursor://anysphere.cursor-mcp/oauth/callback";
    const cursor = (await register([redirect], "Cursor")).body.client_id;
    const handed = await authorizeCode(server.demo.users.member, { redirect_uri: redirect }, { clientId: cursor, browser });
    expect([handed.allowed.location, handed.location.searchParams.get("iss")]).toEqual(["/oauth/handed-over", issuer]);
  });

  test("a client_id or redirect_uri given twice is refused on a page (RFC 6749 §3.1): no consent form to approve another, nothing redirected", async () => {
    const named = (await register([REDIRECT], "Trusted Agent")).body.client_id;
    const other = (await register(["https://elsewhere.example/cb"], "Other Agent")).body.client_id;
    for (const name of ["client_id", "redirect_uri"]) {
      const url = new URL(
        authorizeUrl(other, { redirect_uri: "https://elsewhere.example/cb", code_challenge: "a".repeat(43), code_challenge_method: "S256" }),
      );
      url.searchParams.append(name, name === "client_id" ? named : REDIRECT);
      const res = await (await memberBrowser()).fetch(url.href);
      expect([name, res.status, res.headers.get("location")]).toEqual([name, 400, null]);
      const page = await res.text();
      expect(page).toContain("This link names more than one application, or more than one address to send you back to, so it cannot be trusted.");
      expect(page).not.toContain('name="decision"');
    }
  });

  test("another parameter given twice is said on a page whose link takes invalid_request, naming it, back to the client", async () => {
    const client = (await register()).body.client_id;
    const url = new URL(authorizeUrl(client, { code_challenge: "a".repeat(43), code_challenge_method: "S256" }));
    url.searchParams.append("scope", "feedbacks:read");
    url.searchParams.append("scope", "feedbacks:write");
    const sent = await errorLink(await (await memberBrowser()).fetch(url.href));
    expect(`${sent.origin}${sent.pathname}`).toBe(REDIRECT);
    expect([sent.searchParams.get("error"), sent.searchParams.get("error_description")]).toEqual([
      "invalid_request",
      "scope is given more than once",
    ]);
  });

  test("a parameter the authorization request does not know is ignored, however often it is given", async () => {
    const url = new URL(authorizeUrl((await register()).body.client_id, { code_challenge: "a".repeat(43), code_challenge_method: "S256" }));
    url.searchParams.append('utm_"source', "a");
    url.searchParams.append('utm_"source', "b");
    const response = await (await memberBrowser()).fetch(url.href);
    expect([response.status, (await response.text()).includes('name="csrf"')]).toEqual([200, true]);
  });

  test("a scope an agent may not have is invalid_scope naming it and the scopes an agent may ask for", async () => {
    const client = (await register()).body.client_id;
    const url = authorizeUrl(client, { code_challenge: "a".repeat(43), code_challenge_method: "S256", scope: "feedbacks:read agents:manage" });
    const sent = await errorLink(await (await memberBrowser()).fetch(url));
    expect([sent.searchParams.get("error"), sent.searchParams.get("error_description")]).toEqual([
      "invalid_scope",
      "an agent may not ask for agents:manage; its scopes are feedbacks:read reports:write feedbacks:write",
    ]);
  });

  test("a refused scope outside what an error_description may hold (a quote, a long word, several) is not echoed back", async () => {
    const client = (await register()).body.client_id;
    for (const scope of ['feedbacks:read "><b>', `feedbacks:read ${"x".repeat(65)}`, "a b c d"]) {
      const url = authorizeUrl(client, { code_challenge: "a".repeat(43), code_challenge_method: "S256", scope });
      const sent = await errorLink(await (await memberBrowser()).fetch(url));
      expect([scope, sent.searchParams.get("error_description")]).toEqual([
        scope,
        "an agent may not ask for a scope that is not one of its; its scopes are feedbacks:read reports:write feedbacks:write",
      ]);
    }
  });

  test("allow returns the state unchanged with the code", async () => {
    const flow = await authorizeCode(server.demo.users.member, { state: "s t&ate" });
    expect(flow.location.searchParams.get("state")).toBe("s t&ate");
    expect(flow.code).toBeTruthy();
  });
});

describe("token endpoint", () => {
  test("a wrong code_verifier is invalid_grant", async () => {
    const flow = await authorizeCode(server.demo.users.member);
    const res = await tokenRequest({
      grant_type: "authorization_code",
      code: flow.code,
      redirect_uri: REDIRECT,
      client_id: flow.clientId,
      code_verifier: base64url(randomBytes(32)),
    });
    expect([res.status, res.body.error]).toEqual([400, "invalid_grant"]);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("a redirect_uri that differs from the authorization request is invalid_grant", async () => {
    const flow = await authorizeCode(server.demo.users.member);
    const res = await tokenRequest({
      grant_type: "authorization_code",
      code: flow.code,
      redirect_uri: "http://127.0.0.1:9/other",
      client_id: flow.clientId,
      code_verifier: flow.verifier,
    });
    expect(res.body.error).toBe("invalid_grant");
  });

  test("a code is single-use: a second use fails and revokes what the first use issued", async () => {
    const flow = await authorizeCode(server.demo.users.member);
    const form = {
      grant_type: "authorization_code",
      code: flow.code,
      redirect_uri: REDIRECT,
      client_id: flow.clientId,
      code_verifier: flow.verifier,
    };
    const first = await tokenRequest(form);
    expect(await mcpStatus(first.body.access_token)).toBe(200);
    expect((await tokenRequest(form)).body.error).toBe("invalid_grant");
    expect(await mcpStatus(first.body.access_token)).toBe(401);
  });

  test("a code expires quickly", async () => {
    const flow = await authorizeCode(server.demo.users.member);
    server.advanceClock(61_000);
    expect(
      (
        await tokenRequest({
          grant_type: "authorization_code",
          code: flow.code,
          redirect_uri: REDIRECT,
          client_id: flow.clientId,
          code_verifier: flow.verifier,
        })
      ).body.error,
    ).toBe("invalid_grant");
  });

  test("an unknown client is invalid_client, a missing one invalid_request naming client_id; an unknown grant type unsupported_grant_type", async () => {
    expect((await tokenRequest({ grant_type: "authorization_code", client_id: "nope" })).status).toBe(401);
    const missing = await tokenRequest({ grant_type: "authorization_code" });
    expect([missing.status, missing.body]).toEqual([400, { error: "invalid_request", error_description: "client_id is required" }]);
    const client = (await register()).body;
    expect((await tokenRequest({ grant_type: "password", client_id: client.client_id })).body.error).toBe("unsupported_grant_type");
  });

  test("a registration that is not JSON is refused as RFC 7591 says: 400 invalid_client_metadata", async () => {
    const res = await send(`${server.url}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "client_name=x",
    });
    expect([res.status, await res.json()]).toEqual([
      400,
      { error: "invalid_client_metadata", error_description: "the body must be a JSON object of client metadata" },
    ]);
  });

  test("refresh rotates the refresh token; presenting a used one revokes the whole grant", async () => {
    const { tokens, clientId } = await connect(server.demo.users.member);
    const rotated = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect(rotated.status).toBe(200);
    expect(await mcpStatus(rotated.body.access_token)).toBe(200);
    const replay = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect(replay.body.error).toBe("invalid_grant");
    expect(await mcpStatus(rotated.body.access_token)).toBe(401);
    expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: rotated.body.refresh_token, client_id: clientId })).body.error).toBe(
      "invalid_grant",
    );
  });
});

describe("a refresh that asks for scopes (RFC 6749 §6)", () => {
  test("fewer scopes than granted: the new access token has those alone, and the grant keeps the rest for the next refresh", async () => {
    const { tokens, clientId } = await connect(server.demo.users.member);
    expect(tokens.scope).toBe("feedbacks:read reports:write feedbacks:write");
    const narrowed = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      scope: "feedbacks:read",
    });
    expect([narrowed.status, narrowed.body.scope]).toEqual([200, "feedbacks:read"]);
    const write = await send(`${server.url}/v1/feedbacks/DEMO-1`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${narrowed.body.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ severity: "P2" }),
    });
    expect([write.status, (await write.json()).code]).toEqual([403, "insufficient_scope"]);
    const whole = await tokenRequest({ grant_type: "refresh_token", refresh_token: narrowed.body.refresh_token, client_id: clientId });
    expect(whole.body.scope).toBe("feedbacks:read reports:write feedbacks:write");
  });

  test("an unknown scope, or one beyond the grant, is invalid_scope, and the refresh token still works", async () => {
    const { tokens, clientId } = await connect(server.demo.users.reader);
    const ask = (scope: string) => tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId, scope });
    expect((await ask("feedbacks:read admin")).body.error).toBe("invalid_scope");
    expect((await ask("feedbacks:write")).body.error).toBe("invalid_scope");
    // An empty scope asks for nothing less: the grant's.
    const whole = await ask("");
    expect([whole.status, whole.body.scope]).toEqual([200, "feedbacks:read"]);
    expect(
      (await tokenRequest({ grant_type: "refresh_token", refresh_token: whole.body.refresh_token, client_id: clientId, scope: "feedbacks:read" }))
        .status,
    ).toBe(200);
  });

  test("a refresh asking for a scope an agent may not have says which, and the scopes an agent may ask for", async () => {
    const { tokens, clientId } = await connect(server.demo.users.member);
    const refused = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      scope: "feedbacks:read admin",
    });
    expect([refused.status, refused.body]).toEqual([
      400,
      { error: "invalid_scope", error_description: "an agent may not ask for admin; its scopes are feedbacks:read reports:write feedbacks:write" },
    ]);
  });
});

describe("resource binding", () => {
  test("a token issued for the REST API is refused by /mcp with invalid_token, and accepted by /v1", async () => {
    const { tokens } = await connect(server.demo.users.member, { resource: `${server.url}/v1` });
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    const refused = await send(`${server.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    // The refusal says a token may be for another resource: this one is valid, for /v1.
    expect(JSON.stringify(await refused.json())).toContain("or was issued for another resource (a token for /v1 does not open /mcp)");
    expect((await get(`${server.url}/v1/apps`, tokens.access_token)).status).toBe(200);
  });

  test("a token issued for /mcp also reads the REST API", async () => {
    const { tokens } = await connect(server.demo.users.member);
    expect((await get(`${server.url}/v1/apps`, tokens.access_token)).status).toBe(200);
  });
});

describe("agents and membership", () => {
  test("the Agents page of a Member has no Person column, header or cell: they see their own agents alone", async () => {
    const { browser } = await connect(server.demo.users.member, {}, { browser: await memberBrowser() });
    const table = /<table class="cards">[\s\S]*?<\/table>/.exec(await (await browser.fetch("/settings/agents")).text())![0];
    const headers = [...table.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(["Application", "Sent back to", "Can", "Connected", "Last used", ""]);
    const row = /<tbody><tr>([\s\S]*?)<\/tr>/.exec(table)![1]!;
    expect([...row.matchAll(/<td[ >]/g)].length).toBe(headers.length);
  });

  test("on an Admin's Agents page, each agent's Remove names the application, where it is sent back to and who connected it, to screen readers", async () => {
    await connect(server.demo.users.member);
    await connect(server.demo.users.admin);
    const admin = personBrowser();
    await signIn(admin, server.demo.users.admin.email, server.demo.users.admin.password);
    const names = buttonNames(await (await admin.fetch("/settings/agents")).text());
    expect(names).toEqual(
      expect.arrayContaining([
        "Remove Rule Tester (Local app on port\u00a09), connected by member@demo.test",
        "Remove Rule Tester (Local app on port\u00a09), connected by admin@demo.test",
      ]),
    );
    const french = buttonNames(await (await admin.fetch("/settings/agents", { headers: { "accept-language": "fr" } })).text());
    expect(french).toContain("Retirer Rule Tester (Application locale sur le port\u00a09), connecté par member@demo.test");
  });

  test("a person removes their agent in the Agents page; the next call gets 401 invalid_token", async () => {
    const { tokens, browser } = await connect(server.demo.users.member);
    const page = await (await browser.fetch("/settings/agents")).text();
    expect(page).toContain("Rule Tester");
    const form = /<form method="post" action="(\/settings\/agents\/[^"]+\/remove)"[^>]*>([\s\S]*?)<\/form>/.exec(page)!;
    const asked = await (await browser.submit(form[0], {}, form[1])).text();
    expect(asked).toMatch(/Remove Rule Tester, connected by member@demo\.test on [^?]+\? It is cut off at once\./);
    expect((await get(`${server.url}/v1/apps`, tokens.access_token)).status).toBe(200);
    const confirm = /<form method="post" action="\/settings\/agents\/[^"]+\/remove"[^>]*>[\s\S]*?<\/form>/.exec(asked)!;
    await browser.submit(confirm[0], {}, form[1]);
    const res = await get(`${server.url}/v1/apps`, tokens.access_token);
    expect([res.status, res.body.code]).toEqual([401, "invalid_token"]);
  });

  test("an Admin sees every agent of the organization over REST and removes any", async () => {
    const { tokens } = await connect(server.demo.users.member);
    const list = await get(`${server.url}/v1/agents`, server.demo.tokens.admin);
    const agent = list.body.data.find((a: any) => a.person === "member@demo.test");
    expect(agent).toBeDefined();
    const removed = await send(`${server.url}/v1/agents/${agent.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${server.demo.tokens.admin}` },
    });
    expect(removed.status).toBe(204);
    expect(await mcpStatus(tokens.access_token)).toBe(401);
  });

  test("a removed agent's refresh is invalid_grant, its description saying why it may be so and to authorize again", async () => {
    const clientId: string = (await register([REDIRECT], "Removed Refresher")).body.client_id;
    const { tokens } = await connect(server.demo.users.member, {}, { clientId });
    const agents = (await get(`${server.url}/v1/agents`, server.demo.tokens.member)).body.data;
    const agent = agents.find((a: { application: string }) => a.application === "Removed Refresher");
    const removed = await send(`${server.url}/v1/agents/${agent.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${server.demo.tokens.member}` },
    });
    expect(removed.status).toBe(204);
    const refused = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        error: "invalid_grant",
        error_description: "refresh token unknown, expired or revoked (its agent removed, or unused for 30 days): authorize again",
      },
    ]);
  });

  test("a member cannot remove another person's agent", async () => {
    await connect(server.demo.users.admin);
    const adminAgent = (await get(`${server.url}/v1/agents`, server.demo.tokens.admin)).body.data.find((a: any) => a.person === "admin@demo.test");
    const remove = (token: string) =>
      send(`${server.url}/v1/agents/${adminAgent.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    const res = await remove(server.demo.tokens.member);
    expect([res.status, ((await res.json()) as any).code]).toEqual([404, "not_found"]);
    // The agent is there to remove: its person removes it.
    expect((await remove(server.demo.tokens.admin)).status).toBe(204);
  });

  test("access ends when the person leaves the organization", async () => {
    await server.cli("user", "create", "temp@demo.test", "--password", "temporary-password");
    await server.cli("member", "add", "DEMO", "temp@demo.test", "member");
    const { tokens, clientId } = await connect({ email: "temp@demo.test", password: "temporary-password" });
    await server.cli("member", "remove", "DEMO", "temp@demo.test");
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId })).body.error).toBe(
      "invalid_grant",
    );
  });

  test("a role change takes effect at once: Update ends when the person becomes a Reader", async () => {
    await server.cli("user", "create", "shifting@demo.test", "--password", "shifting-password");
    await server.cli("member", "add", "DEMO", "shifting@demo.test", "member");
    const { tokens } = await connect({ email: "shifting@demo.test", password: "shifting-password" });
    expect(tokens.scope).toBe("feedbacks:read reports:write feedbacks:write");
    await server.cli("member", "role", "DEMO", "shifting@demo.test", "reader");
    const res = await send(`${server.url}/v1/feedbacks/DEMO-1`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ status: "fixed" }),
    });
    expect(((await res.json()) as any).code).toBe("forbidden");
  });

  test("a person in several organizations chooses one on the consent screen, and the agent acts only there", async () => {
    await server.cli("org", "create", "Second", "--prefix", "SECOND");
    await server.cli("app", "create", "SECOND", "Second product");
    await server.cli("user", "create", "both@demo.test", "--password", "both-password-1");
    await server.cli("member", "add", "DEMO", "both@demo.test", "member");
    await server.cli("member", "add", "SECOND", "both@demo.test", "reader");
    const second = (await server.cli("org", "list"))
      .split("\n")
      .find((line) => line.includes(" SECOND "))!
      .split(/\s+/)[0]!;
    const client = (await register()).body;
    const verifier = base64url(randomBytes(32));
    const browser = personBrowser();
    await signIn(browser, "both@demo.test", "both-password-1");
    const consent = await (
      await browser.fetch(
        authorizeUrl(client.client_id, { code_challenge: base64url(createHash("sha256").update(verifier).digest()), code_challenge_method: "S256" }),
      )
    ).text();
    expect(consent).toContain('<select id="org" name="org">');
    expect(consent).toContain("Second — as Reader: Read");
    const code = new URL((await browser.submit(consent, { decision: "allow", org: second })).headers.get("location")!).searchParams.get("code")!;
    const tokens = (
      await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, client_id: client.client_id, code_verifier: verifier })
    ).body;
    expect(tokens.scope).toBe("feedbacks:read");
    expect((await get(`${server.url}/v1/apps`, tokens.access_token)).body.data.map((a: any) => a.name)).toEqual(["Second product"]);
  });

  test("the consent screen says allowing replaces the earlier access only to someone the application already acts for, and says it as a fact", async () => {
    await server.cli("user", "create", "first-time@demo.test", "--password", "first-time-password", "--org", "DEMO", "--role", "member");
    const person = { email: "first-time@demo.test", password: "first-time-password" };
    const clientId: string = (await register([REDIRECT], "Zed")).body.client_id;
    const consent = async (language = "en") => {
      const browser = personBrowser({ "accept-language": language });
      await signIn(browser, person.email, person.password);
      return (await browser.fetch(authorizeUrl(clientId, { code_challenge: "x".repeat(43), code_challenge_method: "S256" }))).text();
    };
    const firstTime = await consent();
    expect(firstTime).toContain("Allow Zed?");
    expect(firstTime).not.toContain("already connected");
    await connect(person, {}, { clientId });
    expect(await consent()).toContain(
      '<p class="muted">Zed is already connected for you in Demo: allowing it again there replaces its earlier access to the MCP server.</p>',
    );
    expect(await consent("fr")).toContain(
      "Zed est déjà connecté pour vous dans Demo\u202f: l’autoriser de nouveau y remplace son accès précédent au serveur MCP.",
    );
  });

  test("the consent screen says allowing replaces the earlier access only on the resource asked for: an application connected for the REST API alone replaces nothing on the MCP server", async () => {
    await server.cli("user", "create", "rest-first@demo.test", "--password", "rest-first-password", "--org", "DEMO", "--role", "member");
    const person = { email: "rest-first@demo.test", password: "rest-first-password" };
    const clientId: string = (await register([REDIRECT], "Zed")).body.client_id;
    const browser = personBrowser();
    await signIn(browser, person.email, person.password);
    await connect(person, { resource: `${server.url}/v1` }, { clientId, browser });
    const consent = async (resource: string) =>
      (await browser.fetch(authorizeUrl(clientId, { code_challenge: "x".repeat(43), code_challenge_method: "S256", resource }))).text();
    const forMcp = await consent(`${server.url}/mcp`);
    expect(forMcp).toContain("Allow Zed?");
    expect(forMcp).not.toContain("already connected");
    expect(await consent(`${server.url}/v1`)).toContain(
      "Zed is already connected for you in Demo: allowing it again there replaces its earlier access to the REST API.",
    );
    expect(await consent(server.url)).toContain(
      "Zed is already connected for you in Demo: allowing it again there replaces its earlier access to the MCP server and the REST API.",
    );
  });

  test("to a person in several organizations, the consent screen names those the application already acts for them in", async () => {
    await server.cli("org", "create", "Fourth", "--prefix", "FOURTH");
    await server.cli("user", "create", "two-orgs@demo.test", "--password", "two-orgs-password");
    await server.cli("member", "add", "DEMO", "two-orgs@demo.test", "member");
    await server.cli("member", "add", "FOURTH", "two-orgs@demo.test", "member");
    const fourth = (await server.cli("org", "list"))
      .split("\n")
      .find((line) => line.includes(" FOURTH "))!
      .split(/\s+/)[0]!;
    const person = { email: "two-orgs@demo.test", password: "two-orgs-password" };
    const clientId: string = (await register([REDIRECT], "Zed")).body.client_id;
    const browser = personBrowser();
    await signIn(browser, person.email, person.password);
    await connect(person, {}, { clientId, consent: { org: fourth }, browser });
    const consent = await (await browser.fetch(authorizeUrl(clientId, { code_challenge: "x".repeat(43), code_challenge_method: "S256" }))).text();
    expect(consent).toContain("Zed is already connected for you in Fourth: allowing it again there replaces its earlier access to the MCP server.");
    await connect(person, {}, { clientId, consent: { org: server.demo.orgId }, browser });
    expect(await (await browser.fetch(authorizeUrl(clientId, { code_challenge: "x".repeat(43), code_challenge_method: "S256" }))).text()).toMatch(
      /Zed is already connected for you in (Demo, Fourth|Fourth, Demo): allowing it again in one of them replaces its earlier access to the MCP server there\./,
    );
  });

  test("authorizing an application again replaces its earlier access: its tokens stop at once and the Agents list names it once; its access elsewhere and other applications' stay", async () => {
    await server.cli("org", "create", "Third", "--prefix", "THIRD");
    await server.cli("user", "create", "again@demo.test", "--password", "again-password-1");
    await server.cli("member", "add", "DEMO", "again@demo.test", "member");
    await server.cli("member", "add", "THIRD", "again@demo.test", "member");
    const orgIdOf = async (prefix: string) =>
      (await server.cli("org", "list"))
        .split("\n")
        .find((line) => line.includes(` ${prefix} `))!
        .split(/\s+/)[0]!;
    const [demo, third] = [{ org: await orgIdOf("DEMO") }, { org: await orgIdOf("THIRD") }];
    const person = { email: "again@demo.test", password: "again-password-1" };
    const clientId: string = (await register([REDIRECT], "Claude Desktop")).body.client_id;
    const first = await connect(person, {}, { clientId, consent: demo });
    const elsewhere = await connect(person, {}, { clientId, consent: third });
    const cursor = await connect(person, {}, { clientId: (await register([REDIRECT], "Cursor")).body.client_id, consent: demo });
    const again = await connect(person, {}, { clientId, consent: demo });
    expect(await mcpStatus(first.tokens.access_token)).toBe(401);
    const refreshed = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.tokens.refresh_token, client_id: clientId });
    expect([refreshed.status, refreshed.body.error]).toEqual([400, "invalid_grant"]);
    for (const kept of [again, elsewhere, cursor]) expect(await mcpStatus(kept.tokens.access_token)).toBe(200);
    const listed = (await get(`${server.url}/v1/agents`, server.demo.tokens.admin)).body.data.filter((a: any) => a.person === person.email);
    expect(listed.map((a: any) => a.application).sort()).toEqual(["Claude Desktop", "Cursor"]);
  });

  test("authorizing an application for the REST API leaves its access to the MCP server: both tokens work, each for its resource, and the Agents list names the application once with both", async () => {
    await server.cli("user", "create", "two-resources@demo.test", "--password", "two-resources-pass", "--org", "DEMO", "--role", "member");
    const person = { email: "two-resources@demo.test", password: "two-resources-pass" };
    const clientId: string = (await register([REDIRECT], "Two Doors")).body.client_id;
    const browser = personBrowser();
    await signIn(browser, person.email, person.password);
    const mcp = await connect(person, {}, { clientId, browser });
    const rest = await connect(person, { resource: `${server.url}/v1` }, { clientId, browser });
    expect([await mcpStatus(mcp.tokens.access_token), await mcpStatus(rest.tokens.access_token)]).toEqual([200, 401]);
    expect((await get(`${server.url}/v1/apps`, rest.tokens.access_token)).status).toBe(200);
    const refreshed = await tokenRequest({ grant_type: "refresh_token", refresh_token: mcp.tokens.refresh_token, client_id: clientId });
    expect(await mcpStatus(refreshed.body.access_token)).toBe(200);
    const listed = (await get(`${server.url}/v1/agents`, server.demo.tokens.admin)).body.data.filter((a: any) => a.person === person.email);
    expect(listed.map((a: any) => [a.application, a.resources])).toEqual([["Two Doors", [`${server.url}/mcp`, `${server.url}/v1`]]]);
  });

  test("removing an application connected for both resources cuts both at once", async () => {
    await server.cli("user", "create", "cut-both@demo.test", "--password", "cut-both-password", "--org", "DEMO", "--role", "member");
    const person = { email: "cut-both@demo.test", password: "cut-both-password" };
    const clientId: string = (await register([REDIRECT], "Cut Both")).body.client_id;
    const browser = personBrowser();
    await signIn(browser, person.email, person.password);
    const mcp = await connect(person, {}, { clientId, browser });
    const rest = await connect(person, { resource: `${server.url}/v1` }, { clientId, browser });
    const agent = (await get(`${server.url}/v1/agents`, server.demo.tokens.admin)).body.data.find((a: any) => a.person === person.email);
    const removed = await send(`${server.url}/v1/agents/${agent.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${server.demo.tokens.admin}` },
    });
    expect(removed.status).toBe(204);
    expect(await mcpStatus(mcp.tokens.access_token)).toBe(401);
    expect((await get(`${server.url}/v1/apps`, rest.tokens.access_token)).status).toBe(401);
    expect((await get(`${server.url}/v1/agents`, server.demo.tokens.admin)).body.data.filter((a: any) => a.person === person.email)).toEqual([]);
  });

  test("the Agents page shows an application connected for both resources as one row, saying under its name what it reaches, and removing it there cuts both", async () => {
    await server.cli("user", "create", "one-row@demo.test", "--password", "one-row-password", "--org", "DEMO", "--role", "member");
    const person = { email: "one-row@demo.test", password: "one-row-password" };
    const clientId: string = (await register([REDIRECT], "One Row")).body.client_id;
    const browser = personBrowser();
    await signIn(browser, person.email, person.password);
    const mcp = await connect(person, {}, { clientId, browser });
    const rest = await connect(person, { resource: `${server.url}/v1` }, { clientId, browser });
    const rows = async (language = "en") =>
      [
        ...(await (await browser.fetch("/settings/agents", { headers: { "accept-language": language } })).text()).matchAll(
          /<tr><td data-label="[^"]+">One Row<span[\s\S]*?<\/tr>/g,
        ),
      ].map((row) => row[0]);
    const [row] = await rows();
    expect(await rows()).toHaveLength(1);
    expect(row).toContain('One Row<span class="where muted">Through MCP and the REST\u00a0API</span></td>');
    expect((await rows("fr"))[0]).toContain('One Row<span class="where muted">Par MCP et l’API\u00a0REST</span></td>');
    const remove = /<form method="post" action="(\/settings\/agents\/[^"]+\/remove)"[^>]*>[\s\S]*?<\/form>/.exec(row!)!;
    const asked = await (await browser.submit(remove[0], {})).text();
    const confirm = /<form method="post" action="\/settings\/agents\/[^"]+\/remove"[^>]*>[\s\S]*?<\/form>/.exec(asked)!;
    await browser.submit(confirm[0], {});
    expect(await mcpStatus(mcp.tokens.access_token)).toBe(401);
    expect((await get(`${server.url}/v1/apps`, rest.tokens.access_token)).status).toBe(401);
    expect(await rows()).toEqual([]);
  });

  test("the Agents page tells two agents of one name apart by where each is sent back to: a site's host, or a local app's port", async () => {
    await server.cli("user", "create", "two-machines@demo.test", "--password", "two-machines-pass", "--org", "DEMO", "--role", "member");
    const person = { email: "two-machines@demo.test", password: "two-machines-pass" };
    const local = "http://127.0.0.1:53412/callback";
    const site = "https://claude.example/api/mcp/auth_callback";
    // Its own address, so that its sign-in leaves the other tests' budget of sign-ins alone.
    const browser = personBrowser({ "x-test-client-address": "192.0.2.53" });
    await signIn(browser, person.email, person.password);
    for (const redirect of [local, site]) {
      await connect(person, { redirect_uri: redirect }, { clientId: (await register([redirect], "Claude")).body.client_id, browser });
    }
    const sentBack = async (language: string) =>
      [
        ...(await (await browser.fetch("/settings/agents", { headers: { "accept-language": language } })).text()).matchAll(
          /<tr><td[^>]*>Claude<span[^>]*>[^<]*<\/span><\/td><td data-label="([^"]+)">(.*?)<\/td>/g,
        ),
      ]
        .map((row) => `${row[1]}: ${row[2]!.replaceAll("<wbr>", "")}`)
        .sort();
    expect(await sentBack("en")).toEqual(["Sent back to: Local app on port\u00a053412", "Sent back to: claude.example"]);
    expect(await sentBack("fr")).toEqual(["Renvoyé vers: Application locale sur le port\u00a053412", "Renvoyé vers: claude.example"]);
  });

  test("the Agents page says each place an agent is sent back to once, a dot between them: a local app with or without its port, a site, an application's own scheme", async () => {
    await server.cli("user", "create", "many-addresses@demo.test", "--password", "many-addresses-pass", "--org", "DEMO", "--role", "member");
    const person = { email: "many-addresses@demo.test", password: "many-addresses-pass" };
    const local = "http://127.0.0.1:33418/callback";
    // Registered in the store itself: registration takes no address of an application's own scheme (yet).
    const clientId = "client-of-many-addresses";
    const redirectUris = [
      local,
      "https://vscode.dev/redirect",
      "http://localhost/callback",
      "http://127.0.0.1:33418/again",
      "cursor://anysphere.cursor-retrieval/oauth/callback",
      "com.example.editor:/oauth",
      // No address at all: said as it was stored, rather than a page that fails.
      "http://[::1",
    ];
    await server.services.store.createClient({ id: clientId, name: "Code editor", redirectUris, createdAt: server.services.clock() });
    const browser = personBrowser({ "x-test-client-address": "192.0.2.54" });
    await signIn(browser, person.email, person.password);
    await connect(person, { redirect_uri: local }, { clientId, browser });
    const sentBack = async (language: string) =>
      /<tr><td[^>]*>Code editor<span[^>]*>[^<]*<\/span><\/td><td data-label="[^"]+">(.*?)<\/td>/.exec(
        await (await browser.fetch("/settings/agents", { headers: { "accept-language": language } })).text(),
      )?.[1];
    // Each may wrap after a "//" or a dot (<wbr>), where a long one would push the table past a laptop's width.
    const places = async (language: string) => (await sentBack(language))?.replaceAll("<wbr>", "");
    const others = "cursor://anysphere.cursor-retrieval · com.example.editor: · http://[::1";
    expect(await places("en")).toBe(`Local app on port\u00a033418 · vscode.dev · Local app · ${others}`);
    expect(await places("fr")).toBe(`Application locale sur le port\u00a033418 · vscode.dev · Application locale · ${others}`);
  });

  test("a Reader can grant only Read", async () => {
    const { tokens } = await connect(server.demo.users.reader);
    expect(tokens.scope).toBe("feedbacks:read");
  });

  test("an agent connected without Update still sees update_feedback_status when its person's role allows it, so that it can ask for Update", async () => {
    const { tokens } = await connect(server.demo.users.member, { scope: "feedbacks:read" });
    const res = await send(`${server.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    const names = ((await res.json()) as any).result.tools.map((t: { name: string }) => t.name);
    expect(names).toContain("update_feedback_status");
    expect(names).toContain("create_report");
  });

  test("an agent connected without Update gets 403 insufficient_scope with the scope when it calls update_feedback_status", async () => {
    const { tokens } = await connect(server.demo.users.member, { scope: "feedbacks:read" });
    const res = await send(`${server.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "update_feedback_status", arguments: { key: "DEMO-1", status: "fixed" } },
      }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    expect(res.headers.get("www-authenticate")).toContain("feedbacks:write");
  });
});

describe("sign-in", () => {
  test("the session cookie is HttpOnly and SameSite=Lax", async () => {
    const browser = personBrowser();
    const page = await (await browser.fetch("/login")).text();
    const res = await browser.submit(page, { email: server.demo.users.admin.email, password: server.demo.users.admin.password });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("retour_session="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  test("a login form without its CSRF token is refused", async () => {
    const res = await send(`${server.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: server.demo.users.admin.email, password: server.demo.users.admin.password }),
      redirect: "manual",
    });
    expect(res.status).toBe(403);
  });

  test("failed logins are throttled: five a minute for one e-mail from one address", async () => {
    const browser = personBrowser();
    server.startFreshMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const page = await (await browser.fetch("/login")).text();
      statuses.push((await browser.submit(page, { email: "victim@demo.test", password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

// Last: these move the server's clock by weeks, past the demo tokens' lifetime.
describe("lifetimes, under the test clock", () => {
  test("an access token lives one hour: a second before its end it is accepted, after it 401 invalid_token; the refresh token then gets a new one", async () => {
    const { tokens, clientId } = await connect(server.demo.users.member);
    expect(tokens.expires_in).toBe(3600);
    server.advanceClock(3_600_000 - 1_000);
    expect(await mcpStatus(tokens.access_token)).toBe(200);
    server.advanceClock(2_000);
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    const refused = await get(`${server.url}/v1/apps`, tokens.access_token);
    expect([refused.status, refused.body]).toEqual([401, { error: expect.any(String), code: "invalid_token" }]);
    const renewed = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect(await mcpStatus(renewed.body.access_token)).toBe(200);
  });

  test("a refresh token lives 30 days, renewed at each use: refreshed every 29 days, the access outlasts the first token's 30 days", async () => {
    const { tokens, clientId } = await connect(server.demo.users.member);
    let refreshToken: string = tokens.refresh_token;
    for (let use = 0; use < 2; use++) {
      server.advanceClock(29 * 86_400_000);
      const renewed = await tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId });
      expect(renewed.status).toBe(200);
      refreshToken = renewed.body.refresh_token;
    }
    server.advanceClock(30 * 86_400_000 + 1_000);
    const expired = await tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId });
    expect([expired.status, expired.body.error]).toEqual([400, "invalid_grant"]);
  });

  test("an agent unused for 30 days loses its access; used, it stays", async () => {
    const { tokens, clientId } = await connect(server.demo.users.member);
    server.advanceClock(29 * 86_400_000);
    const kept = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect(kept.status).toBe(200);
    server.advanceClock(30 * 86_400_000 + 1_000);
    expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: kept.body.refresh_token, client_id: clientId })).body.error).toBe(
      "invalid_grant",
    );
  });
});
