import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { connectAgent } from "../support/mcp-client.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, post } from "../support/server.ts";

let server: Served;
let member: Client;
let reader: Client;
/**
 * What tools/list gave each agent. Listed once per agent: the official client compiles a validator
 * for every output schema at each listing, and checks each later call's structured content with it.
 */
let memberTools: Tool[];
let readerTools: Tool[];
beforeAll(async () => {
  server = await serveInProcess();
  member = (await connectAgent(server.url, server.demo.users.member)).client!;
  reader = (await connectAgent(server.url, server.demo.users.reader)).client!;
  memberTools = (await member.listTools()).tools;
  readerTools = (await reader.listTools()).tools;
});
afterAll(async () => {
  await Promise.all([member.close(), reader.close()]);
  await server.stop();
});

const errorOf = (result: any): { code: string; error: string } => {
  expect(result.isError).toBe(true);
  return JSON.parse(result.content[0].text);
};
const authorOf = async (ticketId: string) =>
  (await get(`${server.url}/v1/feedbacks/${ticketId}`, server.demo.tokens.member)).body.reportList[0].author;

describe("MCP tools a model uses well", () => {
  test("every tool has annotations (readOnlyHint, destructiveHint, idempotentHint); reads are read-only", () => {
    for (const tool of memberTools) {
      // Plain typeof: Bun's toMatchObject with expect.any() overwrites the object it is given.
      const { readOnlyHint, destructiveHint, idempotentHint } = tool.annotations ?? {};
      expect([typeof readOnlyHint, typeof destructiveHint, typeof idempotentHint]).toEqual(["boolean", "boolean", "boolean"]);
    }
    const readOnly = memberTools.filter((t) => t.annotations!.readOnlyHint).map((t) => t.name);
    expect(readOnly.sort()).toEqual(["get_feature", "get_feedback", "list_apps", "list_features", "list_feedbacks", "list_similar_feedbacks"]);
  });

  test("the README's table of tools names every tool a Member's agent lists, and says how many reads a Reader's sees", () => {
    const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
    const table = readme.slice(readme.indexOf("| Tool | Permission | Does |"), readme.indexOf("`tools/list` shows only the tools"));
    expect(memberTools.map((t) => t.name).filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
    const words = ["", "one", "two", "three", "four", "five", "six", "seven", "eight"];
    expect(readme).toContain(`a Reader's agent sees the ${words[readerTools.length]} reads`);
  });

  test("the server gives instructions, telling an agent only of the tools its person's role allows", () => {
    for (const tool of memberTools) expect(member.getInstructions()).toContain(tool.name);
    expect(reader.getInstructions()).toContain("list_feedbacks");
    for (const write of ["update_feedback_status", "merge_feedbacks", "create_report", "publish_changelog_entry", "add_comment"])
      expect(reader.getInstructions()).not.toContain(write);
  });

  test("create_report takes the kinds POST /v1/reports takes, and name and email for the relayed person", async () => {
    const input = memberTools.find((t) => t.name === "create_report")!.inputSchema as any;
    expect(input.properties.kind.anyOf.map((k: any) => k.const)).toEqual(["problem", "idea", "praise", "issue", "bug", "greeting"]);
    expect(Object.keys(input.properties)).toContain("name");
    expect(input.additionalProperties).toBe(false);
    const created = (await member.callTool({
      name: "create_report",
      arguments: { appId: server.demo.appId, kind: "problem", message: "The invoice PDF has no logo", name: "Ann", email: "ann@example.com" },
    })) as any;
    expect(created.isError ?? false).toBe(false);
    expect(await authorOf(created.structuredContent.ticketId)).toBe("Ann");
  });

  test("unknown arguments are an error that names them", async () => {
    const refused = await member.callTool({
      name: "create_report",
      arguments: { appId: server.demo.appId, kind: "idea", message: "Bulk edit", reporterName: "Ann" },
    });
    expect(errorOf(refused)).toEqual({
      code: "invalid_ingest",
      error: "An argument is missing or invalid. reporterName: not a known argument.",
    });
  });

  test("a compatibility kind is stored as its real kind (bug: problem); another kind is refused, naming those taken", async () => {
    const created = (await member.callTool({
      name: "create_report",
      arguments: { appId: server.demo.appId, kind: "bug", message: "Bulk edit drops tags" },
    })) as any;
    expect(created.isError ?? false).toBe(false);
    expect((await get(`${server.url}/v1/feedbacks/${created.structuredContent.ticketId}`, server.demo.tokens.admin)).body.kind).toBe("problem");
    const refused = await member.callTool({ name: "create_report", arguments: { appId: server.demo.appId, kind: "task", message: "Bulk edit" } });
    expect(errorOf(refused).error).toBe("An argument is missing or invalid. kind: expected one of problem, idea, praise, issue, bug, greeting.");
  });

  test("create_report: a message over 10,000 characters is message_too_long, as POST /v1/reports answers it, whatever else is wrong", async () => {
    const long = "x".repeat(10_001);
    const refused = await member.callTool({ name: "create_report", arguments: { appId: server.demo.appId, kind: "task", message: long } });
    expect(errorOf(refused).code).toBe("message_too_long");
    const rest = await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "task", message: long });
    expect([rest.status, rest.body.code]).toEqual([413, "message_too_long"]);
  });

  test("a key that names no feedback is named in the refusal, with the code of REST's 404", async () => {
    const refused = await member.callTool({ name: "get_feedback", arguments: { key: "demo-999" } });
    expect(errorOf(refused)).toEqual({ code: "not_found", error: "No feedback DEMO-999 in this organization." });
  });

  test("a report sent by an agent without a relayed person carries the agent's person's name as author", async () => {
    const created = (await member.callTool({
      name: "create_report",
      arguments: { appId: server.demo.appId, kind: "idea", message: "Agents should see the roadmap" },
    })) as any;
    expect(await authorOf(created.structuredContent.ticketId)).toBe("Demo member");
  });

  test("a comment given by update_feedback_status is read back by get_feedback, with its author and status change", async () => {
    const key = (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message: "Search ignores accents" }))
      .body.ticketId;
    await member.callTool({ name: "update_feedback_status", arguments: { key, status: "fixed", comment: "PR https://github.com/acme/app/pull/9" } });
    const read = (await member.callTool({ name: "get_feedback", arguments: { key } })) as any;
    expect(read.structuredContent.comments).toEqual([
      {
        author: "Demo member",
        at: read.structuredContent.comments[0].at,
        statusChange: { from: "triage", to: "fixed" },
        text: "PR https://github.com/acme/app/pull/9",
        visibility: "internal",
      },
    ]);
  });

  test("an invalid filter says which argument and why", async () => {
    const refused = await member.callTool({ name: "list_feedbacks", arguments: { limit: 1.5 } });
    expect(errorOf(refused)).toEqual({
      code: "invalid_query",
      error: "An argument is missing or invalid. limit: expected an integer from 1 to 100.",
    });
  });

  test("tool errors speak of arguments, never of a request body", async () => {
    const refused = await member.callTool({ name: "update_feedback_status", arguments: { key: "DEMO-1", status: "done" } });
    expect(errorOf(refused)).toEqual({
      code: "invalid_body",
      error: "An argument is missing or invalid. status: expected one of triage, prioritized, in_development, fixed, delivered, dismissed.",
    });
    expect(errorOf(await member.callTool({ name: "merge_feedbacks", arguments: { key: "DEMO-1" } })).error).toBe(
      "An argument is missing or invalid. into: required.",
    );
  });
});

describe("create_report picks the app when there is no choice", () => {
  test("without appId, in an organization with one app, the report is about that app", async () => {
    const created = (await member.callTool({
      name: "create_report",
      arguments: { kind: "idea", message: "Export the invoices as a spreadsheet" },
    })) as any;
    expect(created.isError ?? false).toBe(false);
    const feedback = (await get(`${server.url}/v1/feedbacks/${created.structuredContent.ticketId}`, server.demo.tokens.member)).body;
    expect(feedback.app.id).toBe(server.demo.appId);
  });

  test("without appId, in an organization with two apps, the call is refused naming appId", async () => {
    await server.cli("app", "create", "DEMO", "Second app");
    const refused = await member.callTool({ name: "create_report", arguments: { kind: "idea", message: "Dark mode for the invoices" } });
    expect(errorOf(refused)).toEqual({ code: "invalid_ingest", error: "An argument is missing or invalid. appId: required." });
  });
});

describe("tools/list shows only what the token's person may do", () => {
  test("a Reader's agent sees the reads only", () => {
    expect(readerTools.map((t) => t.name).sort()).toEqual([
      "get_feature",
      "get_feedback",
      "list_apps",
      "list_features",
      "list_feedbacks",
      "list_similar_feedbacks",
    ]);
  });

  test("a Reader's agent calling create_report gets forbidden, and nothing is recorded", async () => {
    const before = (await get(`${server.url}/v1/feedbacks?status=all&limit=100`, server.demo.tokens.member)).body.data.length;
    const refused = await reader.callTool({ name: "create_report", arguments: { appId: server.demo.appId, kind: "idea", message: "Reader's idea" } });
    expect(errorOf(refused).code).toBe("forbidden");
    expect((await get(`${server.url}/v1/feedbacks?status=all&limit=100`, server.demo.tokens.member)).body.data.length).toBe(before);
  });

  test("a Reader's agent calling with arguments that cannot be read is told so first, as REST reads a body before it authorizes", async () => {
    const refused = await reader.callTool({ name: "update_feedback_status", arguments: { key: "DEMO-1", status: "done" } });
    expect(errorOf(refused).code).toBe("invalid_body");
  });

  test("a Member's agent sees every tool", async () => {
    expect(memberTools.map((t) => t.name)).toContain("create_report");
    expect(memberTools.map((t) => t.name)).toContain("update_feedback_status");
    expect((await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "idea", message: "warm-up" })).status).toBe(201);
  });
});

describe("grouping through MCP, with the official client", () => {
  const report = async (message: string) =>
    (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message })).body.ticketId as string;

  test("list_similar_feedbacks, merge_feedbacks and unmerge_feedback answer as their REST twins", async () => {
    const kept = await report("The gift card balance shows zero after a top-up on Android");
    const mergedAway = await report("Offline maps do not download over a metered connection");
    const similar = (await member.callTool({ name: "list_similar_feedbacks", arguments: { key: kept } })) as any;
    expect(similar.isError ?? false).toBe(false);
    expect(similar.structuredContent).toEqual((await get(`${server.url}/v1/feedbacks/${kept}/similar`, server.demo.tokens.member)).body);
    const merged = (await member.callTool({ name: "merge_feedbacks", arguments: { key: mergedAway, into: kept } })) as any;
    expect(merged.structuredContent).toMatchObject({ key: kept, reports: 2 });
    expect((await get(`${server.url}/v1/feedbacks/${mergedAway}`, server.demo.tokens.member)).body.mergedInto).toBe(kept);
    const unmerged = (await member.callTool({ name: "unmerge_feedback", arguments: { key: mergedAway } })) as any;
    expect(unmerged.structuredContent).toMatchObject({ key: mergedAway, reports: 1 });
    expect(errorOf(await member.callTool({ name: "unmerge_feedback", arguments: { key: mergedAway } })).code).toBe("cannot_unmerge");
    expect(errorOf(await member.callTool({ name: "merge_feedbacks", arguments: { key: mergedAway, into: mergedAway } })).code).toBe("cannot_merge");
    expect(errorOf(await member.callTool({ name: "merge_feedbacks", arguments: { key: mergedAway } })).code).toBe("invalid_body");
  });

  test("get_feedback of a merged key says so in a first text, then gives the same JSON as its structured content", async () => {
    const kept = await report("Invoices in euros round the VAT the wrong way");
    const mergedAway = await report("Receipts in pounds lose the last digit of the total");
    await member.callTool({ name: "merge_feedbacks", arguments: { key: mergedAway, into: kept } });
    const read = (await member.callTool({ name: "get_feedback", arguments: { key: mergedAway } })) as any;
    expect(read.content[0].text).toBe(`${mergedAway} was merged into ${kept}, which is shown here.`);
    expect(JSON.parse(read.content.at(-1).text)).toEqual(read.structuredContent);
  });

  test("a change or a comment through a merged key says first that it was made on the feedback it was merged into", async () => {
    // Subjects unlike each other, which grouping leaves alone: the merge is this test's own.
    const kept = await report("Bank transfers show yesterday's exchange rate");
    const mergedAway = await report("The profile picture upload rotates portraits");
    await member.callTool({ name: "merge_feedbacks", arguments: { key: mergedAway, into: kept } });
    const calls = [
      { name: "update_feedback_status", arguments: { key: mergedAway, status: "prioritized" } },
      { name: "update_feedback", arguments: { key: mergedAway, severity: "P2" } },
      { name: "add_comment", arguments: { key: mergedAway, text: "Seen on the Monday batch too." } },
    ];
    for (const call of calls) {
      const done = (await member.callTool(call)) as any;
      expect([done.content[0].text, done.structuredContent.key]).toEqual([`${mergedAway} was merged into ${kept}: the change was made there.`, kept]);
    }
  });

  test("list_similar_feedbacks of a merged key says first that it lists those of the feedback it was merged into", async () => {
    const kept = await report("The invoice total ignores the coupon code");
    const mergedAway = await report("The calendar widget starts weeks on Sunday");
    await member.callTool({ name: "merge_feedbacks", arguments: { key: mergedAway, into: kept } });
    const similar = (await member.callTool({ name: "list_similar_feedbacks", arguments: { key: mergedAway } })) as any;
    expect([similar.content[0].text, similar.structuredContent.mergedInto]).toEqual([
      `${mergedAway} was merged into ${kept}, whose similar feedbacks these are.`,
      kept,
    ]);
  });

  test("a merge into a key merged before says first where the merge went: the feedback that key was merged into", async () => {
    // Subjects unlike each other, which grouping leaves alone: the merges are this test's own.
    const survivor = await report("Receipts show the wrong VAT number for Belgium");
    const mergedBefore = await report("The map on the contact page is upside down");
    const merging = await report("Dark mode forgets its setting after signing out");
    await member.callTool({ name: "merge_feedbacks", arguments: { key: mergedBefore, into: survivor } });
    const done = (await member.callTool({ name: "merge_feedbacks", arguments: { key: merging, into: mergedBefore.toLowerCase() } })) as any;
    expect([done.content[0].text, done.structuredContent.key]).toEqual([
      `${mergedBefore.toLowerCase()} was merged into ${survivor} before: ${merging} was merged there.`,
      survivor,
    ]);
    const direct = (await member.callTool({
      name: "merge_feedbacks",
      arguments: { key: await report("Belgian VAT wrong again"), into: survivor },
    })) as any;
    expect(direct.content).toHaveLength(1);
  });

  test("a tool that does not exist is the protocol's invalid-params error (-32602), not a tool result", async () => {
    await expect(member.callTool({ name: "nope", arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  test("a Reader's agent calling merge_feedbacks gets forbidden, and nothing is merged", async () => {
    const a = await report("Two-factor codes arrive after they expire");
    const b = await report("The print preview cuts the last column of tables");
    expect(errorOf(await reader.callTool({ name: "merge_feedbacks", arguments: { key: a, into: b } })).code).toBe("forbidden");
    expect((await get(`${server.url}/v1/feedbacks/${a}`, server.demo.tokens.member)).body.key).toBe(a);
  });
});

describe("closing the loop through MCP, with the official client", () => {
  const report = async (message: string) =>
    (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message })).body.ticketId as string;

  test("publish_changelog_entry writes and publishes an entry in one call, its feedbacks delivered; a draft is published by id", async () => {
    const key = await report("The CSV export drops the header row");
    const published = (await member.callTool({
      name: "publish_changelog_entry",
      arguments: { title: "CSV exports keep their header", body: "Fixed in **2.4**.", feedbacks: [key] },
    })) as any;
    expect(published.isError ?? false).toBe(false);
    expect(published.structuredContent).toMatchObject({ title: "CSV exports keep their header", status: "published", feedbacks: [key] });
    expect((await get(`${server.url}/v1/feedbacks/${key}`, server.demo.tokens.member)).body.status).toBe("delivered");
    const draft = await post(`${server.url}/v1/changelog`, { title: "Draft" }, { authorization: `Bearer ${server.demo.tokens.member}` });
    const byId = (await member.callTool({ name: "publish_changelog_entry", arguments: { id: draft.body.id, body: "Now with words." } })) as any;
    expect(byId.structuredContent).toMatchObject({ id: draft.body.id, status: "published", body: "Now with words." });
    expect(errorOf(await member.callTool({ name: "publish_changelog_entry", arguments: { id: draft.body.id } })).code).toBe("changelog_published");
    expect(errorOf(await member.callTool({ name: "publish_changelog_entry", arguments: { feedbacks: [key] } })).code).toBe("invalid_body");
  });

  test("add_comment adds a comment without changing the status; a Reader's agent is not offered either tool", async () => {
    const key = await report("Search results flicker while typing");
    const commented = (await member.callTool({
      name: "add_comment",
      arguments: { key, text: "Reproduced on Safari 18.", visibility: "public" },
    })) as any;
    expect(commented.isError ?? false).toBe(false);
    expect(commented.structuredContent.status).toBe("triage");
    expect(commented.structuredContent.comments.at(-1)).toMatchObject({ text: "Reproduced on Safari 18." });
    expect(errorOf(await member.callTool({ name: "add_comment", arguments: { key, text: "x", visibility: "everyone" } })).code).toBe("invalid_body");
    const names = readerTools.map((t) => t.name);
    expect(names).not.toContain("add_comment");
    expect(names).not.toContain("publish_changelog_entry");
  });
});
