import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CommandFailed } from "../../apps/cli/commands.ts";
import { FormBrowser } from "../support/browser.ts";
import { inProcess, type InProcess } from "../support/in-process.ts";
import { type Mailbox, startMailbox } from "../support/mailbox.ts";

/** The service without SMTP_URL, where the portal has no e-mail sign-in: the case the command is for. */
let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const browser = (on = http) => new FormBrowser(on.url, {}, (r) => on.handle(r));
const text = async (response: Response) => response.text();
/** The link the command printed, on its last line. */
const linkOf = (printed: string) => printed.trimEnd().split("\n").at(-1)!;

describe("cli portal sign-in-link", () => {
  test("prints the portal's single-use sign-in link for the address, for 15 minutes, where the service sends no e-mail", async () => {
    await http.cli("portal", "enable", "DEMO");
    const printed = await http.cli("portal", "sign-in-link", "DEMO", "Vera@Example.com");
    expect(printed).toMatch(
      /^sign-in link to the portal of DEMO for vera@example\.com, e-mailed to nobody\. It works once, for 15 minutes:\nhttp:\/\/localhost:3000\/p\/demo\/sign-in\/link\?token=\S+\n$/,
    );
  });

  test("the printed link opens a page whose Continue signs the person in to the portal", async () => {
    await http.cli("portal", "enable", "DEMO");
    const b = browser();
    const link = linkOf(await http.cli("portal", "sign-in-link", "DEMO", "vera@example.com"));
    const opened = await b.submit(await text(await b.fetch(link)), {});
    expect([opened.status, opened.headers.get("location")]).toEqual([303, "/p/demo"]);
    expect(await text(await b.fetch("/p/demo/sign-in"))).toContain("Signed in as <strong>vera@example.com</strong>");
  });

  test("the printed link works once: opened again, it says it does not work", async () => {
    await http.cli("portal", "enable", "DEMO");
    const b = browser();
    const link = linkOf(await http.cli("portal", "sign-in-link", "DEMO", "once@example.com"));
    expect((await b.submit(await text(await b.fetch(link)), {})).status).toBe(303);
    const again = await browser().fetch(link);
    expect(again.status).toBe(403);
    expect(await text(again)).toContain("This sign-in link is invalid, used or expired. Ask for a new one.");
  });

  test("on a portal that is off, it fails in one line naming the command that turns it on", async () => {
    await http.cli("portal", "disable", "DEMO");
    const failure = await http.cli("portal", "sign-in-link", "DEMO", "vera@example.com").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CommandFailed);
    expect((failure as Error).message).toBe("the portal of DEMO is off: turn it on with portal enable DEMO");
  });

  test("refuses text that is not an e-mail address", async () => {
    await http.cli("portal", "enable", "DEMO");
    await expect(http.cli("portal", "sign-in-link", "DEMO", "vera at example")).rejects.toThrow("email:");
  });
});

describe("cli portal sign-in-link where the service sends e-mail", () => {
  let mailbox: Mailbox;
  let mailing: InProcess;
  beforeAll(async () => {
    mailbox = await startMailbox();
    mailing = await inProcess({ env: { SMTP_URL: mailbox.url, SMTP_FROM: "Retour <portal@retour.test>" } });
  });
  afterAll(async () => {
    mailing.close();
    await mailbox.close();
  });

  test("prints a link that signs the person in all the same, and e-mails nothing", async () => {
    await mailing.cli("portal", "enable", "DEMO");
    const b = browser(mailing);
    const link = linkOf(await mailing.cli("portal", "sign-in-link", "DEMO", "vera@example.com"));
    const opened = await b.submit(await text(await b.fetch(link)), {});
    expect([opened.status, opened.headers.get("location"), mailbox.to("vera@example.com").length]).toEqual([303, "/p/demo", 0]);
  });
});
