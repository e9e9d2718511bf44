import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FormBrowser } from "../../support/browser.ts";
import { focusedField } from "../../support/focused-field.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";
import { startMailbox } from "../../support/mailbox.ts";

/** The inbox's Changelog page, used as a browser without JavaScript uses it: links, forms, redirects. */
describe("the inbox's Changelog page", () => {
  let http: InProcess;
  let browser: FormBrowser;
  const keys: string[] = [];
  beforeAll(async () => {
    http = await inProcess();
    // The second has a follower: its reporter, who gave an e-mail address.
    for (const [message, user] of [
      ["Invoice totals round the VAT down", undefined],
      ["Receipts miss the shop's address", { email: "shopper@example.com" }],
    ] as const) {
      const body = { publicKey: http.demo.publicKey, kind: "problem", message, ...(user && { user }) };
      keys.push((await http.request("POST", "/v1/reports", { body })).body.ticketId);
    }
    await http.runJobs();
    browser = await signedInAs(http, "member", "/changelog");
  });
  afterAll(() => http.close());

  /** Posts the editor's form as a browser would: its hidden fields, then the fields given (a list repeats the field). */
  async function post(path: string, page: string, fields: Record<string, string | string[]>) {
    const form = /<form method="post" action="[^"]*" class="editor">([\s\S]*?)<\/form>/.exec(page)?.[1] ?? page;
    const body = new URLSearchParams();
    body.set("csrf", /name="csrf" value="([^"]+)"/.exec(page)![1]!);
    for (const [, value] of form.matchAll(/<input type="hidden" name="feedbacks" value="([^"]*)">/g)) body.append("feedbacks", value!);
    const was = /<input type="hidden" name="was" value="([^"]*)">/.exec(form)?.[1];
    if (was && !("was" in fields)) body.set("was", was);
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    return browser.fetch(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  }
  const get = async (path: string) => (await browser.fetch(path)).text();
  /** The page Publish leads to, which asks once more. */
  async function question(pressed: Response) {
    expect([pressed.status, pressed.headers.get("location")]).toEqual([303, expect.stringMatching(/^\/changelog\/[^/?]+\/publish$/)]);
    return get(pressed.headers.get("location")!);
  }
  /** Publish's question, answered yes: its form posted as it is. */
  async function confirmed(pressed: Response) {
    const page = await question(pressed);
    const form =
      /<form method="post" action="([^"]+)"><input type="hidden" name="csrf" value="[^"]+"><input type="hidden" name="action" value="publish-asked">/;
    return post(form.exec(page)![1]!, page, { action: "publish-asked" });
  }

  test("the nav leads to the Changelog; a preview renders the Markdown on the server without saving anything", async () => {
    expect(await get("/inbox")).toMatch(/<a href="\/changelog"><svg [^>]*>.*?<\/svg><span>Changelog<\/span><\/a>/);
    // This service sends no e-mail: the page says so from its first line.
    expect(await get("/changelog")).toContain("this service sends no e-mail (SMTP_URL is not set), so no one is e-mailed about it.");
    const editor = await get("/changelog/new");
    const previewed = await post("/changelog", editor, { title: "Invoices", body: "**Rounded** right\n\n<script>x</script>", action: "preview" });
    expect(previewed.status).toBe(200);
    const page = await previewed.text();
    expect(page).toContain("<strong>Rounded</strong> right");
    expect(page).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(page).toContain('value="Invoices"');
    // Shown from what was posted, it says under its title that nothing is saved yet.
    expect(page).toContain(
      '<h1>Invoices</h1><div class="editor-notes"><p class="muted">Not saved yet: press Save draft to keep these changes (linking or unlinking a feedback saves them too).</p>',
    );
    expect((await http.request("GET", "/v1/changelog", { token: http.demo.tokens.member })).body.data).toEqual([]);
  });

  test("a draft written through the API, previewed unchanged from the page (its lines sent back as CRLF), has nothing unsaved to say", async () => {
    const created = await http.request("POST", "/v1/changelog", { token: http.demo.tokens.member, body: { title: "Two lines", body: "One.\nTwo." } });
    const at = `/changelog/${created.body.id}`;
    const previewed = await (await post(at, await get(at), { title: "Two lines", body: "One.\r\nTwo.", action: "preview" })).text();
    expect(previewed).toContain("<p>One.\nTwo.</p>");
    expect(previewed).not.toContain("Not saved yet");
  });

  test("a text saved from the page, its lines posted as CRLF as browsers send a textarea's, is kept and read back by the API with LF", async () => {
    const saved = await post("/changelog", await get("/changelog/new"), { title: "Line breaks", body: "One.\r\nTwo.\r\n\r\nThree.", action: "save" });
    const id = saved.headers.get("location")!.split("/")[2]!.replace(/\?.*/, "");
    expect((await http.request("GET", `/v1/changelog/${id}`, { token: http.demo.tokens.member })).body.body).toBe("One.\nTwo.\n\nThree.");
    await http.request("DELETE", `/v1/changelog/${id}`, { token: http.demo.tokens.member });
  });

  test("the keys typed have a Link button of their own beside their field, which saves the draft as Enter in the field does", async () => {
    const editor = await get("/changelog/new");
    expect(editor).toMatch(
      /<div class="search-row"><input id="keys" name="keys" value="" [^>]*><button type="submit" name="action" value="save" class="secondary">Link<\/button><\/div>/,
    );
    const french = await (await browser.fetch("/changelog/new", { headers: { "accept-language": "fr" } })).text();
    expect(french).toContain('class="secondary">Lier</button></div>');
  });

  test("a draft is saved with feedbacks typed by key, found by a search and linked, one unlinked; then published", async () => {
    const saved = await post("/changelog", await get("/changelog/new"), {
      title: "Invoices and receipts",
      body: "Both fixed.",
      keys: keys[0]!.toLowerCase(),
      action: "save",
    });
    expect(saved.status).toBe(303);
    let page = await get(saved.headers.get("location")!);
    expect(page).toContain("Draft saved.");
    expect(page).not.toContain("Not saved yet");
    const at = saved.headers.get("location")!.replace(/\?.*/, "");
    expect(page).toContain(`<input type="hidden" name="feedbacks" value="${keys[0]}">`);
    const searched = await (
      await post(at, page, { title: "Invoices and receipts", body: "Both fixed.", query: "receipts address", action: "search" })
    ).text();
    expect(searched).toContain(`name="link" value="${keys[1]}"`);
    // The search found feedbacks for the draft as it is stored: nothing is unsaved; a text changed is.
    expect(searched).not.toContain("Not saved yet");
    const changed = await (await post(at, page, { title: "Invoices and receipts", body: "Both fixed, at last.", action: "preview" })).text();
    expect(changed).toContain("Not saved yet: press Save draft to keep these changes (linking or unlinking a feedback saves them too).");
    expect((await post(at, searched, { title: "Invoices and receipts", body: "Both fixed.", link: keys[1]! })).status).toBe(303);
    page = await get(at);
    expect(page).toContain(`<input type="hidden" name="feedbacks" value="${keys[1]}">`);
    expect((await post(at, page, { title: "Invoices and receipts", body: "Both fixed.", unlink: keys[0]! })).status).toBe(303);
    page = await get(at);
    expect(page).not.toContain(`<input type="hidden" name="feedbacks" value="${keys[0]}">`);
    // Its feedback has a follower, but this service sends no e-mail: the editor says whom it would tell, and where to see it.
    expect(page).toContain(
      "It would e-mail the one person who follows them, but this service sends no e-mail (SMTP_URL is not set): the server&#39;s log has a line for each e-mail instead. It cannot be undone.",
    );
    expect(page).toContain('<button type="submit" name="action" value="publish">Publish</button>');
    const published = await confirmed(await post(at, page, { title: "Invoices and receipts", body: "Both **fixed**.", action: "publish" }));
    expect(published.headers.get("location")).toContain("done=published");
    const shown = await get(published.headers.get("location")!);
    // Its feedback has a follower, but this service sends no e-mail: it says so, and where to see what would have gone.
    expect(shown).toContain(
      "Published. This service sends no e-mail (SMTP_URL is not set), so the one person who follows its feedbacks is not told: the server&#39;s log has a line for each e-mail instead.",
    );
    expect(shown).toContain("<strong>fixed</strong>");
    expect((await http.request("GET", `/v1/feedbacks/${keys[1]}`, { token: http.demo.tokens.member })).body.status).toBe("delivered");
    expect((await http.request("GET", `/v1/feedbacks/${keys[0]}`, { token: http.demo.tokens.member })).body.status).toBe("triage");
    // The list names the keys it ships, each kept whole on a phone (not cut at its hyphen).
    expect(await get("/changelog")).toContain(`<span class="nowrap">${keys[1]}</span></p>`);
    // The public changelog is the portal's: linked once the portal is on, at its slug.
    expect(await get("/changelog")).not.toContain("/p/demo/changelog");
    await http.request("PUT", "/v1/portal", { token: http.demo.tokens.admin, body: { enabled: true } });
    expect(await get("/changelog")).toContain('href="/p/demo/changelog"');
  });

  test("an unknown key is named as soon as it is typed, and again on saving, which keeps what was typed; a draft is deleted once asked again on a page of its own, and its address then says so", async () => {
    const previewed = await (
      await post("/changelog", await get("/changelog/new"), { title: "Typo", body: "Keep me", keys: "DEMO-99999", action: "preview" })
    ).text();
    expect(previewed).toContain('<span class="error">DEMO-99999 names no feedback of this organization</span>');
    expect(previewed).not.toContain('href="/inbox/DEMO-99999"');
    const refused = await post("/changelog", await get("/changelog/new"), { title: "Typo", body: "Keep me", keys: "DEMO-99999", action: "save" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(
      '<p class="error" role="alert" tabindex="-1" autofocus>Feedbacks it ships: DEMO-99999 names no feedback of this organization.</p>',
    );
    expect(page).toContain("Keep me");
    // The key is kept in the list, marked there; the field it was typed in is empty again.
    expect(page).toContain('<input id="keys" name="keys" value=""');
    const two = await (
      await post("/changelog", await get("/changelog/new"), {
        title: "Typos",
        body: "Keep me",
        keys: `DEMO-404, nonsense ${keys[0]}`,
        action: "save",
      })
    ).text();
    expect(two).toContain(
      '<p class="error" role="alert" tabindex="-1" autofocus>Feedbacks it ships: 2 keys name no feedback of this organization; each is marked below.</p>',
    );
    expect(two.match(/<span class="error">[^<]* names no feedback of this organization<\/span>/g)).toEqual([
      '<span class="error">DEMO-404 names no feedback of this organization</span>',
      '<span class="error">nonsense names no feedback of this organization</span>',
    ]);
    const saved = await post("/changelog", await get("/changelog/new"), { title: "To delete", action: "save" });
    const at = saved.headers.get("location")!.replace(/\?.*/, "");
    const asked = await post(at, await get(at), { title: "To delete", action: "delete" });
    const question = await asked.text();
    expect([asked.status, /<h1>(.*?)<\/h1>/.exec(question)?.[1]]).toEqual([
      200,
      "Delete this draft? What it says and the feedbacks it links are lost.",
    ]);
    expect(await get("/changelog")).toContain("To delete");
    const deleted = await post(at, question, { action: "delete", confirm: "yes" });
    expect(deleted.headers.get("location")).toBe("/changelog?done=deleted");
    // Confirmed twice (a second tab, a double click): the second leads to the entry's address.
    expect((await post(at, question, { action: "delete", confirm: "yes" })).headers.get("location")).toBe(at);
    // Saved from a tab still showing it: what was typed comes back in a new entry's editor.
    const stale = await post(at, question, { title: "Typed in the other tab", action: "save" });
    const kept = await stale.text();
    expect(stale.status).toBe(409);
    expect(kept).toContain("This draft was deleted meanwhile. What you typed is kept here: Save draft makes a new entry of it.");
    expect(kept).toContain('value="Typed in the other tab"');
    expect(kept).toContain('<form method="post" action="/changelog" class="editor">');
    expect(await get("/changelog")).not.toContain("To delete");
    // Its address, kept in a tab or a link, now says that there is no such entry.
    const gone = await browser.fetch(at);
    expect([gone.status, /<h1>(.*?)<\/h1>/.exec(await gone.text())?.[1]]).toEqual([
      404,
      "There is no such changelog entry in this organization: a draft may have been deleted.",
    ]);
  });

  test("Enter in the search field searches (the form sends no button), and saves nothing", async () => {
    const editor = await get("/changelog/new");
    const searched = await post("/changelog", editor, { title: "Receipts", body: "", query: "receipts" });
    expect(searched.status).toBe(200);
    const page = await searched.text();
    expect(page).toContain(`<a href="/inbox/${keys[1]}" class="nowrap">${keys[1]}</a>`);
    expect(page).toContain('<input type="hidden" name="searched" value="receipts">');
    expect(await get("/changelog")).not.toContain("Receipts</a>");
  });

  test("Publish asks once more on a page of its own: the entry as it will read, what it moves to Delivered, who is told; Back leaves the draft as saved", async () => {
    const editor = await get("/changelog/new");
    const pressed = await post("/changelog", editor, {
      title: "Faster **search**",
      body: "Results in _half_ the time.",
      keys: keys[0]!,
      action: "publish",
    });
    const asked = await question(pressed);
    expect(asked).toContain("<h1>Publish “Faster **search**”?</h1>");
    expect(asked).toContain(
      "Publishing moves the linked feedbacks to Delivered. No one follows them, so no one will be e-mailed. It cannot be undone.",
    );
    expect(asked).toContain(`>${keys[0]}</a>`);
    expect(asked).toContain("<p>Results in <em>half</em> the time.</p>");
    expect(asked).toContain('<button type="submit">Publish</button>');
    const back = /<a href="(\/changelog\/[^"]+)">Back to the draft<\/a>/.exec(asked)![1]!;
    const draft = await get(back);
    expect(draft).toContain('<input id="title" name="title" required maxlength="200" value="Faster **search**">');
    const id = back.split("/").at(-1);
    expect((await http.request("GET", `/v1/changelog/${id}`, { token: http.demo.tokens.member })).body.status).toBe("draft");
    expect((await http.request("GET", `/v1/feedbacks/${keys[0]}`, { token: http.demo.tokens.member })).body.status).toBe("triage");
    await http.request("DELETE", `/v1/changelog/${id}`, { token: http.demo.tokens.member });
  });

  test("a draft saved by someone else after Publish asked is not published unseen: the editor shows theirs and says so (409)", async () => {
    const asked = await question(
      await post("/changelog", await get("/changelog/new"), { title: "Dark mode", body: "At last.", keys: keys[0]!, action: "publish" }),
    );
    const at = /<a href="(\/changelog\/[^"]+)">Back to the draft<\/a>/.exec(asked)![1]!;
    const id = at.split("/").at(-1);
    await Bun.sleep(2);
    const theirs = await http.request("PATCH", `/v1/changelog/${id}`, { token: http.demo.tokens.member, body: { body: "At last, everywhere." } });
    expect(theirs.status).toBe(200);
    const refused = await post(at, asked, { action: "publish-asked" });
    expect(refused.status).toBe(409);
    const page = await refused.text();
    expect(page).toContain("Someone saved this draft after you were asked to publish it, so it was not published.");
    expect(page).toContain(">At last, everywhere.</textarea>");
    expect((await http.request("GET", `/v1/changelog/${id}`, { token: http.demo.tokens.member })).body.status).toBe("draft");
    expect((await http.request("GET", `/v1/feedbacks/${keys[0]}`, { token: http.demo.tokens.member })).body.status).toBe("triage");
    await http.request("DELETE", `/v1/changelog/${id}`, { token: http.demo.tokens.member });
  });

  test("publishing with no feedback linked is asked once more like any, saying it tells no one; confirmed, it publishes", async () => {
    const editor = await get("/changelog/new");
    const pressed = await post("/changelog", editor, { title: "Faster exports", body: "All of them.", action: "publish" });
    const asked = await question(pressed);
    expect(asked).toContain("No feedback is linked: published like this, it tells no one.");
    // Said once, by that line, which also says how to link them.
    expect(asked).not.toContain("No feedback is linked yet");
    const form =
      /<form method="post" action="([^"]+)"><input type="hidden" name="csrf" value="[^"]+"><input type="hidden" name="action" value="publish-asked">/;
    const published = await post(form.exec(asked)![1]!, asked, { action: "publish-asked" });
    expect([published.status, published.headers.get("location")]).toEqual([303, expect.stringMatching(/\?done=published$/)]);
    expect(await get(published.headers.get("location")!)).toContain("Published. No one follows its feedbacks, so no one is told.");
  });

  test("no field of the editor's form skips the question: a key typed and Publish pressed publishes nothing yet", async () => {
    const pressed = await post("/changelog", await get("/changelog/new"), {
      title: "Quiet exports",
      body: "Fixed.",
      keys: keys[0]!,
      action: "publish",
      confirm: "yes",
    });
    expect(await question(pressed)).toContain("<h1>Publish “Quiet exports”?</h1>");
    const id = pressed.headers.get("location")!.split("/")[2];
    expect((await http.request("GET", `/v1/changelog/${id}`, { token: http.demo.tokens.member })).body.status).toBe("draft");
    expect((await http.request("GET", `/v1/feedbacks/${keys[0]}`, { token: http.demo.tokens.member })).body.status).toBe("triage");
    await http.request("DELETE", `/v1/changelog/${id}`, { token: http.demo.tokens.member });
  });

  test("the question is a page of its own: reloaded, it saves no second draft", async () => {
    const drafts = async () => (await http.request("GET", "/v1/changelog?status=draft", { token: http.demo.tokens.member })).body.data.length;
    const before = await drafts();
    const pressed = await post("/changelog", await get("/changelog/new"), { title: "Reloaded", body: "Once.", action: "publish" });
    const at = pressed.headers.get("location")!;
    expect(await get(at)).toContain("<h1>Publish “Reloaded”?</h1>");
    expect(await get(at)).toContain("<h1>Publish “Reloaded”?</h1>");
    expect(await drafts()).toBe(before + 1);
    await http.request("DELETE", `/v1/changelog/${at.split("/")[2]}`, { token: http.demo.tokens.member });
  });

  test("published with feedbacks that no one follows, the entry says no one is told", async () => {
    const alone = (
      await http.request("POST", "/v1/reports", {
        body: { publicKey: http.demo.publicKey, kind: "problem", message: "The map pins drift when zoomed" },
      })
    ).body.ticketId as string;
    expect((await http.request("GET", `/v1/feedbacks/${alone}`, { token: http.demo.tokens.member })).body.followers).toBe(0);
    const editor = await get("/changelog/new");
    const published = await confirmed(await post("/changelog", editor, { title: "Pins stay put", body: "Fixed.", keys: alone, action: "publish" }));
    expect(published.status).toBe(303);
    const shown = await get(published.headers.get("location")!);
    expect(shown).toContain("Published. No one follows its feedbacks, so no one is told.");
    expect(shown).not.toContain("are being told");
  });

  test("a published entry's title and text are corrected from its page; the feedbacks it shipped stay, and a blank title is refused as typed", async () => {
    // One of the two feedbacks it ships is on the portal, the other not.
    await http.request("POST", `/v1/feedbacks/${keys[1]}/publish`, { token: http.demo.tokens.member, body: {} });
    const editor = await get("/changelog/new");
    const published = await confirmed(
      await post("/changelog", editor, {
        title: "Exports to PDF fixd",
        body: "The last page is back.",
        keys: `${keys[0]} ${keys[1]}`,
        action: "publish",
      }),
    );
    const at = published.headers.get("location")!.replace(/\?.*$/, "");
    const page = await get(at);
    expect(page).toContain("<summary>Correct this entry</summary>");
    // A feedback it ships that the portal does not show is marked: the public changelog leaves it out.
    const marked = page.split("<li>").filter((item) => item.includes("not on the portal"));
    expect([marked.length, marked[0]?.includes(`>${keys[0]}</a>`)]).toEqual([1, true]);
    const refused = await post(at, page, { title: " ", body: "The last page is back.", action: "correct" });
    const refusedPage = await refused.text();
    // Said of the field by its label, as the form names it.
    expect([refused.status, refusedPage.includes('<p class="error" role="alert" id="title-error">Title: expected a non-empty text')]).toEqual([
      400,
      true,
    ]);
    expect(refusedPage).toContain('<details class="correction" open>');
    const corrected = await post(at, page, { title: "Exports to PDF fixed", body: "The **last page** is back.", action: "correct" });
    expect([corrected.status, corrected.headers.get("location")]).toEqual([303, `${at}?done=corrected`]);
    const shown = await get(corrected.headers.get("location")!);
    expect(shown).toContain("Correction saved: the public page shows it.");
    expect(shown).toContain("<h1>Exports to PDF fixed</h1>");
    expect(shown).toContain("<strong>last page</strong>");
    const entry = (await http.request("GET", "/v1/changelog", { token: http.demo.tokens.member })).body.data.find(
      (e: { title: string }) => e.title === "Exports to PDF fixed",
    );
    expect([entry.status, entry.feedbacks]).toEqual(["published", [keys[0], keys[1]]]);
  });

  test("a feedback's page names the changelog entries that ship it, a draft as such; for a Reader, without a link to an editor they may not open", async () => {
    const shipped = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: "Bulk invoices" } }))
      .body.ticketId;
    const draft = await http.request("POST", "/v1/changelog", {
      token: http.demo.tokens.member,
      body: { title: "Bulk, soon", feedbacks: [shipped] },
    });
    const out = await http.request("POST", "/v1/changelog", {
      token: http.demo.tokens.member,
      body: { title: "Bulk invoicing", feedbacks: [shipped] },
    });
    await http.request("POST", `/v1/changelog/${out.body.id}/publish`, { token: http.demo.tokens.member });
    const page = await get(`/inbox/${shipped}`);
    expect(page).toContain(
      `<dt>Changelog</dt><dd><a href="/changelog/${draft.body.id}">Bulk, soon</a> <span class="muted">(draft)</span><br><a href="/changelog/${out.body.id}">Bulk invoicing</a></dd>`,
    );
    const reader = await signedInAs(http, "reader");
    const read = await (await reader.fetch(`/inbox/${shipped}`)).text();
    expect(read).toContain('<dt>Changelog</dt><dd>Bulk, soon <span class="muted">(draft)</span><br>Bulk invoicing</dd>');
  });

  test("a feedback delivered by publishing an entry names that entry in its activity's status change, in English and French; for a Reader, without a link", async () => {
    const key = (
      await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message: "Credit notes print blank" } })
    ).body.ticketId;
    expect((await http.request("PATCH", `/v1/feedbacks/${key}`, { token: http.demo.tokens.member, body: { status: "in_development" } })).status).toBe(
      200,
    );
    const out = await http.request("POST", "/v1/changelog", {
      token: http.demo.tokens.member,
      body: { title: "Credit notes print", feedbacks: [key] },
    });
    expect((await http.request("POST", `/v1/changelog/${out.body.id}/publish`, { token: http.demo.tokens.member })).status).toBe(200);
    /** The activity's line of the change from In development. */
    const change = (page: string) => /<li class="change"><p>[^<]*<span class="badge status-in_development">[\s\S]*?<\/p>/.exec(page)?.[0];
    const linked = `<a href="/changelog/${out.body.id}">Credit notes print</a>`;
    expect(change(await get(`/inbox/${key}`))).toMatch(
      new RegExp(
        `^<li class="change"><p>Status: <span class="badge status-in_development">In development</span> → <span class="badge status-delivered">Delivered</span> · published in the changelog: ${linked} · Demo member · `,
      ),
    );
    const french = await (await browser.fetch(`/inbox/${key}`, { headers: { "accept-language": "fr" } })).text();
    expect(change(french)).toContain(`</span> · publié dans les nouveautés\u202f: ${linked} · Demo member · `);
    const reader = await signedInAs(http, "reader");
    expect(change(await (await reader.fetch(`/inbox/${key}`)).text())).toContain(
      "</span> · published in the changelog: Credit notes print · Demo member · ",
    );
  });

  test("a key merged into a feedback already linked is listed once, as that feedback, on a refused save too", async () => {
    const report = async (message: string) =>
      (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message } })).body.ticketId as string;
    const [into, merged] = [await report("Tip jars at the till"), await report("Tips added at the till")];
    const merging = await http.request("POST", `/v1/feedbacks/${merged}/merge`, { token: http.demo.tokens.member, body: { into } });
    expect(merging.status).toBe(200);
    const refused = await post("/changelog", await get("/changelog/new"), { title: "Tips", keys: `${into}, ${merged} DEMO-99999`, action: "save" });
    expect(refused.status).toBe(400);
    const listed = [...(await refused.text()).matchAll(/<input type="hidden" name="feedbacks" value="([^"]*)">/g)].map((m) => m[1]);
    expect(listed).toEqual([into, "DEMO-99999"]);
  });

  test("a feedback's page names the entries that ship the feedbacks merged into it, through a merge of a feedback that held others", async () => {
    const report = async (message: string) =>
      (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message } })).body.ticketId as string;
    const [holder, middle, inner] = [await report("Gift cards at checkout"), await report("Pay with a gift card"), await report("Gift card balance")];
    const entry = async (title: string, key: string) =>
      (await http.request("POST", "/v1/changelog", { token: http.demo.tokens.member, body: { title, feedbacks: [key] } })).body.id as string;
    const [ofInner, ofMiddle] = [await entry("Gift card balance shown", inner), await entry("Gift cards accepted", middle)];
    const merge = (source: string, into: string) =>
      http.request("POST", `/v1/feedbacks/${source}/merge`, { token: http.demo.tokens.member, body: { into } });
    expect((await merge(inner, middle)).status).toBe(200);
    expect((await merge(middle, holder)).status).toBe(200);
    expect(await get(`/inbox/${holder}`)).toContain(
      `<dt>Changelog</dt><dd><a href="/changelog/${ofMiddle}">Gift cards accepted</a> <span class="muted">(draft)</span><br><a href="/changelog/${ofInner}">Gift card balance shown</a> <span class="muted">(draft)</span></dd>`,
    );
    // Unmerged, the middle one takes back what it holds: the holder names none of them.
    expect((await http.request("POST", `/v1/feedbacks/${middle}/unmerge`, { token: http.demo.tokens.member })).status).toBe(200);
    expect(await get(`/inbox/${holder}`)).not.toContain("<dt>Changelog</dt>");
  });

  test("a draft published meanwhile (in another tab) is neither rewritten by its editor nor deleted, and says so", async () => {
    const saved = await post("/changelog", await get("/changelog/new"), { title: "Tab one", action: "save" });
    const at = saved.headers.get("location")!.replace(/\?.*/, "");
    const editor = await get(at);
    const id = at.slice("/changelog/".length);
    expect((await http.request("POST", `/v1/changelog/${id}/publish`, { token: http.demo.tokens.member })).status).toBe(200);
    const stale = await post(at, editor, { title: "Tab two", body: "Rewritten", action: "save" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("This entry was published meanwhile, so it is no longer a draft: nothing was changed.");
    const asked = await post(at, editor, { title: "Tab two", action: "delete" });
    const refused = await post(at, await asked.text(), { action: "delete", confirm: "yes" });
    expect(refused.headers.get("location")).toBe(`${at}?done=kept`);
    const shown = await get(`${at}?done=kept`);
    expect(shown).toContain("This entry was published meanwhile, so it is no longer a draft: nothing was changed.");
    expect(shown).toContain("<h1>Tab one</h1>");
  });

  test("a draft saved by someone else since its editor was opened is neither written over nor published from it; saved again, it is", async () => {
    const saved = await post("/changelog", await get("/changelog/new"), {
      title: "Shared draft",
      body: "First words",
      keys: keys[0]!,
      action: "save",
    });
    const at = saved.headers.get("location")!.replace(/\?.*/, "");
    const stale = await get(at);
    const id = at.slice("/changelog/".length);
    const theirs = await http.request("PATCH", `/v1/changelog/${id}`, {
      token: http.demo.tokens.member,
      body: { body: "Their better words", feedbacks: [keys[0], keys[1]] },
    });
    expect(theirs.status).toBe(200);
    const held = await post(at, stale, { title: "Shared draft", body: "My words", action: "publish" });
    expect(held.status).toBe(409);
    const page = await held.text();
    expect(page).toContain("Someone saved this draft since you opened it, so nothing was written or published.");
    expect(page).toContain(">My words</textarea>");
    const stored = (await http.request("GET", `/v1/changelog/${id}`, { token: http.demo.tokens.member })).body;
    expect([stored.status, stored.body, stored.feedbacks]).toEqual(["draft", "Their better words", [keys[0], keys[1]]]);
    // Saved again from the page that said so, the text typed replaces theirs.
    const again = await post(at, page, { title: "Shared draft", body: "My words", action: "save" });
    expect(again.status).toBe(303);
    expect((await http.request("GET", `/v1/changelog/${id}`, { token: http.demo.tokens.member })).body.body).toBe("My words");
  });

  test("a Reader is not offered the Changelog and is refused it", async () => {
    // The link as a Member's inbox offers it, then looked for in the Reader's.
    const member = await signedInAs(http, "member");
    expect(await (await member.fetch("/inbox")).text()).toContain('href="/changelog"');
    const reader = await signedInAs(http, "reader");
    expect(await (await reader.fetch("/inbox")).text()).not.toContain('href="/changelog"');
    expect((await reader.fetch("/changelog")).status).toBe(403);
  });

  test("a draft refused for its title says so beside the title's field, which takes the focus, marked invalid and described by the error, with no alert above the form", async () => {
    const refused = await post("/changelog", await get("/changelog/new"), { title: " ", body: "The last page is back.", action: "save" });
    expect(refused.status).toBe(400);
    const shown = focusedField(await refused.text());
    expect([shown.id, shown.invalid, shown.alerts]).toEqual(["title", true, 0]);
    expect(shown.said).toEqual([expect.stringMatching(/^Title: expected a non-empty text/)]);
  });

  test("a draft refused for its text says so beside the text's field, after the field's hint", async () => {
    const refused = await post("/changelog", await get("/changelog/new"), { title: "Long notes", body: "x".repeat(20_001), action: "save" });
    expect(refused.status).toBe(400);
    const shown = focusedField(await refused.text());
    expect([shown.id, shown.invalid, shown.alerts, shown.said.length]).toEqual(["body", true, 0, 2]);
    expect(shown.said[1]).toMatch(/^Text: expected /);
  });

  test("in French, a draft refused for its title says so beside the title's field", async () => {
    const french = await signedInAs(http, "member", "/changelog", { "accept-language": "fr" });
    const editor = await (await french.fetch("/changelog/new")).text();
    const body = new URLSearchParams({
      csrf: /name="csrf" value="([^"]+)"/.exec(editor)![1]!,
      title: " ",
      body: "Retour de la dernière page.",
      action: "save",
    });
    const refused = await french.fetch("/changelog", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    const shown = focusedField(await refused.text());
    expect([shown.id, shown.invalid, shown.alerts]).toEqual(["title", true, 0]);
    expect(shown.said).toEqual([expect.stringMatching(/^Titre\u202f: /)]);
  });

  test("where no e-mail is sent, the editor in French says whom publishing would tell and that the server's log keeps a line for each", async () => {
    const saved = await post("/changelog", await get("/changelog/new"), { title: "Reçus", body: "Corrigés.", keys: keys[1]!, action: "save" });
    const at = saved.headers.get("location")!.replace(/\?.*/, "");
    const french = await (await browser.fetch(at, { headers: { "accept-language": "fr" } })).text();
    expect(french).toContain(
      "Publier passe les retours liés à Livré et écrirait à la personne qui les suit, mais ce service n’envoie pas d’e-mail (SMTP_URL n’est pas défini)\u202f: le journal du serveur en garde une ligne par e-mail. C’est définitif.",
    );
  });
});

describe("the Changelog page of a service that sends e-mail", () => {
  test("a new entry with no feedback linked yet says publishing moves none to Delivered and e-mails no one, not that no one follows them, in English and French", async () => {
    const mailbox = await startMailbox();
    const http = await inProcess({ env: { SMTP_URL: mailbox.url } });
    try {
      const browser = await signedInAs(http, "member", "/changelog");
      const english = await (await browser.fetch("/changelog/new")).text();
      const french = await (await browser.fetch("/changelog/new", { headers: { "accept-language": "fr" } })).text();
      expect([english, french].map((page) => /<h2>(?:Publish|Publier)<\/h2><p class="muted">([^<]*)<\/p>/.exec(page)?.[1])).toEqual([
        "No feedback is linked yet: publishing moves none to Delivered and e-mails no one. It cannot be undone.",
        "Aucun retour n’est lié pour l’instant\u202f: publier n’en passe aucun à Livré et n’écrit à personne. C’est définitif.",
      ]);
    } finally {
      http.close();
      await mailbox.close();
    }
  });

  test("the editor says how many people publishing will e-mail, each once however many of its feedbacks they follow, and its button says it too; published, it says they are being told", async () => {
    const mailbox = await startMailbox();
    const http = await inProcess({ env: { SMTP_URL: mailbox.url } });
    try {
      const report = async (message: string, email?: string) =>
        (
          await http.request("POST", "/v1/reports", {
            body: { publicKey: http.demo.publicKey, kind: "problem", message, ...(email && { user: { email } }) },
          })
        ).body.ticketId as string;
      const pins = await report("The map pins drift", "walker@example.com");
      const zoom = await report("Zooming the map resets it", "walker@example.com");
      const scale = await report("The scale bar shows miles", "runner@example.com");
      const alone = await report("The legend overlaps the scale");
      const browser = await signedInAs(http, "member", "/changelog");
      expect(await (await browser.fetch("/changelog")).text()).toContain("e-mails each of their followers once.");
      const fresh = await (await browser.fetch("/changelog/new")).text();
      const saved = await browser.sendForm(fresh, "/changelog", { title: "Maps", body: "Fixed.", keys: alone, action: "save" });
      const at = saved.headers.get("location")!.replace(/\?.*/, "");
      let editor = await (await browser.fetch(at)).text();
      expect(editor).toContain("Publishing moves the linked feedbacks to Delivered. No one follows them, so no one will be e-mailed.");
      expect(editor).toContain('value="publish">Publish</button>');
      await browser.sendForm(editor, at, { keys: `${pins} ${zoom} ${scale}`, action: "save" });
      editor = await (await browser.fetch(at)).text();
      expect(editor).toContain("e-mails the 2 people who follow them, once each. It cannot be undone.");
      expect(editor).toContain('value="publish">Publish and e-mail 2 people</button>');
      const asked = await browser.sendForm(editor, at, { action: "publish" });
      expect([asked.status, asked.headers.get("location")]).toEqual([303, `${at}/publish`]);
      const question = await (await browser.fetch(`${at}/publish`)).text();
      expect(question).toContain('<button type="submit">Publish and e-mail 2 people</button>');
      // Asked, nothing is published yet: the entry is a draft, its feedbacks where they were.
      expect((await http.request("GET", `/v1/changelog/${at.split("/").at(-1)}`, { token: http.demo.tokens.member })).body.status).toBe("draft");
      expect((await http.request("GET", `/v1/feedbacks/${pins}`, { token: http.demo.tokens.member })).body.status).toBe("triage");
      const published = await browser.sendForm(question, at);
      expect(published.status).toBe(303);
      expect(await (await browser.fetch(published.headers.get("location")!)).text()).toContain(
        "Published: the 2 people who follow its feedbacks are being told.",
      );
    } finally {
      http.close();
      await mailbox.close();
    }
  });
});
