import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { errorBody } from "../../../adapters/http/catalog/text.ts";
import { STATUSES } from "../../../core/schemas/feedback.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { plainly } from "../../support/search-pages.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const admin = () => http.demo.tokens.admin;
const request = (method: string, path: string, token: string | undefined, body?: unknown) =>
  http.request(method, path, { token, ...(body !== undefined && { body }) });

let made = 0;
async function createFeedback(message = "Triage probe"): Promise<string> {
  const res = await http.request("POST", "/v1/reports", {
    body: { publicKey: http.demo.publicKey, kind: "problem", message: `${message} ${++made} ${crypto.randomUUID().slice(0, 8)}` },
  });
  expect(res.status).toBe(201);
  return res.body.ticketId;
}
const statusEvents = async (key: string) => {
  const found = await http.services.store.findFeedback(http.demo.orgId, key);
  return (await http.services.store.statusChanges(found!.id)).length;
};

describe("PATCH /v1/feedbacks/{key} with triage fields", () => {
  test("owner, due date, severity, kind, feature, title and tags are set without a status, and emit no event", async () => {
    const key = await createFeedback();
    const res = await request("PATCH", `/v1/feedbacks/${key}`, admin(), {
      owner: "Member@Demo.test",
      dueAt: "2026-12-24",
      severity: "P1",
      kind: "idea",
      featureId: http.demo.featureId,
      title: "Saved carts vanish",
      tags: ["billing", "Mobile"],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key,
      owner: "member@demo.test",
      dueAt: "2026-12-24T00:00:00.000Z",
      severity: "P1",
      kind: "idea",
      feature: { id: http.demo.featureId },
      title: "Saved carts vanish",
      tags: ["billing", "Mobile"],
      status: "triage",
    });
    expect(await statusEvents(key)).toBe(0);
    expect((await request("GET", `/v1/feedbacks/${key}`, admin())).body.owner).toBe("member@demo.test");
  });

  test("a spec client's status change still works, with its event; a body with neither status nor triage field is 400 invalid_body", async () => {
    const key = await createFeedback();
    const changed = await request("PATCH", `/v1/feedbacks/${key}`, admin(), { status: "prioritized", comment: "next sprint" });
    expect(changed.status).toBe(200);
    expect(await statusEvents(key)).toBe(1);
    for (const body of [{}, { comment: "alone" }, { status: "done" }, { severity: "P9" }, { tags: ["a,b"] }, { dueAt: "tomorrow" }]) {
      const refused = await request("PATCH", `/v1/feedbacks/${key}`, admin(), body);
      expect({ body, status: refused.status, code: refused.body.code }).toEqual({ body, status: 400, code: "invalid_body" });
    }
  });

  test("a comment alone is refused saying what a change takes, and where a comment alone goes", async () => {
    const refused = await request("PATCH", `/v1/feedbacks/${await createFeedback()}`, admin(), { comment: "alone" });
    expect(refused.body.error).toEndWith(
      "status: required, or a triage field (owner, dueAt, severity, kind, featureId, title, tags); a comment alone is added as a comment (POST /v1/feedbacks/{key}/comments; over MCP, add_comment).",
    );
  });

  test("a tag with a comma and a due date that is not one are refused in words, not with their patterns", async () => {
    const key = await createFeedback();
    const tags = await request("PATCH", `/v1/feedbacks/${key}`, admin(), { tags: ["a,b"] });
    expect(tags.body.error).toBe("The request body is invalid. tags.0: expected a non-empty text of at most 40 characters without a comma.");
    const due = await request("PATCH", `/v1/feedbacks/${key}`, admin(), { dueAt: "tomorrow" });
    expect(due.body.error).toBe(
      "The request body is invalid. dueAt: expected a date such as 2026-12-31, or an ISO 8601 date and time such as 2026-12-31T17:00Z or null.",
    );
  });

  test("owner me is the person the token acts for, as the list's owner filter reads it", async () => {
    const key = await createFeedback();
    const taken = await request("PATCH", `/v1/feedbacks/${key}`, http.demo.tokens.member, { owner: "me" });
    expect([taken.status, taken.body.owner]).toEqual([200, "member@demo.test"]);
    const mine = await request("GET", "/v1/feedbacks?owner=me&limit=100", http.demo.tokens.member);
    expect(mine.body.data.map((f: any) => f.key)).toContain(key);
  });

  test("an owner who is not a member is 400 unknown_owner; a feature of no app of the feedback is 400 unknown_feature", async () => {
    const key = await createFeedback();
    const owner = await request("PATCH", `/v1/feedbacks/${key}`, admin(), { owner: "stranger@example.com" });
    expect([owner.status, owner.body.code]).toEqual([400, "unknown_owner"]);
    expect(owner.body.error).toContain("member");
    const feature = await request("PATCH", `/v1/feedbacks/${key}`, admin(), { featureId: "no-such-feature" });
    expect([feature.status, feature.body.code]).toEqual([400, "unknown_feature"]);
    const fr = await http.request("PATCH", `/v1/feedbacks/${key}`, {
      token: admin(),
      body: { owner: "x@y.z" },
      headers: { "accept-language": "fr" },
    });
    expect(fr.body.error).toContain("membre");
  });

  test("a Reader is refused (403 forbidden); null clears the owner and the due date", async () => {
    const key = await createFeedback();
    const refused = await request("PATCH", `/v1/feedbacks/${key}`, http.demo.tokens.reader, { owner: "admin@demo.test" });
    expect([refused.status, refused.body.code]).toEqual([403, "forbidden"]);
    await request("PATCH", `/v1/feedbacks/${key}`, admin(), { owner: "admin@demo.test", dueAt: "2026-12-01T10:00:00Z" });
    const cleared = await request("PATCH", `/v1/feedbacks/${key}`, admin(), { owner: null, dueAt: null });
    expect([cleared.body.owner, cleared.body.dueAt]).toEqual([undefined, undefined]);
  });
});

describe("lists by owner and by tag, and GET /v1/tags", () => {
  test("owner=me, owner=none, owner=<e-mail> and tag filter the list; the summaries carry owner and tags", async () => {
    const [mine, theirs, nobody] = [await createFeedback("Owner filter"), await createFeedback("Owner filter"), await createFeedback("Owner filter")];
    await request("PATCH", `/v1/feedbacks/${mine}`, admin(), { owner: "admin@demo.test", tags: ["owner-filter"] });
    await request("PATCH", `/v1/feedbacks/${theirs}`, admin(), { owner: "member@demo.test", tags: ["owner-filter"] });
    await request("PATCH", `/v1/feedbacks/${nobody}`, admin(), { tags: ["owner-filter"] });
    const keys = async (query: string) => (await request("GET", `/v1/feedbacks?tag=owner-filter&${query}`, admin())).body.data.map((f: any) => f.key);
    expect(await keys("owner=me")).toEqual([mine]);
    expect(await keys("owner=none")).toEqual([nobody]);
    expect(await keys("owner=MEMBER@demo.test")).toEqual([theirs]);
    expect(await keys("limit=100")).toEqual([nobody, theirs, mine]);
    const listed = (await request("GET", `/v1/feedbacks?tag=owner-filter&owner=me`, admin())).body.data[0];
    expect([listed.owner, listed.tags]).toEqual(["admin@demo.test", ["owner-filter"]]);
  });

  test("a tag filter in another case names the tag, as when it is given to a feedback", async () => {
    const key = await createFeedback("Tag case filter");
    await request("PATCH", `/v1/feedbacks/${key}`, admin(), { tags: ["Billing-Case"] });
    expect((await request("GET", "/v1/feedbacks?tag=billing-case", admin())).body.data.map((f: any) => f.key)).toEqual([key]);
    expect((await request("GET", "/v1/feedbacks?tag=other-tag", admin())).body.data).toEqual([]);
  });

  test("an owner filter other than me, none or an e-mail is 400 invalid_query, saying which three it takes", async () => {
    const res = await request("GET", "/v1/feedbacks?owner=bad", admin());
    expect([res.status, res.body.code]).toEqual([400, "invalid_query"]);
    expect(res.body.error).toEndWith(" owner: expected me or none or an e-mail address such as ann@example.com.");
  });

  test("GET /v1/tags lists the organization's tags, each created once, the first spelling kept", async () => {
    const key = await createFeedback();
    await request("PATCH", `/v1/feedbacks/${key}`, admin(), { tags: ["Onboarding"] });
    await request("PATCH", `/v1/feedbacks/${await createFeedback()}`, admin(), { tags: ["onboarding"] });
    const tags = (await request("GET", "/v1/tags", http.demo.tokens.reader)).body.data;
    expect(tags.filter((t: any) => t.name.toLowerCase() === "onboarding").map((t: any) => t.name)).toEqual(["Onboarding"]);
    expect((await request("GET", "/v1/tags", undefined)).status).toBe(401);
  });
});

describe("POST /v1/feedbacks/bulk", () => {
  test("each key gets its own change and event; a missing key answers ok:false with not_found", async () => {
    const [a, b] = [await createFeedback("Bulk"), await createFeedback("Bulk")];
    const res = await request("POST", "/v1/feedbacks/bulk", admin(), {
      keys: [a, "DEMO-999999", b],
      set: { status: "in_development", comment: "Sprint 12", owner: "member@demo.test", addTags: ["sprint-12"] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [
        { key: a, ok: true },
        { key: "DEMO-999999", ok: false, code: "not_found" },
        { key: b, ok: true },
      ],
    });
    for (const key of [a, b]) {
      const read = (await request("GET", `/v1/feedbacks/${key}`, admin())).body;
      expect([read.status, read.owner, read.tags, read.comments.at(-1).text]).toEqual([
        "in_development",
        "member@demo.test",
        ["sprint-12"],
        "Sprint 12",
      ]);
      expect(await statusEvents(key)).toBe(1);
    }
    const removed = await request("POST", "/v1/feedbacks/bulk", admin(), { keys: [a], set: { removeTags: ["SPRINT-12"] } });
    expect(removed.body.results).toEqual([{ key: a, ok: true }]);
    expect((await request("GET", `/v1/feedbacks/${a}`, admin())).body.tags).toBeUndefined();
  });

  test("two bulk adds of different tags to one feedback at the same moment both stand", async () => {
    const key = await createFeedback("Bulk race");
    const [first, second] = await Promise.all([
      request("POST", "/v1/feedbacks/bulk", admin(), { keys: [key], set: { addTags: ["race-one"] } }),
      request("POST", "/v1/feedbacks/bulk", admin(), { keys: [key], set: { addTags: ["race-two"] } }),
    ]);
    expect([first.body.results, second.body.results]).toEqual([[{ key, ok: true }], [{ key, ok: true }]]);
    expect((await request("GET", `/v1/feedbacks/${key}`, admin())).body.tags?.toSorted()).toEqual(["race-one", "race-two"]);
  });

  test("a field of set the bulk does not take (tag for addTags) is 400 invalid_body naming it, and nothing changes", async () => {
    const key = await createFeedback("Bulk misspelled");
    const refused = await request("POST", "/v1/feedbacks/bulk", admin(), { keys: [key], set: { status: "planned", tag: "sprint-12" } });
    expect([refused.status, refused.body.code]).toEqual([400, "invalid_body"]);
    expect(refused.body.error).toContain("tag");
    expect((await request("GET", `/v1/feedbacks/${key}`, admin())).body.status).not.toBe("planned");
  });

  test("101 keys are refused with the validation error, as is an empty set; a Reader is 403 forbidden", async () => {
    const keys = Array.from({ length: 101 }, (_, i) => `DEMO-${i + 1}`);
    const many = await request("POST", "/v1/feedbacks/bulk", admin(), { keys, set: { status: "fixed" } });
    expect([many.status, many.body.code]).toEqual([400, "invalid_body"]);
    expect(many.body.error).toContain("keys");
    const empty = await request("POST", "/v1/feedbacks/bulk", admin(), { keys: ["DEMO-1"], set: {} });
    expect([empty.status, empty.body.code]).toEqual([400, "invalid_body"]);
    const reader = await request("POST", "/v1/feedbacks/bulk", http.demo.tokens.reader, { keys: ["DEMO-1"], set: { status: "fixed" } });
    expect([reader.status, reader.body.code]).toEqual([403, "forbidden"]);
  });

  test("a tag added to a feedback that has 20 leaves it as it was: invalid_body, as a PATCH of 21 tags", async () => {
    const key = (await request("POST", "/v1/reports", undefined, { publicKey: http.demo.publicKey, kind: "idea", message: "Twenty tags probe" })).body
      .ticketId;
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect((await request("PATCH", `/v1/feedbacks/${key}`, admin(), { tags: twenty })).status).toBe(200);
    const added = await request("POST", "/v1/feedbacks/bulk", admin(), { keys: [key], set: { addTags: ["one-more"] } });
    expect(added.body.results).toEqual([{ key, ok: false, code: "invalid_body" }]);
    expect((await request("GET", `/v1/feedbacks/${key}`, admin())).body.tags).toEqual(twenty);
  });

  test("dueAt sets each feedback's due date, and null clears it; a day on no calendar is 400 invalid_body naming set.dueAt, nothing changed", async () => {
    const [a, b] = [await createFeedback("Bulk due"), await createFeedback("Bulk due")];
    const set = await request("POST", "/v1/feedbacks/bulk", admin(), { keys: [a, b], set: { dueAt: "2026-12-15" } });
    expect(set.body.results).toEqual([
      { key: a, ok: true },
      { key: b, ok: true },
    ]);
    const dueOf = async (key: string) => (await request("GET", `/v1/feedbacks/${key}`, admin())).body.dueAt;
    expect([await dueOf(a), await dueOf(b)]).toEqual(["2026-12-15T00:00:00.000Z", "2026-12-15T00:00:00.000Z"]);
    expect((await request("POST", "/v1/feedbacks/bulk", admin(), { keys: [b], set: { dueAt: null } })).status).toBe(200);
    expect(await dueOf(b)).toBeUndefined();
    const refused = await request("POST", "/v1/feedbacks/bulk", admin(), { keys: [a], set: { dueAt: "2026-02-30" } });
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([
      400,
      "invalid_body",
      "The request body is invalid. set.dueAt: expected a date such as 2026-12-31, or an ISO 8601 date and time such as 2026-12-31T17:00Z or null.",
    ]);
    expect(await dueOf(a)).toBe("2026-12-15T00:00:00.000Z");
  });

  test("a comment alone is 400 invalid_body saying that a comment goes with a change", async () => {
    const alone = await request("POST", "/v1/feedbacks/bulk", admin(), { keys: ["DEMO-1"], set: { comment: "Looking" } });
    expect(alone.body).toEqual({
      error: "The request body is invalid. set: a change is required (status, owner, dueAt, addTags or removeTags); a comment goes with one.",
      code: "invalid_body",
    });
  });
});

describe("GET /v1/feedbacks?sort=due", () => {
  test("lists the soonest due date first, those due the same day by id, then those without one, last active first, page after page; the export takes it too", async () => {
    const word = `plover${crypto.randomUUID().slice(0, 8)}`;
    const made: string[] = [];
    for (const dueAt of ["2026-12-20", "2026-12-10", null, "2026-12-10", null, "2026-12-09T18:00:00-08:00"]) {
      const key = await createFeedback(`Due order ${word}`);
      if (dueAt) expect((await request("PATCH", `/v1/feedbacks/${key}`, admin(), { dueAt })).status).toBe(200);
      made.push(key);
    }
    const records = await Promise.all(made.map(async (key) => (await http.services.store.findFeedback(http.demo.orgId, key))!));
    const keyOf = new Map(records.map((f) => [f.id, f.key]));
    const expected = plainly(records, { statuses: STATUSES }, "due").map((id) => keyOf.get(id)!);
    // 10 December, then 2026-12-09T18:00-08:00 (02:00 UTC on the 10th), then the 20th; the two without a due date last.
    expect(expected.slice(2)).toEqual([5, 0, 4, 2].map((i) => made[i]!));

    const read: string[] = [];
    let cursor = "";
    do {
      const page = await request("GET", `/v1/feedbacks?sort=due&query=${word}&limit=2${cursor && `&cursor=${cursor}`}`, admin());
      expect(page.status).toBe(200);
      read.push(...page.body.data.map((f: { key: string }) => f.key));
      cursor = page.body.nextCursor ?? "";
    } while (cursor);
    expect(read).toEqual(expected);

    const exported = await http.fetch(`${http.url}/v1/feedbacks/export?format=jsonl&sort=due&query=${word}`, {
      headers: { authorization: `Bearer ${admin()}` },
    });
    const lines = (await exported.text()).trim().split("\n");
    expect(lines.map((line) => JSON.parse(line).key)).toEqual(expected);
  });

  test("/openapi.json and MCP's list_feedbacks name it among the orders, the tool in its schema and in the description an agent reads", async () => {
    const doc = (await http.request("GET", "/openapi.json")).body;
    const listed = doc.paths["/v1/feedbacks"].get.parameters.find((p: { name: string }) => p.name === "sort");
    expect(JSON.stringify(listed.schema)).toContain('"due"');
    const res = await http.fetch(`${http.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin()}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    const tools: Array<{ name: string; description: string; inputSchema: { properties: Record<string, unknown> } }> = ((await res.json()) as any)
      .result.tools;
    const listing = tools.find((t) => t.name === "list_feedbacks")!;
    expect(JSON.stringify(listing.inputSchema.properties.sort)).toContain('"due"');
    expect(listing.description).toContain("or due (the soonest due date first, then those without one, last active first)");
  });
});

describe("MCP update_feedback", () => {
  test("sets triage fields through the same use case, and refuses an unknown owner as a tool error with its code", async () => {
    const key = await createFeedback();
    const call = async (args: Record<string, unknown>) => {
      const res = await http.fetch(`${http.url}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${http.demo.tokens.member}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "update_feedback", arguments: args } }),
      });
      return ((await res.json()) as any).result;
    };
    const done = await call({ key, severity: "P0", tags: ["from-agent"], owner: "member@demo.test" });
    expect(done.structuredContent).toMatchObject({ key, severity: "P0", tags: ["from-agent"], owner: "member@demo.test" });
    const refused = await call({ key, owner: "nobody@nowhere.test" });
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0].text).code).toBe("unknown_owner");
  });
});

describe("an owner who is no member", () => {
  test("is refused naming the organization's members' e-mails, the owners a client may give instead (PATCH and MCP alike)", async () => {
    const key = await createFeedback();
    const refused = await request("PATCH", `/v1/feedbacks/${key}`, admin(), { owner: "nobody@nowhere.test" });
    expect(refused.body.code).toBe("unknown_owner");
    expect(refused.body.error).toStartWith(
      "The owner must be the e-mail address of a member of the organization, or me for the person the token or agent acts for; null removes the owner. owner: nobody@nowhere.test is no member of the organization, whose members are ",
    );
    for (const email of ["admin@demo.test", "member@demo.test", "reader@demo.test"]) expect(refused.body.error).toContain(email);
    const fr = await http.request("PATCH", `/v1/feedbacks/${key}`, {
      token: admin(),
      body: { owner: "nobody@nowhere.test" },
      headers: { "accept-language": "fr" },
    });
    expect(fr.body.error).toContain("owner\u202f: nobody@nowhere.test n’est pas membre de l’organisation, dont les membres sont ");
    expect(fr.body.error).toContain("member@demo.test");
    const res = await http.fetch(`${http.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin()}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "update_feedback", arguments: { key, owner: "nobody@nowhere.test" } },
      }),
    });
    const tool = ((await res.json()) as any).result;
    expect([tool.isError, JSON.parse(tool.content[0].text)]).toEqual([true, refused.body]);
  });

  test("names the first 20 members' e-mails, then how many more", () => {
    const members = Array.from({ length: 23 }, (_, i) => `m${String(i).padStart(2, "0")}@acme.test`);
    const problem = { field: "owner", reason: "not_member", given: "eve@elsewhere.test", members } as const;
    const listed = `${members.slice(0, 20).join(", ")}`;
    expect(errorBody("unknown_owner", "en", problem).error).toEndWith(`whose members are ${listed} and 3 more.`);
    expect(errorBody("unknown_owner", "fr", problem).error).toEndWith(`dont les membres sont ${listed} et 3 autres.`);
  });

  test("the message says what an owner may be: a member's e-mail, me, or null, in English and in French", () => {
    expect(errorBody("unknown_owner", "en").error).toBe(
      "The owner must be the e-mail address of a member of the organization, or me for the person the token or agent acts for; null removes the owner.",
    );
    expect(errorBody("unknown_owner", "fr").error).toBe(
      "Le responsable doit être l’adresse e-mail d’un membre de l’organisation, ou me pour la personne pour qui agit le jeton ou l’agent\u202f; null retire le responsable.",
    );
  });
});

describe("who is asking", () => {
  test("user.company and user.plan on a report: the feedback lists its companies, and sort=revenue puts the biggest spend first", async () => {
    const send = (message: string, company: Record<string, unknown>) =>
      http.request("POST", "/v1/reports", {
        body: { publicKey: http.demo.publicKey, kind: "idea", message, user: { email: "pat@customer.test", company, plan: "enterprise" } },
      });
    const small = (await send(`Revenue probe small ${crypto.randomUUID()}`, { id: "rev-small", name: "Small Co", monthlySpend: 10 })).body.ticketId;
    const big = (await send(`Revenue probe big ${crypto.randomUUID()}`, { id: "rev-big", name: "Big Co", monthlySpend: 99_000 })).body.ticketId;
    const read = (await request("GET", `/v1/feedbacks/${big}`, admin())).body;
    expect(read.companies).toEqual([{ id: "rev-big", name: "Big Co", monthlySpend: 99_000, reports: 1 }]);
    const listed = (await request("GET", "/v1/feedbacks?sort=revenue&limit=100", admin())).body.data.map((f: any) => f.key);
    expect(listed.indexOf(big)).toBe(0);
    expect(listed.indexOf(small)).toBeGreaterThan(0);
    expect(listed.indexOf(small)).toBeLessThan(listed.length - 1);
  });

  test("a company or plan of another shape (no name, a negative spend, a text, a number) is ignored as unknown fields are: the report is recorded without it", async () => {
    for (const user of [{ company: { id: "x" } }, { company: { id: "x", name: "X", monthlySpend: -1 } }, { company: "Acme", plan: 5 }]) {
      const res = await http.request("POST", "/v1/reports", {
        body: { publicKey: http.demo.publicKey, kind: "idea", message: `Company check ${crypto.randomUUID()}`, user: { ...user, name: "Pat" } },
      });
      expect({ user, status: res.status }).toEqual({ user, status: 201 });
      const read = (await request("GET", `/v1/feedbacks/${res.body.ticketId}`, admin())).body;
      expect(read.companies).toBeUndefined();
    }
  });
});
