import { afterAll, beforeAll, expect, test } from "bun:test";
import { FakeGitHub } from "../../support/fake-github.ts";
import { type InProcess, inProcess } from "../../support/in-process.ts";

const github = new FakeGitHub();
let server: InProcess;
beforeAll(async () => {
  github.start();
  server = await inProcess();
});
afterAll(() => {
  server.close();
  github.stop();
});

/** A new feedback of the demo app, whose tracker is the fake GitHub: its key. */
async function trackedFeedback(message: string): Promise<string> {
  await server.cli("tracker", "set", "DEMO", server.demo.appId, "github", "--repo", "acme/shop", "--token", "gh-token", "--api-url", github.url);
  return (await server.request("POST", "/v1/reports", { body: { publicKey: server.demo.publicKey, kind: "problem", message } })).body.ticketId;
}

test("409 no_tracker when the app has no tracker", async () => {
  const admin = server.demo.tokens.admin;
  const apps = await server.request("GET", "/v1/apps", { token: admin });
  await server.cli("app", "create", "DEMO", "Untracked app");
  const untracked = (await server.request("GET", "/v1/apps", { token: admin })).body.data.find((a: any) => a.name === "Untracked app");
  expect(apps.status).toBe(200);
  const channel = (await server.cli("channel", "create", "DEMO", untracked.id)).trim();
  const k = (await server.request("POST", "/v1/reports", { body: { publicKey: channel, kind: "idea", message: "Untracked idea about widgets" } }))
    .body.ticketId;
  const res = await server.request("POST", `/v1/feedbacks/${k}/tracker`, { token: admin, body: {} });
  expect([res.status, res.body.code]).toEqual([409, "no_tracker"]);
});

test("409 tracker_linked when no issue is named and the feedback is linked already: no second issue is opened", async () => {
  const admin = server.demo.tokens.admin;
  const key = await trackedFeedback("The cart forgets its coupon");
  const first = await server.request("POST", `/v1/feedbacks/${key}/tracker`, { token: admin, body: {} });
  const issues = github.issues.size;
  const again = await server.request("POST", `/v1/feedbacks/${key}/tracker`, { token: admin, body: {} });
  expect(first.status).toBe(200);
  expect([again.status, again.body]).toEqual([
    409,
    {
      error: "This feedback is already linked to a tracker issue: no second one is created. Name an existing issue to link it instead.",
      code: "tracker_linked",
    },
  ]);
  expect(github.issues.size).toBe(issues);
});

test("two requests to open an issue at the same moment open one: the other is refused 409 tracker_linked", async () => {
  const admin = server.demo.tokens.admin;
  const key = await trackedFeedback("The basket empties itself on reload");
  const issues = github.issues.size;
  const both = await Promise.all([1, 2].map(() => server.request("POST", `/v1/feedbacks/${key}/tracker`, { token: admin, body: {} })));
  expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
  expect(both.find((res) => res.status === 409)?.body.code).toBe("tracker_linked");
  expect(github.issues.size).toBe(issues + 1);
});
