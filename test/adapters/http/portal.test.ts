import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { portalEntry } from "../../../core/portal/sso-secret.ts";
import { PortalUpdate } from "../../../core/schemas/portal.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
  await http.cli("org", "create", "Other", "--prefix", "OTHER", "--plan", "free");
});
afterAll(() => http.close());

const tokens = () => http.demo.tokens;
const call = (method: string, path: string, token: string | undefined, body?: unknown) =>
  http.request(method, path, { token, ...(body !== undefined && { body }) });

async function newFeedback(title: string, message = `${title}, as a person wrote it`): Promise<string> {
  const res = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message, title } });
  expect(res.status).toBe(201);
  return res.body.ticketId;
}

describe("portal settings", () => {
  test("an organization's portal is off until an Admin turns it on: slug from the key prefix in lower case, posts reviewed, not indexed", async () => {
    const res = await call("GET", "/v1/portal", tokens().admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      enabled: false,
      slug: "demo",
      title: "Demo",
      posting: "review",
      indexing: false,
      statusLabels: {},
      brandColor: null,
      ssoSecretSet: false,
      ssoSecretLost: false,
      signInUrl: null,
      url: `${http.url}/p/demo`,
    });
  });

  test("only an Admin reads or changes the settings: a Member and a Reader are forbidden, a token without feedbacks:write lacks the scope", async () => {
    for (const token of [tokens().member, tokens().reader]) {
      expect((await call("GET", "/v1/portal", token)).body.code).toBe("forbidden");
      const put = await call("PUT", "/v1/portal", token, { enabled: true });
      expect([put.status, put.body.code]).toEqual([403, "forbidden"]);
      expect((await call("POST", "/v1/portal/sso-secret", token)).body.code).toBe("forbidden");
    }
    const res = await call("GET", "/v1/portal", tokens().readOnly);
    expect([res.status, res.body.code]).toEqual([403, "insufficient_scope"]);
    expect((await call("GET", "/v1/portal", undefined)).status).toBe(401);
  });

  test("PUT changes the fields sent and keeps the others", async () => {
    const res = await call("PUT", "/v1/portal", tokens().admin, {
      enabled: true,
      title: "Acme ideas",
      posting: "open",
      statusLabels: { prioritized: "Next up" },
      brandColor: "#0E7490",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: true, slug: "demo", title: "Acme ideas", posting: "open", indexing: false, brandColor: "#0e7490" });
    expect(res.body.statusLabels).toEqual({ prioritized: "Next up" });
    const again = await call("PUT", "/v1/portal", tokens().admin, { posting: "review" });
    expect(again.body).toMatchObject({ enabled: true, title: "Acme ideas", posting: "review", statusLabels: { prioritized: "Next up" } });
  });

  test("two PUTs of different fields at the same moment both stand: each writes the fields it sends", async () => {
    const [title, indexing] = await Promise.all([
      call("PUT", "/v1/portal", tokens().admin, { title: "Both saved" }),
      call("PUT", "/v1/portal", tokens().admin, { indexing: true }),
    ]);
    expect([title.status, indexing.status]).toEqual([200, 200]);
    expect((await call("GET", "/v1/portal", tokens().admin)).body).toMatchObject({ title: "Both saved", indexing: true });
    await call("PUT", "/v1/portal", tokens().admin, { indexing: false });
  });

  test("a slug another organization's portal holds is refused with 409 slug_taken; a malformed one with 400 invalid_body", async () => {
    await http.cli("portal", "set", "OTHER", "--slug", "acme");
    const taken = await call("PUT", "/v1/portal", tokens().admin, { slug: "acme" });
    expect([taken.status, taken.body.code]).toEqual([409, "slug_taken"]);
    for (const slug of ["Acme", "-acme", "a b", "x".repeat(41), ""]) {
      const res = await call("PUT", "/v1/portal", tokens().admin, { slug });
      expect([slug, res.status, res.body.code]).toEqual([slug, 400, "invalid_body"]);
    }
    expect((await call("PUT", "/v1/portal", tokens().admin, { colour: "red" })).body.code).toBe("invalid_body");
  });

  test("a refused field with a known shape says it in words, the alternatives joined", async () => {
    expect((await call("PUT", "/v1/portal", tokens().admin, { brandColor: "red" })).body.error).toBe(
      "The request body is invalid. brandColor: expected a colour written #rrggbb (such as #4f46e5) or null.",
    );
    expect((await call("PUT", "/v1/portal", tokens().admin, { slug: "Acme" })).body.error).toContain(
      "slug: expected lower-case letters, digits and hyphens, 1 to 40, not starting or ending with a hyphen (such as acme-shop).",
    );
  });

  test("the organization's sign-in address is kept and read back as sent, stays when other fields change, and null removes it", async () => {
    const address = "https://app.example.com/login?via=portal";
    const set = await call("PUT", "/v1/portal", tokens().admin, { signInUrl: address });
    expect([set.status, set.body.signInUrl]).toEqual([200, address]);
    expect((await call("PUT", "/v1/portal", tokens().admin, { indexing: false })).body.signInUrl).toBe(address);
    expect((await call("GET", "/v1/portal", tokens().admin)).body.signInUrl).toBe(address);
    // A developer's own machine may run its sign-in over http.
    for (const local of ["http://localhost:3001/login", "http://127.0.0.1:8080/auth", "http://[::1]/login"]) {
      expect((await call("PUT", "/v1/portal", tokens().admin, { signInUrl: local })).body.signInUrl).toBe(local);
    }
    const removed = await call("PUT", "/v1/portal", tokens().admin, { signInUrl: null });
    expect([removed.status, removed.body.signInUrl]).toEqual([200, null]);
  });

  test("a sign-in address that is not https (http only on this machine), carries credentials or is no address is 400 invalid_body naming signInUrl", async () => {
    const refused = [
      "javascript:alert(document.cookie)",
      "data:text/html,<h1>Sign in</h1>",
      "ftp://files.example.com/login",
      "http://app.example.com/login",
      "http://localhost.example.com/login",
      "HTTPS://app.example.com/login",
      "https://ann:secret@app.example.com/login",
      "https:///login",
      "https://app example.com/login",
      "https://%%/login",
      "",
      `https://app.example.com/${"x".repeat(2000)}`,
    ];
    for (const signInUrl of refused) {
      const res = await call("PUT", "/v1/portal", tokens().admin, { signInUrl });
      expect([signInUrl, res.status, res.body]).toEqual([
        signInUrl,
        400,
        {
          code: "invalid_body",
          error:
            "The request body is invalid. signInUrl: expected an https address of at most 2,000 characters, without a user name or password, such as https://app.example.com/login (http only on this machine: http://localhost, http://127.0.0.1, http://[::1]) or null.",
        },
      ]);
    }
    expect((await call("GET", "/v1/portal", tokens().admin)).body.signInUrl).toBeNull();
  });

  test("/openapi.json describes the sign-in address with the schema the API validates it with", async () => {
    const doc = (await http.request("GET", "/openapi.json")).body;
    const described = doc.components.schemas.PortalUpdate.properties.signInUrl;
    expect(JSON.stringify(described)).toBe(JSON.stringify(PortalUpdate.properties.signInUrl));
    expect(doc.components.schemas.Portal.properties.signInUrl.description).toContain("return_to");
  });

  test("the SSO secret is returned once, stored sealed, readable by the portal's sign-in; a rotation replaces it", async () => {
    const first = await call("POST", "/v1/portal/sso-secret", tokens().admin);
    expect(first.status).toBe(200);
    expect(first.body.ssoSecret).toMatch(/^psso_[A-Za-z0-9_-]{40,}$/);
    const settings = await call("GET", "/v1/portal", tokens().admin);
    expect(settings.body.ssoSecretSet).toBe(true);
    expect(JSON.stringify(settings.body)).not.toContain(first.body.ssoSecret);
    const stored = await http.services.store.findPortal(http.demo.orgId);
    expect(stored?.ssoSecretSealed).not.toContain(first.body.ssoSecret);
    expect(await portalEntry(http.services, "demo")).toEqual({
      orgId: http.demo.orgId,
      slug: "demo",
      enabled: true,
      ssoSecret: first.body.ssoSecret,
      signInUrl: null,
    });
    const second = await call("POST", "/v1/portal/sso-secret", tokens().admin);
    expect(second.body.ssoSecret).not.toBe(first.body.ssoSecret);
    expect((await portalEntry(http.services, "demo"))?.ssoSecret).toBe(second.body.ssoSecret);
    expect(await portalEntry(http.services, "nowhere")).toBeNull();
  });

  test("the CLI shows, sets, turns on and off the portal and prints a new SSO secret once", async () => {
    expect(JSON.parse(await http.cli("portal", "show", "OTHER"))).toMatchObject({ slug: "acme", enabled: false });
    expect(await http.cli("portal", "enable", "OTHER")).toBe(`portal on: ${http.url}/p/acme\n`);
    const set = JSON.parse(
      await http.cli("portal", "set", "OTHER", "--title", "Other board", "--indexing", "on", "--labels", "triage=New,delivered=Shipped"),
    );
    expect(set).toMatchObject({ title: "Other board", indexing: true, statusLabels: { triage: "New", delivered: "Shipped" } });
    expect(await http.cli("portal", "disable", "OTHER")).toBe("portal off\n");
    expect(await http.cli("portal", "sso-secret", "OTHER")).toMatch(/shown once.*\npsso_/);
    expect(await http.cli("portal", "set", "OTHER", "--posting", "maybe").catch((e: Error) => e.message)).toContain(
      "--posting must be one of off, review, open",
    );
    // A value of the right kind but the wrong form is named as the option typed.
    expect(await http.cli("portal", "set", "OTHER", "--brand-color", "red").catch((e: Error) => e.message)).toBe(
      "--brand-color: expected a colour written #rrggbb (such as #4f46e5) or none.",
    );
  });

  test("the CLI sets the sign-in address, removes it with none, and refuses one that is not https, named as the option typed", async () => {
    const set = JSON.parse(await http.cli("portal", "set", "OTHER", "--sign-in-url", "https://other.example.com/sso"));
    expect(set.signInUrl).toBe("https://other.example.com/sso");
    for (const address of ["javascript:alert(1)", "https://%%/sso"]) {
      expect(await http.cli("portal", "set", "OTHER", "--sign-in-url", address).catch((e: Error) => e.message)).toBe(
        "--sign-in-url: expected an https address of at most 2,000 characters, without a user name or password, such as https://app.example.com/login (http only on this machine: http://localhost, http://127.0.0.1, http://[::1]) or none.",
      );
    }
    expect(JSON.parse(await http.cli("portal", "show", "OTHER")).signInUrl).toBe("https://other.example.com/sso");
    expect(JSON.parse(await http.cli("portal", "set", "OTHER", "--sign-in-url", "none")).signInUrl).toBeNull();
  });
});

describe("publishing", () => {
  test("nothing is published by default: a feedback says published false and has no public title", async () => {
    const key = await newFeedback("Export to CSV");
    const res = await call("GET", `/v1/feedbacks/${key}`, tokens().reader);
    expect(res.body.published).toBe(false);
    expect(res.body.publicTitle).toBeUndefined();
    expect(res.body.publicDescription).toBeUndefined();
  });

  test("publish gives a public title (the title by default) and the team's description; Feedback and FeedbackSummary say so", async () => {
    const key = await newFeedback("Dark mode");
    const res = await call("POST", `/v1/feedbacks/${key}/publish`, tokens().member, { description: "A darker theme for night work." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key, published: true, publicTitle: "Dark mode", publicDescription: "A darker theme for night work." });
    const renamed = await call("POST", `/v1/feedbacks/${key}/publish`, tokens().member, { title: "A dark theme" });
    expect(renamed.body).toMatchObject({ publicTitle: "A dark theme", publicDescription: "A darker theme for night work." });
    const listed = await call("GET", `/v1/feedbacks?query=${encodeURIComponent("Dark mode")}`, tokens().reader);
    expect(listed.body.data.find((f: { key: string }) => f.key === key)).toMatchObject({ published: true, publicTitle: "A dark theme" });
  });

  test("publish takes no body at all, both its fields being optional: the title is the public title; a body that is not JSON is still 400 invalid_json", async () => {
    const key = await newFeedback("Bulk export");
    const res = await call("POST", `/v1/feedbacks/${key}/publish`, tokens().member);
    expect([res.status, res.body.published, res.body.publicTitle]).toEqual([200, true, "Bulk export"]);
    const garbled = await http.request("POST", `/v1/feedbacks/${key}/publish`, {
      token: tokens().member,
      raw: "{title:",
      headers: { "content-type": "application/json" },
    });
    expect([garbled.status, garbled.body.code]).toEqual([400, "invalid_json"]);
  });

  test("a public title, a portal title or a status label of spaces alone is 400 invalid_body: the portal never shows a blank one", async () => {
    const key = await newFeedback("Blank titles");
    const refused = [
      await call("POST", `/v1/feedbacks/${key}/publish`, tokens().member, { title: "   " }),
      await call("PUT", "/v1/portal", tokens().admin, { title: " " }),
      await call("PUT", "/v1/portal", tokens().admin, { statusLabels: { prioritized: "  " } }),
    ];
    expect(refused.map((r) => [r.status, r.body.code])).toEqual([
      [400, "invalid_body"],
      [400, "invalid_body"],
      [400, "invalid_body"],
    ]);
  });

  test("a status label of a status that does not exist is 400 invalid_body naming it, and nothing is saved", async () => {
    const refused = await call("PUT", "/v1/portal", tokens().admin, { title: "Never saved", statusLabels: { triage: "New", shipped: "Out" } });
    expect([refused.status, refused.body.code]).toEqual([400, "invalid_body"]);
    expect(refused.body.error).toContain("shipped");
    const stored = (await call("GET", "/v1/portal", tokens().admin)).body;
    expect([stored.title === "Never saved", "shipped" in stored.statusLabels]).toEqual([false, false]);
  });

  test("unpublish takes it off: published false again", async () => {
    const key = await newFeedback("Keyboard shortcuts");
    await call("POST", `/v1/feedbacks/${key}/publish`, tokens().admin, {});
    const res = await call("POST", `/v1/feedbacks/${key}/unpublish`, tokens().admin);
    expect(res.status).toBe(200);
    expect(res.body.published).toBe(false);
  });

  test("a Reader cannot publish or unpublish (403 forbidden); an unknown key is 404 not_found; a too long title is 400 invalid_body", async () => {
    const key = await newFeedback("Offline mode");
    expect((await call("POST", `/v1/feedbacks/${key}/publish`, tokens().reader, {})).body.code).toBe("forbidden");
    expect((await call("POST", `/v1/feedbacks/${key}/unpublish`, tokens().reader)).body.code).toBe("forbidden");
    expect((await call("POST", `/v1/feedbacks/${key}/publish`, tokens().readOnly, {})).body.code).toBe("insufficient_scope");
    expect((await call("POST", "/v1/feedbacks/DEMO-9999/publish", tokens().admin, {})).status).toBe(404);
    const long = await call("POST", `/v1/feedbacks/${key}/publish`, tokens().admin, { title: "t".repeat(201) });
    expect([long.status, long.body.code]).toEqual([400, "invalid_body"]);
  });

  test("the list filters published=true and published=false, and source", async () => {
    const shown = await newFeedback("Filter by tag");
    const hidden = await newFeedback("Filter by owner");
    await call("POST", `/v1/feedbacks/${shown}/publish`, tokens().admin, {});
    const keys = async (q: string) =>
      (await call("GET", `/v1/feedbacks?limit=100&${q}`, tokens().reader)).body.data.map((f: { key: string }) => f.key);
    expect(await keys("published=true")).toContain(shown);
    expect(await keys("published=true")).not.toContain(hidden);
    expect(await keys("published=false")).toContain(hidden);
    expect(await keys("published=false")).not.toContain(shown);
    expect(await keys("published=false&query=filter")).toEqual([hidden]);
    expect(await keys("source=api&published=true&query=filter")).toEqual([shown]);
    expect(await keys("source=portal")).toEqual([]);
    expect((await call("GET", "/v1/feedbacks?published=maybe", tokens().reader)).body.code).toBe("invalid_query");
  });
});

describe("comments", () => {
  test("a comment is internal (also when no visibility is given, as over MCP) or public; comments given with a status change are internal", async () => {
    const key = await newFeedback("Bulk edit");
    await call("PATCH", `/v1/feedbacks/${key}`, tokens().member, { status: "prioritized", comment: "Next sprint" });
    const internal = await call("POST", `/v1/feedbacks/${key}/comments`, tokens().member, { text: "Ask Ann first" });
    expect(internal.status).toBe(200);
    const res = await call("POST", `/v1/feedbacks/${key}/comments`, tokens().member, { text: "  Planned for May.  ", visibility: "public" });
    expect(res.status).toBe(200);
    expect(
      res.body.comments.map((c: { text: string; visibility: string; statusChange?: unknown }) => [
        c.text,
        c.visibility,
        c.statusChange !== undefined,
      ]),
    ).toEqual([
      ["Next sprint", "internal", true],
      ["Ask Ann first", "internal", false],
      ["Planned for May.", "public", false],
    ]);
  });

  test("a comment holds at most 5000 characters, counted in code points: 5000 pass, 5001 are 400 invalid_body", async () => {
    const key = await newFeedback("Long comment");
    const ok = await call("POST", `/v1/feedbacks/${key}/comments`, tokens().member, { text: `${"é".repeat(4999)}😀`, visibility: "public" });
    expect(ok.status).toBe(200);
    const refused = await call("POST", `/v1/feedbacks/${key}/comments`, tokens().member, { text: "x".repeat(5001), visibility: "public" });
    expect([refused.status, refused.body.code]).toEqual([400, "invalid_body"]);
    expect(refused.body.error).toContain("text");
  });

  test("a comment needs a text, and a visibility when given is internal or public; a Reader may not comment", async () => {
    const key = await newFeedback("Empty comment");
    for (const body of [
      { text: "", visibility: "public" },
      { text: "  ", visibility: "public" },
      { text: "hi", visibility: "secret" },
      { visibility: "internal" },
    ]) {
      const res = await call("POST", `/v1/feedbacks/${key}/comments`, tokens().member, body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, "invalid_body"]);
    }
    expect((await call("POST", `/v1/feedbacks/${key}/comments`, tokens().reader, { text: "hi", visibility: "internal" })).body.code).toBe(
      "forbidden",
    );
  });
});
