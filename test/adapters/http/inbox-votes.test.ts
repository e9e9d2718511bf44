import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const report = async (message: string): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message } })).body.ticketId;
/** The votes section of a feedback's page. */
const votesOf = (page: string) => page.slice(page.indexOf('<h2 id="votes">'), page.indexOf("</aside>"));

describe("a feedback's votes on its page", () => {
  test("a Member records a customer's vote: counted once, the voter listed by name and e-mail, and the person follows the feedback", async () => {
    const key = await report("Export the year's invoices as one ZIP file");
    const member = await signedInAs(http, "member");
    const page = await (await member.fetch(`/inbox/${key}`)).text();
    expect(votesOf(page)).toContain("No one has voted for it yet.");
    const sent = await member.submit(page, { email: "Lea@Customer.example", name: "Léa" }, `/inbox/${key}/votes`);
    expect(sent.headers.get("location")).toBe(`/inbox/${key}?voted=counted`);
    const shown = votesOf(await (await member.fetch(sent.headers.get("location")!)).text());
    expect(shown).toContain(
      '<h2 id="votes">1 vote</h2><p class="notice" role="status" tabindex="-1" autofocus>Vote recorded. The person follows this feedback now.</p>',
    );
    expect(shown).toContain("<li>Léa &lt;lea@customer.example&gt;");
    const again = await member.submit(page, { email: "lea@customer.example" }, `/inbox/${key}/votes`);
    expect(again.headers.get("location")).toBe(`/inbox/${key}?voted=already`);
    const read = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body;
    expect([read.votes, read.followers]).toEqual([1, 1]);
  });

  test("an address that is not one is refused beside its field, by its label, the field keeping what was typed and the focus; nothing is counted", async () => {
    const key = await report("Keyboard shortcuts for the calendar view");
    const member = await signedInAs(http, "member");
    const sent = { email: "not an address", name: "Léa" };
    const refused = await member.submit(await (await member.fetch(`/inbox/${key}`)).text(), sent, `/inbox/${key}/votes`);
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toMatch(
      /<label for="vote-email">Record a customer&#39;s vote: their e-mail<\/label><p class="error" role="alert" id="vote-email-error">Record a customer&#39;s vote: their e-mail: expected [^<]+<\/p><input id="vote-email" name="email" type="email" required maxlength="254" autocomplete="off" value="not an address" aria-invalid="true" aria-describedby="vote-email-error" autofocus>/,
    );
    expect(page).toContain('<input id="vote-name" name="name" maxlength="100" autocomplete="off" value="Léa">');
    // Said once, beside the field, not again at the page's top.
    expect(page.match(/role="alert"/g)).toHaveLength(1);
    expect((await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body.votes).toBe(0);
  });

  test("a Reader sees who voted, and no form to record a vote", async () => {
    const key = await report("A dark theme for the mobile app");
    await http.request("POST", `/v1/feedbacks/${key}/votes`, { token: http.demo.tokens.admin, body: { email: "sam@customer.example" } });
    const page = votesOf(await (await (await signedInAs(http, "reader")).fetch(`/inbox/${key}`)).text());
    expect(page).toContain("sam@customer.example");
    expect(page).not.toContain(`action="/inbox/${key}/votes"`);
  });
});
