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
  expect(body).toContain("L&#39;équipe l&#39;a reçu et va l&#39;examiner bientôt.");
  // Status names are the portal's, in every language.
  expect(body).toContain('<span class="badge status-triage">À l&#39;étude</span>');
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
