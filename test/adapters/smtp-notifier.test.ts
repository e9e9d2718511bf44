import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createSmtpNotifier } from "../../adapters/smtp/notifier.ts";
import { type Mailbox, startMailbox } from "../support/mailbox.ts";

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox.close());

/** Sends one message from `from` under `senderName`, and answers its From header as received. */
async function fromOf(from: string, senderName: string | undefined, to: string): Promise<string> {
  const notifier = createSmtpNotifier({ url: mailbox.url, from, messageIdDomain: "retour.test" });
  await notifier.send({ to, subject: "Hello", text: "Hello", messageId: to, ...(senderName !== undefined && { senderName }) });
  return /^From: (.*)$/m.exec(mailbox.to(to)[0]!.headers)![1]!;
}

describe("the sender of an e-mail", () => {
  test("a message with a sender's name goes out under it, at SMTP_FROM's address, the name quoted where it holds a quote or a comma", async () => {
    expect(await fromOf("Retour <notify@retour.test>", 'Acme "Books", Inc', "a@example.com")).toBe('"Acme \\"Books\\", Inc" <notify@retour.test>');
  });

  test("a sender's name out of ASCII reads as written at the other end", async () => {
    expect(await fromOf("notify@retour.test", "Café Zoë", "b@example.com")).toBe("Café Zoë <notify@retour.test>");
  });

  test("a line break in a sender's name is a space, never a header of its own: the organization's name is anyone's to choose", async () => {
    expect(await fromOf("notify@retour.test", "Acme\r\nBcc: eve@evil.test", "d@example.com")).toBe('"Acme Bcc: eve@evil.test" <notify@retour.test>');
    expect(mailbox.to("d@example.com")[0]!.headers).not.toMatch(/^Bcc:/im);
  });

  test("a character that reorders text is a space in a sender's name, which reads as written", async () => {
    expect(await fromOf("notify@retour.test", "Acme Books\u202etset.live", "e@example.com")).toBe('"Acme Books tset.live" <notify@retour.test>');
  });

  test("a message without a sender's name goes out as SMTP_FROM stands", async () => {
    expect(await fromOf("Retour <notify@retour.test>", undefined, "c@example.com")).toBe("Retour <notify@retour.test>");
  });
});
