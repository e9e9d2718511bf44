import { afterAll, beforeAll, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
let member: FormBrowser;
beforeAll(async () => {
  http = await inProcess();
  member = new FormBrowser(http.url, {}, (request) => http.handle(request));
  await signIn(member, http.demo.users.member.email, http.demo.users.member.password, "/inbox");
});
afterAll(() => http.close());

const CSV_HEADER = "key,title,kind,status,severity,app,feature,reports,votes,owner,tags,createdAt,lastActivityAt,url";
const decode = (href: string) => href.replace(/&amp;/g, "&");

test("the Export CSV link downloads the list as CSV with its header row", async () => {
  const message = "Export: the onboarding checklist never completes";
  const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body.ticketId;
  const inbox = await (await member.fetch("/inbox")).text();
  const href = /<a href="([^"]+)"[^>]*>Export CSV<\/a>/.exec(inbox)?.[1];
  expect(href).toBeDefined();
  const download = await member.fetch(decode(href!));
  expect(download.status).toBe(200);
  // A browser saves it as a file (attachment) with a .csv name, rather than showing it.
  expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+\.csv"$/);
  const lines = (await download.text()).trim().split(/\r?\n/);
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines.some((line) => line.startsWith(`${key},`))).toBe(true);
});
