import { afterAll, beforeAll, expect, test } from "bun:test";
import { decode } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

/** The portal's board used as a browser without JavaScript uses it: its GET forms and its tabs' links. */
let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
  const token = http.demo.tokens.admin;
  expect((await http.request("PUT", "/v1/portal", { token, body: { enabled: true, title: "Acme Books feedback" } })).status).toBe(200);
  for (const [title, kind, status] of [
    ["Dark mode for the whole app", "idea", null],
    ["Export invoices to PDF gives a blank page on Safari", "problem", "in_development"],
    ["Calendar sync with Google and Outlook", "idea", "prioritized"],
  ] as const) {
    const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind, title, message: `${title}, please` } }))
      .body.ticketId as string;
    expect((await http.request("POST", `/v1/feedbacks/${key}/publish`, { token, body: {} })).status).toBe(200);
    if (status) expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token, body: { status } })).status).toBe(200);
  }
});
afterAll(() => http.close());

/**
 * The address a browser goes to on sending the page's GET form of class `name` by its button: each
 * field as the page shows it, then `changes`, each to a field a person can change in it (a select's
 * to one of its options), as a browser without JavaScript can only send what the form offers.
 */
function sent(page: string, name: string, changes: Record<string, string>): string {
  const form = new RegExp(`<form class="${name}"[^>]* method="get" action="([^"]+)"[^>]*>([\\s\\S]*?)</form>`).exec(page);
  if (!form) throw new Error(`no form ${name}`);
  if (!form[2]!.includes('<button type="submit">')) throw new Error(`no button sends the form ${name}`);
  const query = new URLSearchParams();
  /** The fields a person changes: a select's options, or null for a field typed in. */
  const changeable = new Map<string, readonly string[] | null>();
  for (const [input] of form[2]!.matchAll(/<input [^>]*>/g)) {
    const field = /name="([^"]+)"/.exec(input)?.[1];
    if (field) query.append(field, decode(/value="([^"]*)"/.exec(input)?.[1] ?? ""));
    if (field && !input.includes('type="hidden"')) changeable.set(field, null);
  }
  for (const [, field, options] of form[2]!.matchAll(/<select [^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const chosen = /<option value="([^"]*)" selected>/.exec(options!) ?? /<option value="([^"]*)"/.exec(options!);
    query.append(field!, decode(chosen?.[1] ?? ""));
    changeable.set(
      field!,
      [...options!.matchAll(/<option value="([^"]*)"/g)].map(([, value]) => decode(value!)),
    );
  }
  for (const [field, value] of Object.entries(changes)) {
    const choices = changeable.get(field);
    if (choices === undefined || (choices !== null && !choices.includes(value))) throw new Error(`the form ${name} offers no ${field}=${value}`);
    query.set(field, value);
  }
  return `${decode(form[1]!)}?${query}`;
}
const open = async (address: string) => (await http.fetch(`${http.url}${address}`)).text();
/** The titles of the board's posts, as the page lists them. */
const titles = (page: string) => {
  const list = /<ul class="posts">([\s\S]*?)<\/ul>\s*(?:<nav|<\/section>)/.exec(page)?.[1] ?? "";
  return [...list.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map(([, h2]) => decode(h2!.replace(/<[^>]+>/g, "")).trim());
};

test("without JavaScript, the board's filters and sort work from the form and the tabs", async () => {
  const filtered = sent(await open("/p/demo"), "filters", { kind: "problem" });
  expect(new URL(filtered, http.url).searchParams.get("kind")).toBe("problem");
  const problems = await open(filtered);
  expect(titles(problems)).toEqual(["Export invoices to PDF gives a blank page on Safari"]);
  const newest = decode(/<a href="([^"]+)"[^>]*>New<\/a>/.exec(problems)![1]!);
  expect(new URL(newest, http.url).searchParams.get("sort")).toBe("new");
  expect(titles(await open(sent(await open(newest), "search", { query: "calendar" })))).toEqual([]);
  expect(titles(await open("/p/demo?query=calendar"))).toEqual(["Calendar sync with Google and Outlook"]);
});
