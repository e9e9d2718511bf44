import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { LOOK_ALIKES_PER_ADDRESS_PER_MINUTE } from "../../../core/portal/look-alikes.ts";
import { VOTES_PER_EMAIL_PER_MINUTE } from "../../../core/votes/vote-budget.ts";
import { VOTED_ASKS_PER_ADDRESS_PER_MINUTE } from "../../../core/votes/voted-from-widget.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";

/** The demo app allows its widget on a local development server's origin. */
const ALLOWED = "http://localhost:5173";
const FOREIGN = "https://elsewhere.example";

let http: InProcess;
let ssoSecret = "";
let slug = "";
const admin = (method: string, path: string, body?: unknown) =>
  http.request(method, path, { token: http.demo.tokens.admin, ...(body !== undefined && { body }) });

/** A report of the demo app, grouped, then published on the portal when asked; its key. */
async function feedback(title: string, message: string, publish: boolean): Promise<string> {
  const res = await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message, title } });
  expect(res.status).toBe(201);
  await http.runJobs();
  if (publish) expect((await admin("POST", `/v1/feedbacks/${res.body.ticketId}/publish`, {})).status).toBe(200);
  return res.body.ticketId;
}

/** The customer's server signs who the person is with the portal's SSO secret. */
const token = (email: string, expiresIn = "10m", secret = ssoSecret) =>
  new SignJWT({ email, name: "Ada" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(`user-${email}`)
    .setExpirationTime(new Date(http.services.clock() + (expiresIn === "past" ? -60_000 : 600_000)))
    .sign(new TextEncoder().encode(secret));

let address = 0;
/** A request from a page of the app, from its own client address unless one is given. */
const fromPage = (path: string, body: unknown, origin: string | null = ALLOWED, client = `203.0.113.${++address}`) =>
  http.request("POST", path, { body, headers: { ...(origin && { origin }), "x-test-client-address": client } });

let calendar: string;
let exportIdea: string;
let unpublished: string;
beforeAll(async () => {
  // The portal keeps its anonymous answers a while, as the server does (a second by default).
  http = await inProcess({ portalCacheMs: 60_000 });
  calendar = await feedback("Calendar sync with Google", "Sync my bookings with Google Calendar automatically", true);
  exportIdea = await feedback("Export invoices as CSV", "I need to export my invoices to a spreadsheet file", true);
  unpublished = await feedback("Dark theme", "A dark theme for working late at night", false);
});
afterAll(() => http.close());

const config = () => http.request("GET", `/v1/widget/config?key=${http.demo.widgetKey}`, { headers: { origin: ALLOWED } });

describe("with the portal off", () => {
  test("the widget's settings name no portal", async () => {
    const res = await config();
    expect(res.status).toBe(200);
    expect(res.body.portal).toBeUndefined();
  });

  test("a vote or a look from the widget is 404 not_found, readable by the page", async () => {
    for (const [path, body] of [
      ["/v1/widget/votes", { publicKey: http.demo.widgetKey, key: calendar, token: "x.y.z" }],
      ["/v1/widget/similar", { publicKey: http.demo.widgetKey, text: "calendar sync" }],
      ["/v1/widget/voted", { publicKey: http.demo.widgetKey, keys: [calendar], token: "x.y.z" }],
    ] as const) {
      const res = await fromPage(path, body);
      expect([res.status, res.body.code, res.headers.get("access-control-allow-origin")]).toEqual([404, "not_found", ALLOWED]);
    }
  });
});

describe("with the portal on", () => {
  beforeAll(async () => {
    const put = await admin("PUT", "/v1/portal", { enabled: true });
    expect(put.status).toBe(200);
    slug = put.body.slug;
    ssoSecret = (await admin("POST", "/v1/portal/sso-secret")).body.ssoSecret;
  });

  test("the widget's settings tell the portal's slug, address and the app, so the widget shows its Ideas tab", async () => {
    const res = await config();
    // This service sends no e-mail: the portal cannot sign anyone in by a link, so the widget offers no sign-in.
    expect(res.body.portal).toEqual({ slug, url: `${http.url}/p/${slug}`, appId: http.demo.appId, emailSignIn: false });
  });

  test("a person the site identified with a valid token votes for a published idea and follows it; a second vote is not counted again", async () => {
    const body = { publicKey: http.demo.widgetKey, key: calendar, token: await token("ada@customer.example") };
    const first = await fromPage("/v1/widget/votes", body);
    expect([first.status, first.body, first.headers.get("access-control-allow-origin")]).toEqual([
      200,
      { key: calendar, votes: 1, counted: true },
      ALLOWED,
    ]);
    const again = await fromPage("/v1/widget/votes", body);
    expect(again.body).toEqual({ key: calendar, votes: 1, counted: false });
    const voters = await admin("GET", `/v1/feedbacks/${calendar}/voters`);
    expect(voters.body.data.map((v: { email: string }) => v.email)).toEqual(["ada@customer.example"]);
    const shown = await http.request("GET", `/v1/portal/${slug}/feedbacks?appId=${http.demo.appId}&kind=idea&sort=top`);
    expect(shown.body.data.find((f: { key: string }) => f.key === calendar).votes).toBe(1);
  });

  test("the app's ideas listed right after a vote from the widget count it, though the portal keeps its lists a moment", async () => {
    const idea = await feedback("Pay by bank transfer", "Let customers pay by bank transfer at checkout", true);
    const list = `/v1/portal/${slug}/feedbacks?appId=${http.demo.appId}&kind=idea&sort=new`;
    const votesOf = async () => (await http.request("GET", list)).body.data.find((f: { key: string }) => f.key === idea).votes;
    const before = await votesOf();
    const body = { publicKey: http.demo.widgetKey, key: idea, token: await token("lia@customer.example") };
    expect((await fromPage("/v1/widget/votes", body)).body.counted).toBe(true);
    expect(await votesOf()).toBe(before + 1);
  });

  test("a token forged with another secret, expired, or not a token is 401 invalid_sso_token saying why, and nothing is counted", async () => {
    for (const [bad, why] of [
      [await token("eve@customer.example", "10m", "not-the-portal-secret-0123456789"), "is not signed with this portal's single sign-on secret"],
      [await token("eve@customer.example", "past"), 'has expired ("exp" is past)'],
      ["nonsense", "is not a signed JWT"],
    ]) {
      const res = await fromPage("/v1/widget/votes", { publicKey: http.demo.widgetKey, key: exportIdea, token: bad! });
      expect([res.status, res.body.code, res.headers.get("access-control-allow-origin")]).toEqual([401, "invalid_sso_token", ALLOWED]);
      expect(res.body.error).toStartWith("The single sign-on token is refused: ");
      expect(res.body.error).toContain(why!);
    }
    expect((await admin("GET", `/v1/feedbacks/${exportIdea}/voters`)).body.data).toEqual([]);
  });

  test("a feedback that is not published is 404 not_found, as one that does not exist", async () => {
    const body = { publicKey: http.demo.widgetKey, token: await token("ada@customer.example") };
    const hidden = await fromPage("/v1/widget/votes", { ...body, key: unpublished });
    const unknown = await fromPage("/v1/widget/votes", { ...body, key: "DEMO-99999" });
    expect([hidden.status, hidden.body]).toEqual([unknown.status, unknown.body]);
    expect(hidden.body.code).toBe("not_found");
  });

  test("from an origin the app does not list, or without one: 403 origin_not_allowed with no CORS grant", async () => {
    for (const origin of [FOREIGN, null]) {
      for (const [path, body] of [
        ["/v1/widget/votes", { publicKey: http.demo.widgetKey, key: calendar, token: await token("ada@customer.example") }],
        ["/v1/widget/similar", { publicKey: http.demo.widgetKey, text: "calendar sync" }],
      ] as const) {
        const res = await fromPage(path, body, origin);
        expect([res.status, res.body.code, res.headers.get("access-control-allow-origin")]).toEqual([403, "origin_not_allowed", null]);
      }
    }
  });

  test("an API or form key is 403 channel_mismatch: only widget keys work here", async () => {
    for (const publicKey of [http.demo.publicKey, http.demo.formKey]) {
      const vote = await fromPage("/v1/widget/votes", { publicKey, key: calendar, token: await token("ada@customer.example") });
      const look = await fromPage("/v1/widget/similar", { publicKey, text: "calendar sync" });
      expect([vote.status, vote.body.code, look.status, look.body.code]).toEqual([403, "channel_mismatch", 403, "channel_mismatch"]);
    }
  });

  test("the preflight of the three endpoints grants POST to a web origin", async () => {
    for (const path of ["/v1/widget/votes", "/v1/widget/similar", "/v1/widget/voted"]) {
      const res = await http.request("OPTIONS", path, { headers: { origin: ALLOWED, "access-control-request-method": "POST" } });
      expect([res.status, res.headers.get("access-control-allow-origin"), res.headers.get("access-control-allow-methods")]).toEqual([
        204,
        ALLOWED,
        "POST",
      ]);
    }
  });

  test("the Ideas tab learns which of the ideas it lists count the person's vote, theirs there or on a feedback merged into it; others, unpublished or unknown keys are left out", async () => {
    const person = await token("leo@customer.example");
    const merged = await feedback("Google calendar two-way", "Two-way sync with Google Calendar please", false);
    expect((await fromPage("/v1/widget/votes", { publicKey: http.demo.widgetKey, key: exportIdea, token: person })).status).toBe(200);
    // A vote cast by the team for this person on a feedback that is then merged into the calendar idea.
    expect((await admin("POST", `/v1/feedbacks/${merged}/votes`, { email: "leo@customer.example" })).status).toBe(201);
    expect((await admin("POST", `/v1/feedbacks/${merged}/merge`, { into: calendar })).status).toBe(200);
    // Counted on a feedback the portal does not show: the widget is told nothing of it.
    expect((await admin("POST", `/v1/feedbacks/${unpublished}/votes`, { email: "leo@customer.example" })).status).toBe(201);
    const keys = [calendar, exportIdea, unpublished, "DEMO-9999"];
    const asked = await fromPage("/v1/widget/voted", { publicKey: http.demo.widgetKey, keys, token: person });
    const votesOf = async (key: string) => (await admin("GET", `/v1/feedbacks/${key}`)).body.votes;
    expect([asked.status, asked.body, asked.headers.get("access-control-allow-origin")]).toEqual([
      200,
      {
        voted: [
          { key: calendar, votes: await votesOf(calendar) },
          { key: exportIdea, votes: await votesOf(exportIdea) },
        ],
      },
      ALLOWED,
    ]);
    const someoneElse = await fromPage("/v1/widget/voted", { publicKey: http.demo.widgetKey, keys, token: await token("new@customer.example") });
    expect(someoneElse.body).toEqual({ voted: [] });
  });

  test("a listed idea merged since into another counts the person's vote there, as a vote for it would be cast there", async () => {
    const person = await token("mia@customer.example");
    expect((await fromPage("/v1/widget/votes", { publicKey: http.demo.widgetKey, key: calendar, token: person })).status).toBe(200);
    const listed = await feedback("Calendar feed for bookings", "An iCal feed of my bookings please", true);
    expect((await admin("POST", `/v1/feedbacks/${listed}/merge`, { into: calendar })).status).toBe(200);
    const asked = await fromPage("/v1/widget/voted", { publicKey: http.demo.widgetKey, keys: [listed], token: person });
    expect(asked.body).toEqual({ voted: [{ key: listed, votes: (await admin("GET", `/v1/feedbacks/${calendar}`)).body.votes }] });
  });

  test("a published idea merged since into a feedback that is not published is 404 not_found: nothing is counted there, named or followed", async () => {
    const listed = await feedback("Calendar colours", "Colour my bookings in the calendar by room", true);
    const hidden = await feedback("Room colours for Acme", "Acme wants the rooms of its calendar coloured", false);
    expect((await admin("POST", `/v1/feedbacks/${listed}/merge`, { into: hidden })).status).toBe(200);
    const vote = await fromPage("/v1/widget/votes", { publicKey: http.demo.widgetKey, key: listed, token: await token("ivy@customer.example") });
    const unknown = await fromPage("/v1/widget/votes", {
      publicKey: http.demo.widgetKey,
      key: "DEMO-99999",
      token: await token("ivy@customer.example"),
    });
    expect([vote.status, vote.body]).toEqual([unknown.status, unknown.body]);
    expect((await admin("GET", `/v1/feedbacks/${hidden}/voters`)).body.data).toEqual([]);
  });

  test("the Ideas tab is told nothing of a listed idea merged since into a feedback that is not published, though the person's vote counts there", async () => {
    const listed = await feedback("Calendar week view", "Show my bookings by week in the calendar", true);
    const hidden = await feedback("Week view for Acme", "Acme asks for a week view of its calendar", false);
    expect((await admin("POST", `/v1/feedbacks/${hidden}/votes`, { email: "kit@customer.example" })).status).toBe(201);
    expect((await admin("POST", `/v1/feedbacks/${listed}/merge`, { into: hidden })).status).toBe(200);
    const asked = await fromPage("/v1/widget/voted", { publicKey: http.demo.widgetKey, keys: [listed], token: await token("kit@customer.example") });
    expect([asked.status, asked.body]).toEqual([200, { voted: [] }]);
  });

  test("which ideas count a person's vote is asked with a token of the portal's secret (401 invalid_sso_token), for at most 20 keys (400 invalid_body)", async () => {
    const forged = await fromPage("/v1/widget/voted", {
      publicKey: http.demo.widgetKey,
      keys: [calendar],
      token: await token("ada@customer.example", "10m", "another-secret"),
    });
    expect([forged.status, forged.body.code]).toEqual([401, "invalid_sso_token"]);
    const keys = Array.from({ length: 21 }, (_, i) => `DEMO-${i + 1}`);
    const many = await fromPage("/v1/widget/voted", { publicKey: http.demo.widgetKey, keys, token: await token("ada@customer.example") });
    expect([many.status, many.body.code]).toEqual([400, "invalid_body"]);
  });

  test("asks past the address's budget are 429 rate_limited with Retry-After", async () => {
    http.startFreshMinute();
    const body = { publicKey: http.demo.widgetKey, keys: [calendar], token: await token("ada@customer.example") };
    for (let i = 0; i < VOTED_ASKS_PER_ADDRESS_PER_MINUTE; i++)
      expect((await fromPage("/v1/widget/voted", body, ALLOWED, "198.51.100.7")).status).toBe(200);
    const refused = await fromPage("/v1/widget/voted", body, ALLOWED, "198.51.100.7");
    expect([refused.status, refused.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a person's votes past their budget are 429 rate_limited with Retry-After, from any address", async () => {
    http.startFreshMinute();
    const person = await token("busy@customer.example");
    const statuses: number[] = [];
    for (let i = 0; i <= VOTES_PER_EMAIL_PER_MINUTE; i++) {
      statuses.push((await fromPage("/v1/widget/votes", { publicKey: http.demo.widgetKey, key: exportIdea, token: person })).status);
    }
    expect(statuses.slice(0, VOTES_PER_EMAIL_PER_MINUTE).every((s) => s === 200)).toBe(true);
    const refused = await fromPage("/v1/widget/votes", { publicKey: http.demo.widgetKey, key: exportIdea, token: person });
    expect([refused.status, refused.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("published feedbacks of the app that look like the text are offered, public fields only; unpublished ones never", async () => {
    const res = await fromPage("/v1/widget/similar", { publicKey: http.demo.widgetKey, text: "Please sync bookings with my Google calendar" });
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { key: string }) => f.key)).toEqual([calendar]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      "app",
      "commentCount",
      "createdAt",
      "key",
      "kind",
      "publicTitle",
      "status",
      "statusLabel",
      "url",
      "votes",
    ]);
    const dark = await fromPage("/v1/widget/similar", { publicKey: http.demo.widgetKey, text: "A dark theme for working late at night" });
    expect(dark.body.data).toEqual([]);
  });

  test("a text of no words finds nothing, and only the first 500 characters of a long text are read", async () => {
    expect((await fromPage("/v1/widget/similar", { publicKey: http.demo.widgetKey, text: "!!! ???" })).body.data).toEqual([]);
    const words = "Please sync bookings with my Google calendar";
    const read = await fromPage("/v1/widget/similar", { publicKey: http.demo.widgetKey, text: words });
    expect(read.body.data.map((f: { key: string }) => f.key)).toEqual([calendar]);
    // The same words after 500 characters that are no words: left unread, they find nothing.
    const padded = `${"! ".repeat(250)}${words}`;
    expect((await fromPage("/v1/widget/similar", { publicKey: http.demo.widgetKey, text: padded })).body.data).toEqual([]);
  });

  test("looks past the address's budget are 429 rate_limited with Retry-After", async () => {
    http.startFreshMinute();
    const client = "198.51.100.77";
    for (let i = 0; i < LOOK_ALIKES_PER_ADDRESS_PER_MINUTE; i++) {
      expect((await fromPage("/v1/widget/similar", { publicKey: http.demo.widgetKey, text: "calendar" }, ALLOWED, client)).status).toBe(200);
    }
    const refused = await fromPage("/v1/widget/similar", { publicKey: http.demo.widgetKey, text: "calendar" }, ALLOWED, client);
    expect([refused.status, refused.body.code, refused.headers.get("access-control-allow-origin")]).toEqual([429, "rate_limited", ALLOWED]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
