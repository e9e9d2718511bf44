import { afterAll, beforeAll, describe, expect, jest, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { focusedField } from "../../support/focused-field.ts";
import { textFor } from "../../../adapters/http/catalog/text.ts";

let http: InProcess;
let strict: InProcess;
beforeAll(async () => {
  [http, strict] = await Promise.all([inProcess(), inProcess({ reportsPerMinute: 1 })]);
});
afterAll(() => Promise.all([http.close(), strict.close()]));

const SAME_ORIGIN = { origin: "http://localhost:3000" };

/** Posts a form as a browser without JavaScript does. */
function submit(on: InProcess, path: string, fields: Record<string, string | string[]>, headers: Record<string, string> = SAME_ORIGIN) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return on.request("POST", path, { headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, raw: body.toString() });
}

/** Where a post leads, as a browser follows its redirect (with the cookie it was given): the page it lands on. */
async function landed(on: InProcess, posted: Promise<Awaited<ReturnType<typeof submit>>>) {
  const reply = await posted;
  if (reply.status !== 303) return reply;
  const cookie = reply.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return on.request("GET", reply.headers.get("location")!, { headers: cookie ? { cookie } : {} });
}

/** The form of a page: where it posts, and the first choice of each choice question. */
function formOf(page: string) {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]?.replaceAll("&amp;", "&");
  const choice = /name="choiceIds" value="([^"]+)"/.exec(page)?.[1];
  return { action: action!, choice, text: page.includes('name="text"') };
}

/** Where a form or a button of a page posts, for the first address that contains `part`. */
const actionOf = (page: string, part: string) =>
  [...page.matchAll(/ (?:action|formaction)="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")).find((action) => action.includes(part));

describe("GET /f/{formKey}", () => {
  test("an active form channel's page: the app's name and a form that works without JavaScript", async () => {
    const reply = await http.request("GET", `/f/${http.demo.formKey}`);
    expect([reply.status, reply.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    expect(reply.body).toContain("Demo app");
    expect(reply.body).toContain(`<form method="post" action="/f/${http.demo.formKey}?lang=en">`);
    expect(reply.body).not.toContain("<script");
  });

  test("in French for a French browser", async () => {
    const reply = await http.request("GET", `/f/${http.demo.formKey}`, { headers: { "accept-language": "fr-FR,fr;q=0.9" } });
    expect(reply.body).toContain("Envoyer un avis");
    expect(reply.body).toContain('lang="fr"');
  });

  test("any other key (an API or widget channel, a disabled or unknown one) is a 404 page", async () => {
    expect((await http.request("GET", `/f/${http.demo.formKey}`)).status).toBe(200);
    for (const key of [http.demo.publicKey, http.demo.widgetKey, http.demo.inactiveKey, "form_nope"]) {
      const reply = await http.request("GET", `/f/${key}`);
      expect([reply.status, reply.body]).toEqual([404, expect.stringContaining(`<h1>${textFor("en").form.notFound}</h1>`)]);
    }
  });
});

describe("POST /f/{formKey}", () => {
  test("a report is sent and the assistant's questions are walked page by page; it lands with source form", async () => {
    let reply = await landed(
      http,
      submit(http, `/f/${http.demo.formKey}`, {
        kind: "problem",
        message: "The export button does nothing",
        email: "ann@example.test",
      }),
    );
    for (let step = 0; reply.body.includes("/answers/") && step < 6; step++) {
      const form = formOf(reply.body);
      reply = await landed(
        http,
        submit(http, form.action, {
          ...(form.text && { text: "In the reports page, since this morning" }),
          ...(form.choice && { choiceIds: form.choice }),
        }),
      );
    }
    expect(reply.status).toBe(200);
    expect(reply.body).toContain("Thank you!");
    const status = /href="(http:\/\/localhost:3000\/s\/[^"]+)"/.exec(reply.body)?.[1];
    expect(status).toBeDefined();
    const list = await http.request("GET", "/v1/feedbacks?query=export", { token: http.demo.tokens.admin });
    const feedback = await http.request("GET", `/v1/feedbacks/${list.body.data[0].key}`, { token: http.demo.tokens.admin });
    expect(feedback.body.reportList[0].source).toBe("form");
  });

  test("while the assistant asks, each page says the report is not sent yet and offers to send it as it is: recorded once, as first sent, with source form", async () => {
    const message = `Invoices take forever to load ${crypto.randomUUID()}`;
    let page = (await landed(http, submit(http, `/f/${http.demo.formKey}`, { kind: "problem", message, email: "ann@example.test" }))).body;
    expect(page).toContain("Not sent yet. Answer to help the team understand, or send it as it is.");
    // One answer on, it can still be sent as it is.
    const answer = formOf(page);
    page = (
      await landed(
        http,
        submit(http, answer.action, { ...(answer.text && { text: "On the billing page" }), ...(answer.choice && { choiceIds: answer.choice }) }),
      )
    ).body;
    const asIs = actionOf(page, "/as-is/")!;
    const sent = await landed(http, submit(http, asIs, {}));
    expect([sent.status, sent.body]).toEqual([200, expect.stringContaining("Thank you!")]);
    // Pressed again, the same answer; an answer sent from a page before finds the questions over.
    const again = await landed(http, submit(http, asIs, {}));
    const tracking = (body: string) => /href="(http:\/\/localhost:3000\/s\/[^"]+)"/.exec(body)?.[1];
    expect(tracking(again.body)).toBe(tracking(sent.body)!);
    expect((await submit(http, answer.action, { text: "On the billing page", choiceIds: "1" })).status).toBe(404);
    const found = await http.request("GET", `/v1/feedbacks?status=all&query=${encodeURIComponent(message.split(" ").at(-1)!)}`, {
      token: http.demo.tokens.admin,
    });
    expect(found.body.data).toHaveLength(1);
    const feedback = await http.request("GET", `/v1/feedbacks/${found.body.data[0].key}`, { token: http.demo.tokens.admin });
    expect([feedback.body.reportList[0].source, feedback.body.reportList[0].text]).toEqual(["form", message]);
  });

  test("the questions and the thanks are pages of their own, reached by a redirect: Reload and Back never post again", async () => {
    const posted = await submit(http, `/f/${http.demo.formKey}?lang=en`, { kind: "problem", message: `Search is slow ${crypto.randomUUID()}` });
    expect(posted.status).toBe(303);
    const questions = posted.headers.get("location")!;
    expect(questions).toMatch(new RegExp(`^/f/${http.demo.formKey}/questions/[\\w-]+\\?lang=en$`));
    // Reloaded, the same questions, and nothing recorded twice.
    const shown = await http.request("GET", questions);
    expect([shown.status, shown.body]).toEqual([200, expect.stringContaining("Not sent yet.")]);
    const sent = await submit(http, actionOf(shown.body, "/as-is/")!, {});
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toMatch(new RegExp(`^/f/${http.demo.formKey}/sent\\?lang=en&track=%2Fs%2F[\\w-]+%3Ft%3D[\\w-]+$`));
    // Back to the questions once the report is sent: the thanks they came to, tracking link and all.
    const back = await http.request("GET", questions);
    expect([back.status, back.headers.get("location")]).toEqual([303, sent.headers.get("location")]);
    // The thanks page, reloaded as often as the reporter likes: still thanks, still their tracking link.
    for (let reload = 0; reload < 2; reload++) {
      const thanks = await http.request("GET", sent.headers.get("location")!);
      expect([thanks.status, thanks.body]).toEqual([200, expect.stringContaining("Thank you!")]);
      expect(thanks.body).toMatch(/<a class="standalone" href="http:\/\/localhost:3000\/s\/[\w-]+\?t=[\w-]+">Follow its progress<\/a>/);
      // The app it was about, and that the link is the way back (no e-mail may come).
      expect(thanks.body).toContain('<p class="muted">About Demo app</p><h1>Thank you! Your feedback was sent.</h1>');
      expect(thanks.body).toContain("Keep this link (a bookmark will do)");
    }
  });

  test("the same form posted twice (a retry, a double press) records one report and leads to the same page", async () => {
    const page = (await http.request("GET", `/f/${http.demo.formKey}`)).body;
    const once = /name="once" value="([^"]+)"/.exec(page)![1]!;
    const message = `Thank you for the new search, it is fast ${crypto.randomUUID()}`;
    const fields = { kind: "praise", message, once };
    const first = await submit(http, `/f/${http.demo.formKey}?lang=en`, fields);
    const second = await submit(http, `/f/${http.demo.formKey}?lang=en`, fields);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.headers.get("location")).toMatch(/\/sent\?lang=en&track=/);
    expect(second.headers.get("location")).toBe(first.headers.get("location")!);
    const found = await http.request("GET", `/v1/feedbacks?status=all&query=${encodeURIComponent(message.split(" ").at(-1)!)}`, {
      token: http.demo.tokens.admin,
    });
    expect(found.body.data.map((f: { reports: number }) => f.reports)).toEqual([1]);
  });

  test("a double press, the second post arriving while the first is recorded, leads both to the same page", async () => {
    const page = (await http.request("GET", `/f/${http.demo.formKey}`)).body;
    const once = /name="once" value="([^"]+)"/.exec(page)![1]!;
    const fields = { kind: "praise", message: `Thank you for the receipts ${crypto.randomUUID()}`, once };
    const [first, second] = await Promise.all([
      submit(http, `/f/${http.demo.formKey}?lang=en`, fields),
      submit(http, `/f/${http.demo.formKey}?lang=en`, fields),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.headers.get("location")).toBe(first.headers.get("location")!);
  });

  test("a post whose twin is still being recorded after the wait is shown back as sent, in the form, to send again in a moment with the same token", async () => {
    // Every post finds its twin still running, as when the first post outlasts the second's 5 s wait.
    const held = await inProcess({ with: { inFlight: { enter: () => "in_progress", leave: () => undefined } } });
    const fields = { kind: "idea", message: "Let me pay by bank transfer", once: "first-page-token" };
    // The wait's 100 ms steps, each taken at once.
    const waits = jest.spyOn(globalThis, "setTimeout").mockImplementation(((run: () => void) => queueMicrotask(run)) as never);
    try {
      const shown = await submit(held, `/f/${held.demo.formKey}?lang=en`, fields);
      expect(waits).toHaveBeenCalledTimes(50);
      expect(shown.status).toBe(409);
      expect(shown.body).toContain(
        '<p class="error" role="alert" tabindex="-1" autofocus>Your report is still being sent. Press Send again in a moment, without changing it: it will be recorded once.</p>',
      );
      expect(shown.body).toContain(">Let me pay by bank transfer</textarea>");
      expect(shown.body).toMatch(/<input type="radio" name="kind" value="idea" checked>/);
      expect(shown.body).toContain('<input type="hidden" name="once" value="first-page-token">');
    } finally {
      waits.mockRestore();
      held.close();
    }
  });

  test("the same page sent again with other words (Back, edited) is a report of its own", async () => {
    const page = (await http.request("GET", `/f/${http.demo.formKey}`)).body;
    const once = /name="once" value="([^"]+)"/.exec(page)![1]!;
    const first = await submit(http, `/f/${http.demo.formKey}?lang=en`, {
      kind: "praise",
      message: `Thank you for the export ${crypto.randomUUID()}`,
      once,
    });
    const edited = await submit(http, `/f/${http.demo.formKey}?lang=en`, {
      kind: "praise",
      message: `Thank you for the import ${crypto.randomUUID()}`,
      once,
    });
    expect([first.status, edited.status]).toEqual([303, 303]);
    expect(edited.headers.get("location")).not.toBe(first.headers.get("location")!);
  });

  test("an answer posted again (a retry, a second tab) answers nothing more: the questions now asked are shown", async () => {
    const posted = await submit(http, `/f/${http.demo.formKey}?lang=en`, { kind: "problem", message: "The export button does nothing at all" });
    const first = (await http.request("GET", posted.headers.get("location")!)).body;
    const askedIn = (page: string) => /<input type="hidden" name="asked" value="([^"]*)">/.exec(page)?.[1];
    const form = formOf(first);
    const fields = { asked: askedIn(first)!, ...(form.text && { text: "In the reports page" }), ...(form.choice && { choiceIds: form.choice }) };
    const next = (await landed(http, submit(http, form.action, fields))).body;
    expect([askedIn(first), askedIn(next)]).toEqual([expect.any(String), expect.not.stringMatching(`^${askedIn(first)}$`)]);
    const again = await submit(http, form.action, fields);
    expect(again.status).toBe(303);
    expect(askedIn((await http.request("GET", again.headers.get("location")!)).body)).toBe(askedIn(next)!);
  });

  test("a question sent back without an answer comes again, saying so in an alert that takes the focus, and the report still waits, 400", async () => {
    const posted = await submit(http, `/f/${http.demo.formKey}?lang=en`, { kind: "problem", message: `Reports vanish ${crypto.randomUUID()}` });
    const shown = await http.request("GET", posted.headers.get("location")!);
    const refused = await submit(http, actionOf(shown.body, "/answers/")!, {});
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('<p class="error" role="alert" tabindex="-1" autofocus>Send a text or at least one choice.</p>');
    expect(refused.body).toContain("Not sent yet.");
    expect(actionOf(refused.body, "/answers/")).toBe(actionOf(shown.body, "/answers/"));
  });

  test("questions left unanswered past their time say so, and that nothing was sent, 404", async () => {
    const posted = await submit(http, `/f/${http.demo.formKey}?lang=en`, { kind: "problem", message: `Uploads fail ${crypto.randomUUID()}` });
    const questions = posted.headers.get("location")!;
    http.advanceClock(16 * 60_000);
    const expired = await http.request("GET", questions);
    expect([expired.status, expired.body]).toEqual([404, expect.stringContaining("These questions have expired")]);
    expect(expired.body).toContain("was not sent");
  });

  test("the thanks page links only to a tracking page of this service, and only for a form there is", async () => {
    const elsewhere = await http.request("GET", `/f/${http.demo.formKey}/sent?track=${encodeURIComponent("//evil.example/s/x?t=y")}`);
    expect([elsewhere.status, elsewhere.body.includes("Follow its progress")]).toEqual([200, false]);
    expect((await http.request("GET", "/f/form_nope/sent")).status).toBe(404);
  });

  test("a message longer than 10,000 characters is refused as too long, not as missing, beside the message, which keeps it", async () => {
    const reply = await submit(http, `/f/${http.demo.formKey}`, { kind: "idea", message: "a".repeat(10_001) });
    expect(reply.status).toBe(400);
    expect(focusedField(reply.body)).toEqual({
      id: "message",
      invalid: true,
      said: ["Your message is too long: at most 10,000 characters."],
      alerts: 0,
    });
    expect(reply.body).toContain(`>${"a".repeat(10_001)}</textarea>`);
  });

  test("sending as it is needs a qualification under way on this form: another id is a 404, and nothing is recorded", async () => {
    const before = (await http.request("GET", "/v1/feedbacks?status=all&limit=100", { token: http.demo.tokens.admin })).body.data.length;
    const refused = await submit(http, `/f/${http.demo.formKey}/as-is/0Vc45nshvwz8ITgCs8gd`, { website: "http://spam.example" });
    expect(refused.status).toBe(404);
    expect((await http.request("GET", "/v1/feedbacks?status=all&limit=100", { token: http.demo.tokens.admin })).body.data.length).toBe(before);
  });

  test("a filled honeypot is thanked as a person is (the same redirect) and nothing is recorded", async () => {
    const reply = await landed(
      http,
      submit(http, `/f/${http.demo.formKey}`, { kind: "idea", message: "Cheap watches here", website: "http://spam.example" }),
    );
    expect([reply.status, reply.body.includes("Thank you!")]).toEqual([200, true]);
    const found = await http.request("GET", "/v1/feedbacks?status=all&query=watches", { token: http.demo.tokens.admin });
    expect(found.body.data).toEqual([]);
  });

  test("a post from another site is refused, 403", async () => {
    const reply = await submit(http, `/f/${http.demo.formKey}`, { kind: "idea", message: "From elsewhere" }, { origin: "https://elsewhere.example" });
    expect(reply.status).toBe(403);
    expect(reply.body).toContain("only be sent from its own page");
    const hidden = await submit(http, `/f/${http.demo.formKey}`, { kind: "idea", message: "x" }, { origin: "null", "sec-fetch-site": "cross-site" });
    expect(hidden.status).toBe(403);
  });

  test("an empty message shows the form again with the reason in the form's words beside the message, which takes the focus, marked invalid and described by it, 400", async () => {
    const reply = await submit(http, `/f/${http.demo.formKey}`, { kind: "idea", message: "   ", email: "kept@example.test" });
    expect(reply.status).toBe(400);
    expect(focusedField(reply.body)).toEqual({
      id: "message",
      invalid: true,
      said: ["Write your message first: a few words on what happened are enough."],
      alerts: 0,
    });
    expect(reply.body).toContain('value="kept@example.test"');
    expect(reply.body).toMatch(/<input type="radio" name="kind" value="idea" checked>/);
  });

  test("in French, an empty message is said beside the message, which takes the focus", async () => {
    const reply = await submit(http, `/f/${http.demo.formKey}?lang=fr`, { kind: "idea", message: "" });
    expect(focusedField(reply.body)).toEqual({
      id: "message",
      invalid: true,
      said: ["Écrivez d’abord votre message\u202f: quelques mots sur ce qui s’est passé suffisent."],
      alerts: 0,
    });
  });

  test("an e-mail address of the wrong shape is said beside the e-mail's field, which takes the focus and keeps what was typed", async () => {
    const reply = await submit(http, `/f/${http.demo.formKey}`, { kind: "problem", message: "The export hangs", email: "bob@" });
    expect(focusedField(reply.body)).toEqual({
      id: "email",
      invalid: true,
      said: ["This e-mail address does not look right: check it, or leave the field empty."],
      alerts: 0,
    });
    expect(reply.body).toContain('value="bob@"');
  });

  test("an e-mail address of the wrong shape shows the form again, keeping the message, and records nothing", async () => {
    const reply = await submit(http, `/f/${http.demo.formKey}?lang=fr`, {
      kind: "idea",
      message: "Un mode hors ligne pour la caisse",
      email: "bob@",
    });
    expect(reply.status).toBe(400);
    expect(focusedField(reply.body)).toEqual({
      id: "email",
      invalid: true,
      said: ["Cette adresse e-mail ne semble pas juste\u202f: vérifiez-la, ou laissez le champ vide."],
      alerts: 0,
    });
    expect(reply.body).toContain(">Un mode hors ligne pour la caisse</textarea>");
    const listed = await http.request("GET", "/v1/feedbacks?query=caisse", { token: http.demo.tokens.admin });
    expect(listed.body.data).toEqual([]);
  });

  test("the assistant's questions are asked in the page's language, whatever the message's", async () => {
    const reply = await landed(http, submit(http, `/f/${http.demo.formKey}?lang=fr`, { kind: "problem", message: "Export is slow" }));
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('lang="fr"');
    expect(reply.body).toContain("Que s’est-il passé exactement\u202f?");
    expect(reply.body).not.toContain("What happened exactly?");
  });

  test("a page of the assistant's questions is titled and headed as one, so that a screen reader tells it from the form: A question about your report, in French too", async () => {
    const heads = async (lang: string) => {
      const reply = await landed(http, submit(http, `/f/${http.demo.formKey}?lang=${lang}`, { kind: "problem", message: "Export is slow" }));
      expect(reply.body).toContain("/answers/");
      return [/<title>([^<]*)<\/title>/.exec(reply.body)?.[1], /<h1>([^<]*)<\/h1>/.exec(reply.body)?.[1]];
    };
    expect(await heads("en")).toEqual(["A question about your report · Demo app · Retour", "A question about your report"]);
    expect(await heads("fr")).toEqual(["Une question sur votre avis · Demo app · Retour", "Une question sur votre avis"]);
    // An assistant may ask several at once (this one asks one at a time): the page says so.
    expect([textFor("en").form.asking(2), textFor("fr").form.asking(2)]).toEqual(["Questions about your report", "Des questions sur votre avis"]);
  });

  test("an answer that is none of the choices asked is refused in the page's words, without the API's field names", async () => {
    const questions = await landed(http, submit(http, `/f/${http.demo.formKey}`, { kind: "problem", message: "The graphs are blank" }));
    const refused = await submit(http, formOf(questions.body).action, { choiceIds: "made-up" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("The answer is invalid.");
    expect(refused.body).not.toContain("choiceIds:");
  });

  test("past the collection budget of the address: 429 with Retry-After", async () => {
    await submit(strict, `/f/${strict.demo.formKey}`, { kind: "idea", message: "First" });
    const refused = await submit(strict, `/f/${strict.demo.formKey}`, { kind: "idea", message: "Second" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a report refused past the budget is the form again with what was written, to send once the budget allows", async () => {
    await submit(strict, `/f/${strict.demo.formKey}`, { kind: "idea", message: "First" });
    const refused = await submit(strict, `/f/${strict.demo.formKey}`, {
      kind: "praise",
      message: "A long story, typed on a phone </textarea><script>alert(1)</script>",
      email: "ana@example.com",
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("Too many requests. Try again later.");
    // Kept as text: what was written never closes the field to become the page's markup.
    expect(refused.body).toContain(">A long story, typed on a phone &lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>");
    expect(refused.body).not.toContain("<script>alert(1)");
    expect(refused.body).toContain('value="ana@example.com"');
    expect(refused.body).toContain('value="praise" checked');
  });
});
