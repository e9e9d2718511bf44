import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { AppRecord } from "../../core/model.ts";
import type { NewFeedback, RecordedFeedback } from "../../core/store/collection.ts";
import { createReport } from "../../core/report/create-report.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

const organization = { id: "o", name: "Acme", keyPrefix: "ACME", plan: "free" as const, quotaOverride: null };
const app = (id: string): AppRecord => ({ id, orgId: "o", name: `App ${id}`, kind: "web" });

/** An organization with these apps, recording what an agent sends. */
function fakeAgentStore(apps: readonly AppRecord[]) {
  const recorded: NewFeedback[] = [];
  let next = 0;
  const store = {
    findApp: async (orgId: string, appId: string) => apps.find((a) => a.orgId === orgId && a.id === appId) ?? null,
    listApps: async (orgId: string) => apps.filter((a) => a.orgId === orgId),
    findOrganization: async () => organization,
    findUser: async () => ({ id: "u", email: "ann@acme.test", name: "Ann" }),
    recordFeedback: async (input: NewFeedback): Promise<RecordedFeedback> => {
      recorded.push(input);
      return { state: "recorded", feedback: { ...input.feedback, key: `ACME-${recorded.length}` } };
    },
  };
  const deps = {
    store,
    clock: () => NOW,
    ids: { id: () => `id-${++next}`, secret: () => `secret-${++next}` },
    digest: (text: string) => `sha256(${text})`,
    secrets: { seal: async (text: string) => `sealed:${text}`, open: async (sealed: string) => sealed.slice(7) },
    baseUrl: "https://retour.test",
  };
  return { deps, recorded };
}

const member = tokenGrant("member", ["reports:write"]);
const idea = { kind: "idea" as const, message: "Export the invoices as a spreadsheet" };

describe("create_report: the app a report is about", () => {
  test("without appId, an organization's only app receives the report", async () => {
    const { deps, recorded } = fakeAgentStore([app("only")]);
    const created = await createReport(deps, member, idea);
    assert.equal(created.ok, true);
    assert.deepEqual(
      recorded.map((r) => r.feedback.appId),
      ["only"],
    );
  });

  test("without appId, an organization with two apps refuses the report, naming appId, and records nothing", async () => {
    const { deps, recorded } = fakeAgentStore([app("web"), app("ios")]);
    assert.deepEqual(await createReport(deps, member, idea), { ok: false, code: "invalid_ingest", problem: { field: "appId", reason: "missing" } });
    assert.equal(recorded.length, 0);
  });

  test("a relayed e-mail that is no address is refused naming email, and nothing is recorded; one in capitals with spaces is taken", async () => {
    const { deps, recorded } = fakeAgentStore([app("only")]);
    const refused = await createReport(deps, member, { ...idea, name: "Ann", email: "not-an-email" });
    assert.equal(!refused.ok && `${refused.code} ${refused.problem?.field} ${refused.problem?.reason}`, "invalid_ingest email expected");
    assert.equal(recorded.length, 0);
    assert.equal((await createReport(deps, member, { ...idea, email: " Ann@Example.COM " })).ok, true);
    assert.equal(recorded.length, 1);
  });

  test("with appId, the report is about the app named, among several", async () => {
    const { deps, recorded } = fakeAgentStore([app("web"), app("ios")]);
    await createReport(deps, member, { ...idea, appId: "ios" });
    assert.deepEqual(
      recorded.map((r) => r.feedback.appId),
      ["ios"],
    );
  });

  test("an appId the organization does not have is not found, and named", async () => {
    const { deps } = fakeAgentStore([app("only")]);
    assert.deepEqual(await createReport(deps, member, { ...idea, appId: "elsewhere" }), {
      ok: false,
      code: "not_found",
      missing: { resource: "app", id: "elsewhere" },
    });
  });
});
