import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { scratchDir } from "../../support/scratch.ts";

const dataDir = scratchDir("votes");
let http: InProcess;
beforeAll(async () => {
  http = await inProcess({ env: { DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE: "true" } });
});
afterAll(() => http.close());

const tokens = () => http.demo.tokens;
const report = async (message: string): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message } })).body.ticketId;
const relay = (key: string, body: unknown, token = tokens().member) => http.request("POST", `/v1/feedbacks/${key}/votes`, { body, token });
const voters = (key: string, token = tokens().reader) => http.request("GET", `/v1/feedbacks/${key}/voters`, { token });
const withdraw = (key: string, email: string, token = tokens().member) =>
  http.request("DELETE", `/v1/feedbacks/${key}/votes/${encodeURIComponent(email)}`, { token });
const feedback = async (key: string) => (await http.request("GET", `/v1/feedbacks/${key}`, { token: tokens().reader })).body;

describe("POST /v1/feedbacks/{key}/votes: the team relays a customer's vote", () => {
  test("a relayed vote is counted (201, the feedback with its votes); the same e-mail again changes nothing (200)", async () => {
    const key = await report("Let me export my invoices as CSV");
    const first = await relay(key, { email: "Ana@Customer.example", name: "Ana Lopez" });
    expect([first.status, first.body.key, first.body.votes]).toEqual([201, key, 1]);
    const again = await relay(key, { email: "ana@customer.example" });
    expect([again.status, again.body.votes]).toEqual([200, 1]);
    expect((await relay(key, { email: "bo@customer.example" })).body.votes).toBe(2);
    expect((await feedback(key)).votes).toBe(2);
  });

  test("the person whose vote is relayed follows the feedback", async () => {
    const key = await report("Dark mode for the dashboard");
    const before = (await feedback(key)).followers;
    await relay(key, { email: "follow-me@customer.example" });
    expect((await feedback(key)).followers).toBe(before + 1);
  });

  test("the person whose vote is relayed with Accept-Language: fr is written to in French", async () => {
    const key = await report("Sync my bookings with my phone's calendar");
    const fr = await http.request("POST", `/v1/feedbacks/${key}/votes`, {
      body: { email: "kim@customer.example" },
      token: tokens().member,
      headers: { "accept-language": "fr" },
    });
    expect(fr.status).toBe(201);
    await relay(key, { email: "lee@customer.example" });
    const followers = await http.services.store.listFollowers(fr.body.id);
    expect(followers.filter((f) => f.email.endsWith("@customer.example")).map((f) => [f.email, f.language])).toEqual([
      ["kim@customer.example", "fr"],
      ["lee@customer.example", "en"],
    ]);
  });

  test("a delivered or dismissed feedback takes no vote: 409 cannot_vote", async () => {
    const key = await report("Keyboard shortcuts for the editor");
    for (const status of ["delivered", "dismissed"]) {
      await http.request("PATCH", `/v1/feedbacks/${key}`, { body: { status }, token: tokens().member });
      const refused = await relay(key, { email: "late@customer.example" });
      expect({ status, code: refused.status, body: refused.body }).toEqual({
        status,
        code: 409,
        body: { code: "cannot_vote", error: "This feedback takes no votes: it is delivered or dismissed." },
      });
    }
    await http.request("PATCH", `/v1/feedbacks/${key}`, { body: { status: "fixed" }, token: tokens().member });
    expect((await relay(key, { email: "late@customer.example" })).status).toBe(201);
  });

  test("a Reader is refused (403 forbidden), a token without feedbacks:write too (403 insufficient_scope), and no token is 401", async () => {
    const key = await report("Two-factor sign-in");
    expect([(await relay(key, { email: "x@customer.example" }, tokens().reader)).body.code]).toEqual(["forbidden"]);
    expect((await relay(key, { email: "x@customer.example" }, tokens().readOnly)).body.code).toBe("insufficient_scope");
    const anonymous = await http.request("POST", `/v1/feedbacks/${key}/votes`, { body: { email: "x@customer.example" } });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, "unauthorized"]);
    expect((await feedback(key)).votes).toBe(0);
  });

  test("an address that is not an e-mail, a missing one or an unknown field is 400 invalid_body; an unknown key is 404", async () => {
    const key = await report("Bulk edit of tags");
    for (const body of [{ email: "not an address" }, {}, { email: "a@b.example", vote: 2 }, { email: "a@b.example", name: "" }]) {
      const refused = await relay(key, body);
      expect({ body, status: refused.status, code: refused.body.code }).toEqual({ body, status: 400, code: "invalid_body" });
    }
    expect((await relay("DEMO-99999", { email: "a@b.example" })).status).toBe(404);
    // Said in words, not as the pattern that checks it.
    expect((await relay(key, { email: "nope" })).body.error).toBe(
      "The request body is invalid. email: expected an e-mail address such as ann@example.com.",
    );
  });

  test("votes for one e-mail address are limited to 10 a minute: the 11th is 429 with Retry-After", async () => {
    http.startFreshMinute();
    const email = "eager@customer.example";
    for (let i = 0; i < 10; i++) expect((await relay(await report(`Idea number ${i} of an eager customer`), { email })).status).toBe(201);
    const refused = await relay(await report("One idea too many"), { email });
    expect([refused.status, refused.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another person is not held back by it.
    expect((await relay(await report("Somebody else's idea"), { email: "calm@customer.example" })).status).toBe(201);
  });
});

describe("DELETE /v1/feedbacks/{key}/votes/{email} and GET /v1/feedbacks/{key}/voters", () => {
  test("the voters are listed for the team, each once, first voters first; a withdrawn vote leaves the list and the count", async () => {
    const key = await report("Calendar sync with Outlook");
    await relay(key, { email: "first@customer.example", name: "First" });
    await relay(key, { email: "second@customer.example" });
    const listed = await voters(key);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((v: { email: string; name?: string }) => [v.email, v.name])).toEqual([
      ["first@customer.example", "First"],
      ["second@customer.example", undefined],
    ]);
    expect(Number.isNaN(Date.parse(listed.body.data[0].votedAt))).toBe(false);
    expect((await withdraw(key, "First@Customer.example")).status).toBe(204);
    expect((await voters(key)).body.data.map((v: { email: string }) => v.email)).toEqual(["second@customer.example"]);
    expect((await feedback(key)).votes).toBe(1);
    // Nothing left to withdraw is no error.
    expect((await withdraw(key, "first@customer.example")).status).toBe(204);
  });

  test("a Reader may not withdraw a vote (403); voters need a token (401) with feedbacks:read; unknown keys are 404", async () => {
    const key = await report("Archive old projects");
    await relay(key, { email: "stay@customer.example" });
    expect((await withdraw(key, "stay@customer.example", tokens().reader)).body.code).toBe("forbidden");
    expect((await http.request("GET", `/v1/feedbacks/${key}/voters`)).status).toBe(401);
    expect((await voters("DEMO-99999")).status).toBe(404);
    expect((await withdraw("DEMO-99999", "stay@customer.example")).status).toBe(404);
    expect((await voters(key)).body.data.length).toBe(1);
  });

  test("a merge counts the voters of both, each person once; the unmerge gives each its own voters back", async () => {
    const [a, b] = [await report("Export charts as PNG"), await report("Download a chart as an image")];
    await relay(a, { email: "both@customer.example" });
    await relay(a, { email: "a-only@customer.example" });
    await relay(b, { email: "both@customer.example" });
    const merged = await http.request("POST", `/v1/feedbacks/${a}/merge`, { body: { into: b }, token: tokens().member });
    expect([merged.status, merged.body.votes]).toEqual([200, 2]);
    expect((await voters(a)).body.data.length).toBe(2);
    const restored = await http.request("POST", `/v1/feedbacks/${a}/unmerge`, { token: tokens().member });
    expect([restored.status, restored.body.votes]).toEqual([200, 2]);
    expect((await feedback(b)).votes).toBe(1);
  });
});

describe("lists sort by votes, and feedback.voted reaches the webhooks that subscribe to it", () => {
  test("GET /v1/feedbacks?sort=votes lists the most voted first, every summary with its votes", async () => {
    const [few, many] = [await report("Sort by votes, few"), await report("Sort by votes, many")];
    for (const email of ["1@c.example", "2@c.example", "3@c.example", "4@c.example", "5@c.example", "6@c.example", "7@c.example"]) {
      await relay(many, { email });
    }
    await relay(few, { email: "1@c.example" });
    const page = await http.request("GET", "/v1/feedbacks?sort=votes&status=all&limit=100", { token: tokens().reader });
    expect(page.status).toBe(200);
    const listed = page.body.data as Array<{ key: string; votes: number }>;
    expect(listed.every((f) => Number.isInteger(f.votes))).toBe(true);
    expect(listed.map((f) => f.votes)).toEqual([...listed.map((f) => f.votes)].sort((x, y) => y - x));
    expect(listed.findIndex((f) => f.key === many)).toBeLessThan(listed.findIndex((f) => f.key === few));
  });

  test("sort=votes pages with its cursor in that order, each feedback once", async () => {
    const keys: string[] = [];
    let page = await http.request("GET", "/v1/feedbacks?sort=votes&status=all&limit=2", { token: tokens().reader });
    for (;;) {
      keys.push(...page.body.data.map((f: { key: string }) => f.key));
      if (!page.body.nextCursor) break;
      page = await http.request("GET", `/v1/feedbacks?sort=votes&status=all&limit=2&cursor=${encodeURIComponent(page.body.nextCursor)}`, {
        token: tokens().reader,
      });
    }
    const all = (await http.request("GET", "/v1/feedbacks?sort=votes&status=all&limit=100", { token: tokens().reader })).body.data;
    expect(keys).toEqual(all.map((f: { key: string }) => f.key));
  });

  test("the inbox shows a Votes column, sorts by votes, and a feedback's page says its votes", async () => {
    const key = await report("The inbox sorts by votes");
    for (const email of Array.from({ length: 9 }, (_, i) => `inbox-${i}@c.example`)) await relay(key, { email });
    const b = new FormBrowser(http.url, {}, (r) => http.handle(r));
    await signIn(b, http.demo.users.admin.email, http.demo.users.admin.password, "/inbox");
    const inbox = await (await b.fetch("/inbox?sort=votes&status=all")).text();
    expect(inbox).toContain('<th scope="col" class="num">Votes</th>');
    expect(inbox).toContain('<option value="votes" selected>Most votes</option>');
    const firstRow = /<tbody><tr[^>]*>([\s\S]*?)<\/tr>/.exec(inbox)![1]!;
    expect(firstRow).toContain(key);
    expect(firstRow).toContain('<td class="num" data-label="Votes">9</td>');
    const page = await (await b.fetch(`/inbox/${key}`)).text();
    expect(page).toContain("<dt>Votes</dt><dd>9</dd>");
  });

  test("over MCP, list_feedbacks sorts by votes and get_feedback shows them", async () => {
    const key = await report("MCP sees the votes");
    await relay(key, { email: "mcp@customer.example" });
    const call = async (name: string, args: Record<string, unknown>) => {
      const res = await http.fetch(`${http.url}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens().reader}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
      });
      return ((await res.json()) as { result: { isError?: boolean; structuredContent: any } }).result;
    };
    const listed = await call("list_feedbacks", { sort: "votes", status: "all", limit: 100 });
    const votes = listed.structuredContent.data.map((f: { votes: number }) => f.votes);
    expect(listed.isError).toBeFalsy();
    expect(votes).toEqual([...votes].sort((x: number, y: number) => y - x));
    expect((await call("get_feedback", { key })).structuredContent.votes).toBe(1);
  });

  test("a counted vote sends feedback.voted to the webhooks subscribed to it, and to no other", async () => {
    const create = (events: string[]) =>
      http.request("POST", "/v1/webhooks", { body: { url: "http://127.0.0.1:9/hooks", events }, token: tokens().admin });
    const voted = (await create(["feedback.voted"])).body.id;
    const other = (await create(["feedback.created"])).body.id;
    const key = await report("Webhook for votes");
    await relay(key, { email: "hook@customer.example" });
    await relay(key, { email: "hook@customer.example" });
    const db = new Database(join(dataDir, "retour.sqlite"), { readonly: true });
    const rows = db
      .query<{ webhook_id: string; type: string }, [string]>(
        "SELECT d.webhook_id, e.type FROM deliveries d JOIN events e ON e.id = d.event_id JOIN feedbacks f ON f.id = e.feedback_id WHERE f.key = ?",
      )
      .all(key);
    db.close();
    expect(rows.filter((r) => r.webhook_id === voted)).toEqual([{ webhook_id: voted, type: "feedback.voted" }]);
    expect(rows.filter((r) => r.webhook_id === other).map((r) => r.type)).toEqual(["feedback.created"]);
  });
});
