import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { runJob } from "../../../core/jobs/run-job.ts";
import { assignmentJob } from "../../../core/team/notify-assignee.ts";
import { queueDigests } from "../../../core/team/queue-digests.ts";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { distinctText } from "../../support/distinct.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { startMailbox } from "../../support/mailbox.ts";
import { runNextJob, runServiceJob } from "../../../core/jobs/run-next-job.ts";
import { scratchDir } from "../../support/scratch.ts";

let http: InProcess;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let db: Database;
beforeAll(async () => {
  mailbox = await startMailbox();
  const dataDir = scratchDir("team-notifications");
  http = await inProcess({ env: { SMTP_URL: mailbox.url, DATA_DIR: dataDir } });
  db = new Database(join(dataDir, "retour.sqlite"));
  await http.cli("user", "create", "lena@example.com", "--name", "Lena Park", "--password", "lena's password", "--org", "DEMO", "--role", "member");
});
afterAll(async () => {
  db.close();
  http.close();
  await mailbox.close();
});

const ADMIN = "admin@demo.test";
let seed = 0;
async function feedback(): Promise<{ key: string; id: string }> {
  const sent = await http.request("POST", "/v1/reports", {
    body: { publicKey: http.demo.publicKey, kind: "problem", message: distinctText(seed++) },
  });
  const key = sent.body.ticketId as string;
  const read = await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin });
  return { key: read.body.key, id: read.body.id };
}
const comment = (key: string, text: string, token = http.demo.tokens.member) =>
  http.request("PATCH", `/v1/feedbacks/${key}`, { token, body: { status: "prioritized", comment: text } });
async function as(email: string, password: string): Promise<FormBrowser> {
  const b = new FormBrowser("http://localhost:3000", {}, http.handle);
  await signIn(b, email, password, "/inbox");
  return b;
}
async function chooseOnAccountPage(b: FormBrowser, fields: Record<string, string>): Promise<Response> {
  const page = await (await b.fetch("/account")).text();
  return b.submit(page, fields, "/account");
}

describe("the account page", () => {
  test("a person chooses the daily digest and the language of their e-mails; the header leads there", async () => {
    const b = await as(ADMIN, http.demo.users.admin.password);
    const inbox = await (await b.fetch("/inbox")).text();
    expect(inbox).toContain('<a href="/account">admin@demo.test</a>');
    const page = await (await b.fetch("/account")).text();
    expect(page).toContain("E-mail notifications");
    expect(page).toContain('<input type="checkbox" name="digest" value="yes">');
    const saved = await chooseOnAccountPage(b, { digest: "yes", language: "fr" });
    expect(saved.status).toBe(303);
    const again = await (await b.fetch("/account?saved")).text();
    expect(again).toContain("Saved.");
    expect(again).toContain('<input type="checkbox" name="digest" value="yes" checked>');
    expect(again).toContain('<option value="fr" selected>Français</option>');
  });

  test("names the e-mails that come without a choice, a reporter's answer among them, in English and French", async () => {
    const b = await as(ADMIN, http.demo.users.admin.password);
    const english = await (await b.fetch("/account", { headers: { "accept-language": "en" } })).text();
    expect(english).toContain("and when a reporter answers from their tracking page on a feedback you own (Admins: on one that has no owner).");
    const french = await (await b.fetch("/account", { headers: { "accept-language": "fr" } })).text();
    expect(french).toContain(
      "et quand la personne qui l’a signalé répond depuis sa page de suivi sur un retour dont vous êtes responsable (les administrateurs\u202f: sur un retour sans responsable).",
    );
  });
});

describe("mentions in comments", () => {
  test("a member mentioned with @ in a comment gets one e-mail, in the language they chose, with the comment and the link", async () => {
    const { key } = await feedback();
    await http.runJobs();
    const before = mailbox.to(ADMIN).length;
    await comment(key, "@admin can you look at this one? It blocks the release.");
    await http.runJobs();
    const mails = mailbox.to(ADMIN).slice(before);
    expect(mails.length).toBe(1);
    expect(mails[0]!.headers).toContain(`Subject: Demo member vous a mentionné sur ${key}`);
    expect(mails[0]!.text).toContain("> @admin can you look at this one? It blocks the release.");
    expect(mails[0]!.text).toContain(`http://localhost:3000/inbox/${key}`);
    expect(mails[0]!.headers).toContain("List-Unsubscribe: <http://localhost:3000/account>");
    // A later comment that mentions nobody sends nothing more.
    await comment(key, "Moved to the next sprint.");
    await http.runJobs();
    expect(mailbox.to(ADMIN).length).toBe(before + 1);
  });

  test("a team notice's unsubscribe header opens the account page, and offers no one-click unsubscribe, which a post there without a session could not keep", async () => {
    const { key } = await feedback();
    await http.runJobs();
    const before = mailbox.to(ADMIN).length;
    await comment(key, "@admin one more for you.");
    await http.runJobs();
    const [mail] = mailbox.to(ADMIN).slice(before);
    expect(mail!.headers).toContain("List-Unsubscribe: <http://localhost:3000/account>");
    expect(mail!.headers).not.toContain("List-Unsubscribe-Post");
    // What a mail client's one-click post would do: no session, so only a sign-in page.
    const posted = await http.fetch("http://localhost:3000/account", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(posted.headers.get("location")).toStartWith("/login");
  });

  test("a mention names a member by name or first name; an e-mail address in a sentence, an unknown name and the author are not told", async () => {
    const { key } = await feedback();
    await http.runJobs();
    await comment(key, "@LenaPark and @member: write to admin@demo.test or @nobody.", http.demo.tokens.member);
    await http.runJobs();
    const lena = mailbox.to("lena@example.com");
    expect(lena.length).toBe(1);
    expect(lena[0]!.headers).toContain(`Subject: Demo member mentioned you on ${key}`);
    expect(mailbox.to("member@demo.test").length).toBe(0);
    await comment(key, "Thanks @lena!", http.demo.tokens.admin);
    await http.runJobs();
    expect(mailbox.to("lena@example.com").length).toBe(2);
    expect(mailbox.to("lena@example.com")[1]!.headers).toContain("Subject: Demo admin mentioned you on");
  });

  test("a mention made in the inbox's status form is told the same way", async () => {
    const { key } = await feedback();
    await http.runJobs();
    const b = await as("member@demo.test", http.demo.users.member.password);
    const page = await (await b.fetch(`/inbox/${key}`)).text();
    const before = mailbox.to("lena@example.com").length;
    const sent = await b.submit(page, { status: "fixed", comment: "@lena.park the fix is in review" }, `/inbox/${key}/status`);
    expect(sent.status).toBe(303);
    await http.runJobs();
    expect(mailbox.to("lena@example.com").length).toBe(before + 1);
  });
  test("a mention the mail server refuses keeps no other member mentioned with it from their e-mail; the job's retry sends the one refused", async () => {
    const { key } = await feedback();
    await http.runJobs();
    mailbox.refuseNext(1);
    await comment(key, "@LenaPark and @admin: both of you, please look", http.demo.tokens.member);
    const told = () => [mailbox.to("lena@example.com").length, mailbox.to(ADMIN).length];
    const before = told();
    expect((await runNextJob(http.services, runServiceJob(http.services))).state).toBe("retry");
    expect(told().reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0)).toBe(1);
    http.advanceClock(60_000);
    expect((await runNextJob(http.services, runServiceJob(http.services))).state).toBe("done");
    expect(told()).toEqual(before.map((n) => n + 1));
  });

  test("a mention in a comment written on its own (not with a status change) is told at once", async () => {
    const { key } = await feedback();
    await http.runJobs();
    const before = mailbox.to("lena@example.com").length;
    const sent = await http.request("POST", `/v1/feedbacks/${key}/comments`, {
      token: http.demo.tokens.member,
      body: { text: "@lena could you reproduce this one?", visibility: "internal" },
    });
    expect([sent.status, sent.body.error]).toEqual([200, undefined]);
    await http.runJobs();
    expect(mailbox.to("lena@example.com").length).toBe(before + 1);
  });
});

describe("the comment box", () => {
  test("where the service sends e-mail, the public reply says it is e-mailed to the followers", async () => {
    const { key } = await feedback();
    const b = await as("member@demo.test", http.demo.users.member.password);
    expect(await (await b.fetch(`/inbox/${key}`)).text()).toContain(
      'value="public"> Public reply (shown at once to the reporters on their tracking page, e-mailed to the followers, and on the portal once the feedback is published)</label>',
    );
  });
});

describe("assignment", () => {
  test("the owner of a feedback is told once that it was assigned to them, by whom; one who assigns themselves is not", async () => {
    const { key, id } = await feedback();
    await http.runJobs();
    const before = mailbox.to("lena@example.com").length;
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { owner: "lena@example.com" } })).status).toBe(
      200,
    );
    // Its job run twice (a lease that ran out while it sent).
    const assigned = (await http.services.store.triageChanges(id)).find((c) => c.changes.some((f) => f.field === "owner"));
    const job = assignmentJob(http.demo.orgId, id, assigned!.by, assigned!.at);
    await runJob(http.services, job);
    await runJob(http.services, job);
    const told = mailbox.to("lena@example.com").slice(before);
    expect(told.length).toBe(1);
    expect(told[0]!.headers).toContain(`Subject: ${key} is assigned to you:`);
    expect(told[0]!.text).toContain(`Demo admin assigned ${key}`);
    const member = mailbox.to("member@demo.test").length;
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { owner: "me" } })).status).toBe(200);
    expect(await http.runJobs()).toBeGreaterThan(0);
    expect(mailbox.to("member@demo.test").length).toBe(member);
  });

  test("an assignment made with an organization API key names the key", async () => {
    const { key } = await feedback();
    await http.runJobs();
    const made = await http.request("POST", "/v1/api-keys", {
      token: http.demo.tokens.admin,
      body: { name: "release-bot", scopes: ["feedbacks:read", "feedbacks:write"] },
    });
    const before = mailbox.to("lena@example.com").length;
    const assigned = await http.request("PATCH", `/v1/feedbacks/${key}`, {
      headers: { authorization: `Bearer ${made.body.key}` },
      body: { owner: "lena@example.com" },
    });
    expect(assigned.status).toBe(200);
    expect(await http.runJobs()).toBeGreaterThan(0);
    const told = mailbox.to("lena@example.com").slice(before);
    expect(told.map((m) => m.text.includes(`The API key "release-bot" assigned ${key}`))).toEqual([true]);
  });

  test("setting the owner with PATCH tells the new owner by e-mail, once; setting the same owner again tells no one", async () => {
    const { key } = await feedback();
    await http.runJobs();
    const before = mailbox.to("lena@example.com").length;
    const assign = () => http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { owner: "lena@example.com" } });
    expect((await assign()).status).toBe(200);
    expect(await http.runJobs()).toBeGreaterThan(0);
    expect(
      mailbox
        .to("lena@example.com")
        .slice(before)
        .map((m) => m.headers.match(/Subject: [^\r\n]*/)?.[0]),
    ).toEqual([expect.stringContaining(`Subject: ${key} is assigned to you:`)]);
    expect((await assign()).status).toBe(200);
    await http.runJobs();
    expect(mailbox.to("lena@example.com").length).toBe(before + 1);
  });

  test("the feedback's activity says the e-mail told its owner, not that it was delivered", async () => {
    const { key } = await feedback();
    await http.runJobs();
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { owner: "lena@example.com" } })).status).toBe(
      200,
    );
    expect(await http.runJobs()).toBeGreaterThan(0);
    const page = await (await (await as(ADMIN, http.demo.users.admin.password)).fetch(`/inbox/${key}`)).text();
    const outreach = [...page.matchAll(/<li class="outreach"><p>([^·<]*) ·/g)].map((m) => m[1]);
    expect(outreach).toEqual(["1 e-mail told the owner it was assigned to them"]);
  });
});

describe("assignment by the inbox's bulk form", () => {
  const LENA = "lena@example.com";
  /** Posts the inbox's bulk form as a browser does, with `keys` ticked and `owner` chosen. */
  async function bulkAssign(b: FormBrowser, keys: readonly string[], owner: string): Promise<Response> {
    const inbox = await (await b.fetch("/inbox")).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(inbox)![1]!;
    const body = new URLSearchParams([["csrf", csrf], ...keys.map((key): [string, string] => ["keys", key]), ["owner", owner]]);
    const headers = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" };
    return b.fetch("/inbox/bulk", { method: "POST", headers, body });
  }
  /** Runs the jobs due once the bulk is written (its first), then its others, due later: each time, some ran. */
  async function runTheBulksJobs(): Promise<void> {
    expect(await http.runJobs()).toBeGreaterThan(0);
    http.advanceClock(10 * 60_000);
    expect(await http.runJobs()).toBeGreaterThan(0);
  }

  test("assigning twelve feedbacks to a member at once sends them one e-mail, once the bulk's jobs ran, listing ten and a link to the inbox of their feedbacks", async () => {
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await feedback()).key);
    const unassigned = (await feedback()).key;
    await http.runJobs();
    const b = await as(ADMIN, http.demo.users.admin.password);
    const before = mailbox.to(LENA).length;
    const sent = await bulkAssign(b, made, LENA);
    expect([sent.status, sent.headers.get("location")]).toEqual([303, "/inbox?bulk=12.0."]);
    await runTheBulksJobs();
    const told = mailbox.to(LENA).slice(before);
    expect(told.length).toBe(1);
    expect(told[0]!.headers).toContain("Subject: 12 feedbacks are assigned to you");
    const text = told[0]!.text;
    expect(text).toContain("Demo admin assigned 12 feedbacks to you:");
    for (const key of made.slice(0, 10)) expect(text).toContain(`- ${key} `);
    for (const key of made.slice(10)) expect(text).not.toContain(`- ${key} `);
    const link = "http://localhost:3000/inbox?owner=lena%40example.com";
    expect(text).toContain(`and 2 more: ${link}`);
    const lenasInbox = await (await (await as(LENA, "lena's password")).fetch(link)).text();
    for (const key of made.slice(10)) expect(lenasInbox).toContain(`<a href="/inbox/${key}">${key}</a>`);
    expect(lenasInbox).not.toContain(`<a href="/inbox/${unassigned}">`);
  });

  test("a member who assigns feedbacks to themselves with the bulk form is sent no e-mail", async () => {
    const made = [(await feedback()).key, (await feedback()).key];
    await http.runJobs();
    const before = mailbox.to(ADMIN).length;
    const sent = await bulkAssign(await as(ADMIN, http.demo.users.admin.password), made, ADMIN);
    expect(sent.headers.get("location")).toBe("/inbox?bulk=2.0.");
    await runTheBulksJobs();
    expect(mailbox.to(ADMIN).length).toBe(before);
  });

  test("a single assignment still sends the one-feedback e-mail, word for word", async () => {
    const { key } = await feedback();
    await http.runJobs();
    const title = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body.title as string;
    const before = mailbox.to(LENA).length;
    const assigned = await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin, body: { owner: LENA } });
    expect(assigned.status).toBe(200);
    expect(await http.runJobs()).toBeGreaterThan(0);
    const told = mailbox.to(LENA).slice(before);
    expect(told.map((m) => m.text.replace(/\r\n/g, "\n").trim())).toEqual([
      [
        `Demo admin assigned ${key} ("${title}") to you.`,
        "",
        `Open the feedback: http://localhost:3000/inbox/${key}`,
        "",
        "Your notifications: http://localhost:3000/account",
      ].join("\n"),
    ]);
    expect(told[0]!.headers).toContain(`Subject: ${key} is assigned to you: ${title}`);
  });
});

describe("one change that tells a member several things", () => {
  test("a member assigned a feedback, mentioned in its comment and following it, by one PATCH, gets one e-mail that says all three, once", async () => {
    const { key, id } = await feedback();
    await http.runJobs();
    const title = (await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.admin })).body.title as string;
    const member = http.demo.tokens.member;
    expect((await http.request("POST", `/v1/feedbacks/${key}/followers`, { token: member, body: {} })).body).toEqual({ following: true });
    const before = mailbox.to("member@demo.test").length;
    const changed = await http.request("PATCH", `/v1/feedbacks/${key}`, {
      token: http.demo.tokens.admin,
      body: { owner: "member@demo.test", status: "delivered", comment: "@member shipped in 2.4.1" },
    });
    expect(changed.status).toBe(200);
    expect(await http.runJobs()).toBeGreaterThan(0);
    // Each of its jobs run again (a lease that ran out while it sent): nothing is sent twice.
    const assigned = (await http.services.store.triageChanges(id)).find((c) => c.changes.some((f) => f.field === "owner"))!;
    const orgId = http.demo.orgId;
    await runJob(http.services, assignmentJob(orgId, id, assigned.by, assigned.at));
    await runJob(http.services, { kind: "notify_mentions", orgId, feedbackId: id });
    await runJob(http.services, { kind: "notify_followers", orgId, feedbackId: id, detail: assigned.by });
    const told = mailbox.to("member@demo.test").slice(before);
    expect(
      told.map((m) =>
        m.text
          .replace(/\r\n/g, "\n")
          .replace(/unsubscribe\?\S*/, "unsubscribe?…")
          .trim(),
      ),
    ).toEqual([
      [
        `Demo admin changed ${key} ("${title}"):`,
        "",
        "- it is assigned to you;",
        "- you are mentioned:",
        "  > @member shipped in 2.4.1",
        "- its status is now Delivered (you follow it).",
        "",
        `Open the feedback: http://localhost:3000/inbox/${key}`,
        "",
        `Stop receiving news of ${key}: http://localhost:3000/unsubscribe?…`,
        "Your notifications: http://localhost:3000/account",
      ].join("\n"),
    ]);
    expect(told[0]!.headers).toContain(`Subject: Demo admin changed ${key}: ${title}`);
    expect(told[0]!.headers).toContain("List-Unsubscribe: <http://localhost:3000/account>");
  });
});

describe("the daily digest", () => {
  test("from 07:00 UTC, each person who asked gets one digest a day of the new feedbacks, the new P0 and P1 and the week's most reported", async () => {
    const hour = new Date(http.services.clock()).getUTCHours();
    if (hour < 7) http.advanceClock((7 - hour) * 60 * 60_000);
    const urgent = await feedback();
    const plain = await feedback();
    await http.runJobs();
    db.query("UPDATE feedbacks SET severity = 'P1' WHERE id = ?").run(urgent.id);
    const adminBefore = mailbox.to(ADMIN).length;
    const memberBefore = mailbox.to("member@demo.test").length;
    expect(await queueDigests(http.services)).toBeGreaterThanOrEqual(1);
    expect(await queueDigests(http.services)).toBe(0);
    await http.runJobs();
    const digests = mailbox.to(ADMIN).slice(adminBefore);
    expect(digests.length).toBe(1);
    // The admin chose French on the account page.
    expect(digests[0]!.headers).toMatch(/Subject: Retour, le résumé du jour de Demo\u202f: \d+ nouveaux retours/);
    const text = digests[0]!.text;
    expect(text).toContain(`- ${plain.key} `);
    const urgentSection = text.slice(text.indexOf("Nouveaux P0 et P1"), text.indexOf("Les plus signalés cette semaine"));
    expect(urgentSection).toContain(`- ${urgent.key} `);
    expect(urgentSection).not.toContain(`- ${plain.key} `);
    expect(text).toContain("Ne plus recevoir ce résumé\u202f: http://localhost:3000/account");
    expect(mailbox.to("member@demo.test").length).toBe(memberBefore);
    expect(mailbox.to("lena@example.com").filter((m) => m.headers.includes("digest")).length).toBe(0);

    // The next day, with nothing new, nothing is sent.
    http.advanceClock(24 * 60 * 60_000);
    expect(await queueDigests(http.services)).toBeGreaterThanOrEqual(1);
    await http.runJobs();
    expect(mailbox.to(ADMIN).length).toBe(adminBefore + 1);
  });
});
