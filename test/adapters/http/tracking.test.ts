import { afterAll, beforeAll, expect, test } from "bun:test";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());
const { post, patch } = jsonClient(() => server);

test("the statusUrl of a report opens a public page with the app's name, its title, its status explained and the dates of status changes, statuses named as on the portal", async () => {
  const created = await post(`${server.url}/v1/reports`, {
    publicKey: server.demo.publicKey,
    kind: "problem",
    message: "Gift cards cannot be combined",
  });
  await patch(`${server.url}/v1/feedbacks/${created.body.ticketId}`, server.demo.tokens.admin, { status: "in_development" });
  await patch(`${server.url}/v1/feedbacks/${created.body.ticketId}`, server.demo.tokens.admin, { status: "delivered" });
  const res = await server.fetch(created.body.statusUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  const body = await res.text();
  expect(body).toContain("<h1>Gift cards cannot be combined</h1>");
  // The whole of what the reporter wrote, which the title is cut from.
  expect(body).toContain('<details><summary>What you wrote</summary><p class="message">Gift cards cannot be combined</p></details>');
  expect(body).toContain("Your report about Demo app");
  expect(body).toContain('Status: <span class="badge status-delivered">Complete</span>');
  expect(body).toContain("It is done and available to you.");
  expect([...body.matchAll(/<li(?: aria-current="step")?><p>([^<]+) — <time/g)].map((m) => m[1])).toEqual(["Received", "In progress", "Complete"]);
  // Where it stands now is the step marked current.
  expect(body).toContain('<li aria-current="step"><p>Complete — <time');
  // Day first, as the portal and the public changelog write dates: 26 November 2026.
  const dates = [...body.matchAll(/<time datetime="[^"]+">([^<]+)<\/time>/g)].map((m) => m[1]);
  expect(dates).toHaveLength(3);
  for (const date of dates) expect(date).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  expect(body).not.toContain(created.body.ticketId);
});

test("in the reporter's language", async () => {
  const created = await post(`${server.url}/v1/reports`, {
    publicKey: server.demo.publicKey,
    kind: "problem",
    message: "Le bouton de paiement ne fonctionne pas quand je clique",
  });
  const body = await (await server.fetch(created.body.statusUrl)).text();
  expect(body).toContain('lang="fr"');
  expect(body).toContain('Statut\u202f: <span class="badge status-triage">');
  expect(body).toContain("L’équipe l’a reçu et va l’examiner bientôt.");
  // Status names are the portal's, in every language.
  expect(body).toContain('<span class="badge status-triage">À l’étude</span>');
});

test("a reader who chooses the other language (?lang=en) reads the page in it, and its answer form keeps it", async () => {
  const created = await post(`${server.url}/v1/reports`, {
    publicKey: server.demo.publicKey,
    kind: "problem",
    message: "Le bouton de paiement ne fonctionne pas quand je clique",
  });
  const english = await (await server.fetch(`${created.body.statusUrl}&lang=en`)).text();
  expect(english).toContain('lang="en"');
  expect(english).toContain('Status: <span class="badge status-triage">Under review</span>');
  expect(english).toMatch(/<form method="post" action="\/s\/[\w-]+\/answer\?lang=en">/);
});

test("a status the team named for its portal is named so on the tracking page", async () => {
  const created = await post(`${server.url}/v1/reports`, {
    publicKey: server.demo.publicKey,
    kind: "idea",
    message: "Wish lists shared with family",
  });
  await patch(`${server.url}/v1/feedbacks/${created.body.ticketId}`, server.demo.tokens.admin, { status: "prioritized" });
  await server.cli("portal", "set", "DEMO", "--labels", "prioritized=Next up");
  const body = await (await server.fetch(created.body.statusUrl)).text();
  expect(body).toContain('Status: <span class="badge status-prioritized">Next up</span>');
});

test("a wrong token is a 404 that reveals nothing", async () => {
  const created = await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "idea", message: "Saved carts shared by link" });
  const wrong = await server.fetch(created.body.statusUrl.replace(/t=[^&]+/, "t=wrong"));
  expect(wrong.status).toBe(404);
  const unknown = await server.fetch(`${server.url}/s/unknown?t=x`);
  expect(unknown.status).toBe(404);
  expect(await wrong.text()).toBe(await unknown.text());
});

/** The bar over a page: the links it holds, as `text → address`. */
const bar = (body: string) =>
  [...(/<header class="banner">([\s\S]*?)<\/header>/.exec(body)?.[1] ?? "").matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
    (m) => `${m[2]} → ${m[1]!.replace(/&amp;/g, "&")}`,
  );
const admin = (method: string, path: string, body?: unknown) =>
  server.request(method, path, { token: server.demo.tokens.admin, ...(body !== undefined && { body }) });

test("a bar over the page leads to the organization's portal while it is on, and to the feedback's page there once published; the rule of titles holds", async () => {
  const created = await post(`${server.url}/v1/reports`, {
    publicKey: server.demo.publicKey,
    kind: "idea",
    message: "Order 5521 for Initech: let me split the bill",
  });
  const { ticketId, statusUrl } = created.body;
  const portalLinks = async () => bar(await (await server.fetch(statusUrl)).text()).filter((l) => !l.startsWith("Français"));
  expect(await portalLinks()).toEqual([]);
  await server.cli("portal", "enable", "DEMO");
  try {
    // The portal in the page's language; the feedback's own page there only once the team publishes it.
    expect(await portalLinks()).toEqual(["Demo → /p/demo?lang=en"]);
    expect(await (await server.fetch(statusUrl)).text()).not.toContain(ticketId);
    expect((await admin("POST", `/v1/feedbacks/${ticketId}/publish`, { title: "Split the bill" })).status).toBe(200);
    expect(await portalLinks()).toEqual(["Demo → /p/demo?lang=en", `See it on the portal → /p/demo/${ticketId}?lang=en`]);
    const french = await (await server.fetch(`${statusUrl}&lang=fr`)).text();
    expect(bar(french)).toContain(`Voir sur le portail → /p/demo/${ticketId}?lang=fr`);
    // Published, every reader reads the public title; what they wrote stays theirs, under it.
    expect(french).toContain("<h1>Split the bill</h1>");
  } finally {
    await server.cli("portal", "disable", "DEMO");
  }
  expect(await portalLinks()).toEqual([]);
});

test("the bar switches the page to the other language, by a link that keeps its token, in English and in French", async () => {
  const created = await post(`${server.url}/v1/reports`, {
    publicKey: server.demo.publicKey,
    kind: "problem",
    message: "Le panier se vide quand je change de page",
  });
  const page = new URL(created.body.statusUrl);
  const token = encodeURIComponent(page.searchParams.get("t")!);
  const french = await (await server.fetch(created.body.statusUrl)).text();
  expect(bar(french)).toEqual([`English → ${page.pathname}?t=${token}&lang=en`]);
  expect(french).toContain('<nav class="switch" aria-label="Langue"><a href="');
  expect(french).toContain('hreflang="en" lang="en">English</a></nav>');
  const english = await (await server.fetch(`${server.url}${page.pathname}?t=${token}&lang=en`)).text();
  expect(english).toContain('<html lang="en">');
  expect(bar(english)).toEqual([`Français → ${page.pathname}?t=${token}&lang=fr`]);
});

test("a feedback shipped by a published changelog entry names it, linked to its place in the portal's changelog while the portal is on; a draft is never named", async () => {
  const created = await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "idea", message: "Dark mode for the reader" });
  const { ticketId, statusUrl } = created.body;
  const draft = await admin("POST", "/v1/changelog", { title: "Reading at night", body: "Dark mode is here.", feedbacks: [ticketId] });
  expect(draft.status).toBe(201);
  const shown = async () => /<p>Delivered with the update: (.*?)<\/p>/.exec(await (await server.fetch(statusUrl)).text())?.[1];
  expect(await shown()).toBeUndefined();
  expect((await admin("POST", `/v1/changelog/${draft.body.id}/publish`)).status).toBe(200);
  expect(await shown()).toBe("<strong>Reading at night</strong>");
  await server.cli("portal", "enable", "DEMO");
  try {
    expect(await shown()).toBe(`<a href="/p/demo/changelog?lang=en#entry-${draft.body.id}">Reading at night</a>`);
    const portal = await (await server.fetch(`${server.url}/p/demo/changelog`)).text();
    expect(portal).toContain(`<article class="entry" id="entry-${draft.body.id}"><h2>Reading at night</h2>`);
  } finally {
    await server.cli("portal", "disable", "DEMO");
  }
});
