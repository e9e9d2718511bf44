import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const report = async (message: string) =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body;
const read = (key: string) => http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader });

describe("what was written can be read back", () => {
  test("GET /v1/feedbacks/{key} returns the comments given with status changes: author, at, status change, text, and internal visibility", async () => {
    const { ticketId } = await report("The calendar export misses recurring events");
    const patched = await http.request("PATCH", `/v1/feedbacks/${ticketId}`, {
      token: http.demo.tokens.member,
      body: { status: "in_development", comment: "Fix in https://github.com/acme/app/pull/7" },
    });
    expect(patched.body.comments).toHaveLength(1);
    await http.request("PATCH", `/v1/feedbacks/${ticketId}`, {
      token: http.demo.tokens.admin,
      body: { status: "in_development", comment: "Reviewed" },
    });
    const { comments } = (await read(ticketId)).body;
    expect(comments).toEqual([
      {
        author: "Demo member",
        at: expect.any(String),
        statusChange: { from: "triage", to: "in_development" },
        text: "Fix in https://github.com/acme/app/pull/7",
        visibility: "internal",
      },
      { author: "Demo admin", at: expect.any(String), text: "Reviewed", visibility: "internal" },
    ]);
  });

  test("a feedback without comments has an empty list", async () => {
    const { ticketId } = await report("The avatar upload fails on large images");
    expect((await read(ticketId)).body.comments).toEqual([]);
  });

  test("a read of a merged key says which feedback it was merged into", async () => {
    const first = await report("The checkout button does nothing on Safari");
    await http.runJobs();
    const second = await report("On Safari the checkout button does nothing when I click it");
    await http.runJobs();
    const folded = await read(second.ticketId);
    expect(folded.body.key).toBe(first.ticketId);
    expect(folded.body.mergedInto).toBe(first.ticketId);
    expect(folded.headers.get("content-location")).toBe(`/v1/feedbacks/${first.ticketId}`);
    expect((await read(first.ticketId)).body.mergedInto).toBeUndefined();
  });

  test("a change or a comment sent to a merged key goes to the feedback it was merged into and says so: mergedInto and Content-Location, in bulk too", async () => {
    const first = await report("The invoice PDF has the wrong tax rate");
    const second = await report("Another subject entirely: the avatars are blurry");
    const merged = await http.request("POST", `/v1/feedbacks/${second.ticketId}/merge`, {
      token: http.demo.tokens.admin,
      body: { into: first.ticketId },
    });
    expect(merged.status).toBe(200);
    const patched = await http.request("PATCH", `/v1/feedbacks/${second.ticketId}`, {
      token: http.demo.tokens.member,
      body: { status: "prioritized" },
    });
    expect([patched.status, patched.body.key, patched.body.status, patched.body.mergedInto, patched.headers.get("content-location")]).toEqual([
      200,
      first.ticketId,
      "prioritized",
      first.ticketId,
      `/v1/feedbacks/${first.ticketId}`,
    ]);
    const bulk = await http.request("POST", "/v1/feedbacks/bulk", {
      token: http.demo.tokens.member,
      body: { keys: [second.ticketId, first.ticketId], set: { status: "in_development" } },
    });
    expect(bulk.body.results).toEqual([
      { key: second.ticketId, ok: true, mergedInto: first.ticketId },
      { key: first.ticketId, ok: true },
    ]);
    const commented = await http.request("POST", `/v1/feedbacks/${second.ticketId}/comments`, {
      token: http.demo.tokens.member,
      body: { text: "Same cause as the tax rate." },
    });
    expect([commented.status, commented.body.key, commented.body.mergedInto, commented.headers.get("content-location")]).toEqual([
      200,
      first.ticketId,
      first.ticketId,
      `/v1/feedbacks/${first.ticketId}`,
    ]);
    const own = await http.request("PATCH", `/v1/feedbacks/${first.ticketId}`, { token: http.demo.tokens.member, body: { severity: "P2" } });
    expect([own.body.mergedInto, own.headers.get("content-location")]).toEqual([undefined, null]);
  });

  test("query=DEMO-1 ranks the exact key first, and lists it once across pages", async () => {
    for (let i = 0; i < 12; i++) await report(`Distinct subject number ${i}: ${["maps", "fonts", "exports", "sounds"][i % 4]} ${i}`);
    const first = await http.request("GET", "/v1/feedbacks?status=all&query=DEMO-1&limit=1", { token: http.demo.tokens.reader });
    expect(first.body.data.map((f: any) => f.key)).toEqual(["DEMO-1"]);
    const keys: string[] = ["DEMO-1"];
    for (let cursor = first.body.nextCursor; cursor; ) {
      const page = await http.request("GET", `/v1/feedbacks?status=all&query=DEMO-1&limit=5&cursor=${encodeURIComponent(cursor)}`, {
        token: http.demo.tokens.reader,
      });
      keys.push(...page.body.data.map((f: any) => f.key));
      cursor = page.body.nextCursor;
    }
    expect(keys.filter((k) => k === "DEMO-1")).toHaveLength(1);
    expect(keys).toContain("DEMO-10");
  });
});

describe("French words are the same on every page", () => {
  test("the tracking page names a status as the portal does (Prévu), not with the team's word (Priorisé)", async () => {
    const created = (
      await http.request("POST", "/v1/reports", {
        body: { publicKey: http.demo.publicKey, kind: "problem", message: "Le bouton de paiement ne répond pas sur mon téléphone" },
      })
    ).body;
    await http.request("PATCH", `/v1/feedbacks/${created.ticketId}`, { token: http.demo.tokens.member, body: { status: "prioritized" } });
    const page = await http.request("GET", new URL(created.statusUrl).pathname + new URL(created.statusUrl).search);
    expect(page.body).toContain('<span class="badge status-prioritized">Prévu</span>');
    expect(page.body).not.toContain("Priorisé");
  });

  test("the tracking page's 404 speaks the visitor's language", async () => {
    const missing = await http.request("GET", "/s/nothing?t=x", { headers: { "accept-language": "fr-FR,fr;q=0.9" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("<h1>Il n’y a rien à cette adresse.</h1><p>Le lien d’un signalement ne fonctionne qu’entier\u202f: ouvrez-le");
  });
});
