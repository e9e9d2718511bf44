import { afterAll, beforeAll, expect, test } from "bun:test";
import { FakeJira } from "../support/fake-jira.ts";
import { FakeLinear } from "../support/fake-linear.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, patch, post } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

const linear = new FakeLinear();
const jira = new FakeJira();
let server: Served;
beforeAll(async () => {
  linear.start();
  jira.start();
  server = await serveInProcess();
});
afterAll(async () => {
  await server.stop();
  linear.stop();
  jira.stop();
});

const secretOf = (printed: string, provider: string) =>
  new RegExp(`Its webhook: ${server.url}/integrations/${provider}/webhook, secret:\\n(\\S{20,})\\n`).exec(printed)?.[1];

test("the CLI takes each tracker's options, asks the tracker about the token, and prints the webhook address and a new secret", async () => {
  const forJira = await server.cli(
    "tracker",
    "set",
    "DEMO",
    server.demo.appId,
    "jira",
    "--site",
    "acme.atlassian.net",
    "--project",
    "SHOP",
    "--email",
    jira.email,
    "--token",
    jira.token,
    "--issue-type",
    "Bug",
    "--statuses",
    "dismissed=Won't Do",
    "--api-url",
    jira.url,
  );
  expect(secretOf(forJira, "jira")).toBeDefined();
  const forLinear = await server.cli(
    "tracker",
    "set",
    "DEMO",
    server.demo.appId,
    "linear",
    "--team",
    "ENG",
    "--token",
    linear.token,
    "--statuses",
    "fixed=In Review",
    "--api-url",
    linear.url,
  );
  expect(secretOf(forLinear, "linear")).not.toBe(secretOf(forJira, "jira"));
  // The token first, then the states the mapping names, among the workflow's.
  expect([jira.calls, linear.calls]).toEqual([
    ["GET /rest/api/3/myself", "GET /rest/api/3/project/SHOP", "GET /rest/api/3/mypermissions", "GET /rest/api/3/project/SHOP/statuses"],
    ["viewer", "teams", "workflowStates"],
  ]);
});

test("the server's worker carries a status change to Linear, and Linear's signed webhook brings one back", async () => {
  const printed = await server.cli(
    "tracker",
    "set",
    "DEMO",
    server.demo.appId,
    "linear",
    "--team",
    "ENG",
    "--token",
    linear.token,
    "--api-url",
    linear.url,
  );
  const secret = secretOf(printed, "linear")!;
  const admin = server.demo.tokens.admin;
  const key = (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message: "Search ignores accents" })).body
    .ticketId;
  expect((await post(`${server.url}/v1/feedbacks/${key}/tracker`, {}, { authorization: `Bearer ${admin}` })).body.trackerIssue.key).toBe("ENG-1");
  await patch(`${server.url}/v1/feedbacks/${key}`, admin, { status: "in_development" });
  await waitFor(
    "the worker to move the Linear issue",
    () => linear.stateOf("ENG-1"),
    (state) => state === "In Progress",
  );
  const moved = linear.move("ENG-1", "Done", secret);
  const res = await fetch(`${server.url}/integrations/linear/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "linear-signature": moved.signature },
    body: moved.raw,
  });
  expect(res.status).toBe(202);
  expect((await get(`${server.url}/v1/feedbacks/${key}`, admin)).body).toMatchObject({ status: "delivered", trackerIssue: { status: "Done" } });
});
