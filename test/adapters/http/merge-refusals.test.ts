import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operatorGrant } from "../../../core/authorization.ts";
import { addChannel } from "../../../core/apps/add-channel.ts";
import { createApp } from "../../../core/apps/create-app.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const report = async (message: string, publicKey = http.demo.publicKey): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey, kind: "problem", message } })).body.ticketId;
const merge = (key: string, into: string) => http.request("POST", `/v1/feedbacks/${key}/merge`, { body: { into }, token: http.demo.tokens.admin });

describe("POST /v1/feedbacks/{key}/merge says which condition failed, with the code unchanged", () => {
  test("the same feedback twice: 409 cannot_merge naming it", async () => {
    const key = await report("The export button greys out after one click");
    const refused = await merge(key, key);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "cannot_merge",
      error: `A feedback cannot be merged into itself: ${key} was named twice. Give the key of another feedback.`,
    });
  });

  test("two apps: 409 cannot_merge naming both", async () => {
    const grant = operatorGrant(http.demo.orgId);
    const other = await createApp(http.services, grant, { name: "Back office", kind: "web" });
    if (!other.ok) throw new Error(other.code);
    const channel = await addChannel(http.services, grant, other.value.id, "api");
    if (!channel.ok) throw new Error(channel.code);
    const mine = await report("Invoices show last month's total");
    const theirs = await report("Invoices show the total of the month before", channel.value.key);
    const refused = await merge(mine, theirs);
    expect([refused.status, refused.body.code]).toEqual([409, "cannot_merge"]);
    expect(refused.body.error).toBe(`${mine} and ${theirs} belong to different apps: only feedbacks of one app can be merged.`);
  });

  test("a feedback merged already: 409 cannot_merge naming it and the feedback that holds it", async () => {
    const [a, b, c] = [await report("Avatars upload sideways"), await report("The map zooms out on its own"), await report("Sound plays twice")];
    expect((await merge(a, b)).status).toBe(200);
    const refused = await merge(a, c);
    expect([refused.status, refused.body.code]).toEqual([409, "cannot_merge"]);
    expect(refused.body.error).toBe(`${a} is merged into ${b} already: merge into ${b}, or unmerge ${a} first.`);
  });

  test("an unknown key: 404 not_found naming the key, in English and in French", async () => {
    const key = await report("The calendar forgets the time zone");
    const refused = await merge(key, "demo-999");
    expect([refused.status, refused.body]).toEqual([404, { code: "not_found", error: "No feedback DEMO-999 in this organization." }]);
    const french = await http.request("POST", `/v1/feedbacks/${key}/merge`, {
      body: { into: "DEMO-999" },
      token: http.demo.tokens.admin,
      headers: { "accept-language": "fr" },
    });
    expect(french.body.error).toBe("Aucun retour DEMO-999 dans cette organisation.");
  });
});

describe("keys are matched whatever their case", () => {
  test("demo-4 and DEMO-4 name one feedback: read, and merged into", async () => {
    const target = await report("Search finds nothing with accents");
    const source = await report("Searching with accents returns no result");
    const read = await http.request("GET", `/v1/feedbacks/${target.toLowerCase()}`, { token: http.demo.tokens.admin });
    expect([read.status, read.body.key, read.body.mergedInto]).toEqual([200, target, undefined]);
    const merged = await merge(source.toLowerCase(), target.toLowerCase());
    expect([merged.status, merged.body.key, merged.body.reports]).toEqual([200, target, 2]);
  });

  test("the web page of demo-4 is the page of DEMO-4", async () => {
    const key = await report("Dark mode flickers on start");
    const b = await signedInAs(http, "admin");
    const page = await b.fetch(`/inbox/${key.toLowerCase()}`);
    expect([page.status, page.headers.get("location")]).toEqual([303, `/inbox/${key}`]);
  });
});

describe("merging by key on a feedback's page", () => {
  test("an unknown key is named in the refusal, and stays in the field", async () => {
    const key = await report("Push notifications arrive twice");
    const b = await signedInAs(http, "admin");
    const page = await (await b.fetch(`/inbox/${key}`)).text();
    const form = /<form method="post" action="\/duplicates\/merge">[\s\S]*?<\/form>/.exec(page)![0];
    const refused = await b.submit(form, { into: "demo-999" }, undefined, { origin: "http://localhost:3000" });
    const back = refused.headers.get("location")!;
    expect(back).toStartWith(`/inbox/${key}?`);
    const shown = await (await b.fetch(back)).text();
    expect(shown).toContain(`No feedback <span class="nowrap">DEMO-999</span> in this organization.`);
    expect(shown).toContain('name="into" required maxlength="100" value="demo-999"');
  });

  test("an empty field says which field needs a key, in English and in French", async () => {
    const key = await report("Dark mode forgets itself");
    for (const [language, said] of [
      ["en", "Write in “Merge this feedback into” the key of the feedback that keeps both."],
      ["fr", "Écrivez dans «\u202fFusionner ce retour dans\u202f» la clé du retour qui garde les deux."],
    ] as const) {
      const b = await signedInAs(http, "admin", "/inbox", { "accept-language": language });
      const page = await (await b.fetch(`/inbox/${key}`)).text();
      const form = /<form method="post" action="\/duplicates\/merge">[\s\S]*?<\/form>/.exec(page)![0];
      const refused = await b.submit(form, { into: " " }, undefined, { origin: "http://localhost:3000" });
      expect(await (await b.fetch(refused.headers.get("location")!)).text()).toContain(
        `<p class="error" role="alert" tabindex="-1" autofocus>${said}</p>`,
      );
    }
  });

  test("a merge asked from the page of a feedback merged elsewhere since is refused, and the page of the one that holds it says so", async () => {
    const [key, holder, other] = [await report("Exports hang at 99%"), await report("The export never finishes"), await report("Fonts look blurry")];
    const b = await signedInAs(http, "admin");
    const page = await (await b.fetch(`/inbox/${key}`)).text();
    expect((await merge(key, holder)).status).toBe(200);
    const form = /<form method="post" action="\/duplicates\/merge">[\s\S]*?<\/form>/.exec(page)![0];
    const refused = await b.submit(form, { into: other }, undefined, { origin: "http://localhost:3000" });
    const moved = await b.fetch(refused.headers.get("location")!);
    expect([moved.status, moved.headers.get("location")]).toEqual([
      303,
      expect.stringMatching(new RegExp(`^/inbox/${holder}\\?.*reason=already_merged`)),
    ]);
    const shown = await (await b.fetch(moved.headers.get("location")!)).text();
    expect(shown).toContain(
      `<span class="nowrap">${key}</span> is merged into <span class="nowrap">${holder}</span> already: merge into <span class="nowrap">${holder}</span>, or unmerge <span class="nowrap">${key}</span> first.`,
    );
  });

  test("'Not duplicates' pressed for a pair merged meanwhile says they are one feedback now, and dismisses nothing", async () => {
    const [a, b2] = [await report("The invoice list is empty on Mondays"), await report("Invoices vanish from the list on Mondays")];
    const b = await signedInAs(http, "admin");
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await b.fetch("/duplicates")).text())![1]!;
    expect((await merge(b2, a)).status).toBe(200);
    const form = `<form method="post" action="/duplicates/dismiss"><input type="hidden" name="csrf" value="${csrf}"></form>`;
    const sent = await b.submit(form, { feedback: b2, similar: a, next: "/duplicates" }, undefined, { origin: "http://localhost:3000" });
    const shown = await (await b.fetch(sent.headers.get("location")!)).text();
    expect(shown).toContain(
      `Nothing to do: <a href="/inbox/${b2}" class="nowrap">${b2}</a> and <a href="/inbox/${a}" class="nowrap">${a}</a> are one feedback now, merged meanwhile.`,
    );
  });
});

describe("a feedback others were merged into", () => {
  const read = (key: string) => http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin });
  const unmerge = (key: string, headers: Record<string, string> = {}) =>
    http.request("POST", `/v1/feedbacks/${key}/unmerge`, { token: http.demo.tokens.admin, headers });

  test("names them in merged, each by key with when it was merged, oldest first; one unmerged leaves the list", async () => {
    const [survivor, first, second] = [await report("Receipts print blank"), await report("Blank receipts"), await report("The receipt is empty")];
    expect((await read(survivor)).body.merged).toBeUndefined();
    await merge(first, survivor);
    http.advanceClock(1_000);
    await merge(second, survivor);
    const merged = (await read(survivor)).body.merged;
    expect(merged).toEqual([
      { key: first, at: expect.any(String) },
      { key: second, at: expect.any(String) },
    ]);
    expect(Date.parse(merged[1].at) - Date.parse(merged[0].at)).toBeGreaterThanOrEqual(1_000);
    expect((await unmerge(first)).status).toBe(200);
    expect((await read(survivor)).body.merged).toEqual([{ key: second, at: merged[1].at }]);
  });

  test("/openapi.json describes merged on the Feedback schema, the one REST and MCP answer with", async () => {
    const doc = (await http.request("GET", "/openapi.json")).body;
    expect(doc.components.schemas.Feedback.properties.merged).toMatchObject({
      type: "array",
      items: { properties: { key: { type: "string" }, at: { type: "string", format: "date-time" } } },
    });
  });

  test("unmerged itself, it is refused naming the feedbacks merged into it, which can be unmerged, in English and in French", async () => {
    const [survivor, source] = [await report("The chart legend overlaps"), await report("Legend covers the chart")];
    await merge(source, survivor);
    expect((await unmerge(survivor)).body).toEqual({
      code: "cannot_unmerge",
      error: `${survivor} is not merged into another feedback; others were merged into it: unmerge one of ${source}.`,
    });
    expect((await unmerge(survivor, { "accept-language": "fr" })).body.error).toBe(
      `${survivor} n’est fusionné dans aucun autre retour\u202f; d’autres ont été fusionnés dans celui-ci\u202f: défusionnez l’un de ${source}.`,
    );
  });
});
