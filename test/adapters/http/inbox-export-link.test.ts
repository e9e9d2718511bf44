import { afterAll, beforeAll, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { rowKeys } from "../../support/inbox-page.ts";

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

test("an unknown filter value, the address edited by hand, is left out of the export as the inbox leaves it out of the list: both hold the same feedbacks", async () => {
  const send = (message: string, kind = "problem") =>
    http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind, message } }).then((r) => r.body.ticketId as string);
  const keys = [await send("Zephyr export: the PDF margin is off"), await send("Zephyr export: a dark theme please", "idea")];
  const listed = async (address: string) => rowKeys(await (await member.fetch(address)).text()).sort();
  const exported = async (address: string) => {
    const download = await member.fetch(address);
    const lines = (await download.text()).trim().split(/\r?\n/);
    return {
      status: download.status,
      header: lines[0],
      keys: lines
        .slice(1)
        .map((line) => line.split(",")[0])
        .sort(),
    };
  };
  for (const bogus of ["due=bogus", "kind=bogus", "sort=bogus", "owner=bogus", "status=bogus", "severity=bogus", "published=maybe"]) {
    const filters = `query=zephyr&${bogus}`;
    expect({ bogus, keys: await listed(`/inbox?${filters}`) }).toEqual({ bogus, keys: [...keys].sort() });
    expect({ bogus, ...(await exported(`/inbox/export?${filters}&format=csv`)) }).toEqual({
      bogus,
      status: 200,
      header: CSV_HEADER,
      keys: [...keys].sort(),
    });
  }
  // A format it does not know is the one it writes when none is named: CSV.
  expect(await exported("/inbox/export?query=zephyr&format=xlsx")).toEqual({ status: 200, header: CSV_HEADER, keys: [...keys].sort() });
});
