import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { createSecretBox } from "../../../adapters/system/secret-box.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";
import { type Mailbox, startMailbox } from "../../support/mailbox.ts";

/**
 * The two ways into a portal (DESIGN §6, People): an e-mail link, where the service sends e-mail,
 * and the organization's own sign-in, where the portal has its address and an SSO secret. Each
 * page offers the ways there are, and only those: e-mail alone, the organization's alone, both,
 * neither.
 */
const LOGIN = "https://app.acme.example/login?via=portal";

let mailbox: Mailbox;
/** A service that sends e-mail, and one that does not (no SMTP_URL). */
let mailing: InProcess;
let silent: InProcess;
const secrets = new Map<InProcess, string>();

beforeAll(async () => {
  mailbox = await startMailbox();
  mailing = await inProcess({ env: { SMTP_URL: mailbox.url, SMTP_FROM: "Acme <portal@acme.test>" } });
  silent = await inProcess();
  for (const http of [mailing, silent]) {
    expect((await admin(http, "PUT", "/v1/portal", { enabled: true, title: "Acme feedback" })).status).toBe(200);
    secrets.set(http, (await admin(http, "POST", "/v1/portal/sso-secret")).body.ssoSecret);
  }
});
afterAll(async () => {
  mailing.close();
  silent.close();
  await mailbox.close();
});

const admin = (http: InProcess, method: string, path: string, body?: unknown) =>
  http.request(method, path, { token: http.demo.tokens.admin, ...(body !== undefined && { body }) });
/** The portal's sign-in address: the organization's login, or none. */
const signInAt = async (http: InProcess, signInUrl: string | null) =>
  expect((await admin(http, "PUT", "/v1/portal", { signInUrl })).status).toBe(200);

const page = (http: InProcess, path: string) => http.request("GET", path);
/** A token as the organization's server signs it, with the portal's secret (or another). */
const token = (http: InProcess, claims: Record<string, unknown>, secret = secrets.get(http)!) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setExpirationTime("5m").sign(new TextEncoder().encode(secret));

/** The ways a page offers: the organization's sign-in (its address), the e-mail form, a link to sign in by e-mail. */
const offers = (html: string) => ({
  organization: /<a class="button" href="([^"]*)">/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? null,
  emailForm: html.includes('name="email"'),
  emailLink: /<a class="standalone" href="\/p\/demo\/sign-in[^"]*">/.test(html),
});

const comeBackTo = (page: string) => `${LOGIN}&return_to=${encodeURIComponent(`http://localhost:3000${page}`)}`;

describe("the sign-in page offers the ways in the portal has", () => {
  test("neither: it says this portal has no way to sign in yet and that reading needs none, and offers nothing to press", async () => {
    await signInAt(silent, null);
    const res = await page(silent, "/p/demo/sign-in?next=%2Fp%2Fdemo%2Froadmap");
    expect(res.status).toBe(200);
    expect(res.body).toContain("<p>This portal has no way to sign in yet.</p><p>You can read everything here without signing in.</p>");
    expect(offers(res.body)).toEqual({ organization: null, emailForm: false, emailLink: false });
    expect(res.body).not.toContain("<button");
  });

  test("a sign-in address without an SSO secret is no way in: every token it sent back would be refused", async () => {
    const http = await inProcess();
    try {
      await admin(http, "PUT", "/v1/portal", { enabled: true, signInUrl: LOGIN });
      const res = await page(http, "/p/demo/sign-in");
      expect([res.status, offers(res.body).organization]).toEqual([200, null]);
      expect(res.body).toContain("This portal has no way to sign in yet.");
    } finally {
      http.close();
    }
  });

  test("the organization's sign-in alone: the page sends the person there at once, with the page to come back to as return_to", async () => {
    await signInAt(silent, LOGIN);
    const res = await page(silent, "/p/demo/sign-in?next=%2Fp%2Fdemo%2FDEMO-1%3Fto%3Dvote");
    expect([res.status, res.headers.get("location")]).toEqual([303, comeBackTo("/p/demo/DEMO-1?to=vote")]);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // Without a page asked, the board; a page of another site is never handed on.
    expect((await page(silent, "/p/demo/sign-in")).headers.get("location")).toBe(comeBackTo("/p/demo"));
    expect((await page(silent, "/p/demo/sign-in?next=https%3A%2F%2Fevil.example%2F")).headers.get("location")).toBe(comeBackTo("/p/demo"));
  });

  test("e-mail alone: the page asks for an address and offers no other sign-in", async () => {
    await signInAt(mailing, null);
    const res = await page(mailing, "/p/demo/sign-in");
    expect(res.status).toBe(200);
    expect(res.body).toContain("<p>Sign in to vote and to follow what you asked for. We send a link to your e-mail address; no password.</p>");
    expect(offers(res.body)).toEqual({ organization: null, emailForm: true, emailLink: false });
  });

  test("both: the organization's sign-in first, naming where it leads, then, after “or”, the e-mail form", async () => {
    await signInAt(mailing, LOGIN);
    const res = await page(mailing, "/p/demo/sign-in?next=%2Fp%2Fdemo%2Froadmap");
    expect(res.status).toBe(200);
    expect(offers(res.body)).toEqual({ organization: comeBackTo("/p/demo/roadmap"), emailForm: true, emailLink: false });
    expect(res.body).toContain('<p class="hint">You sign in on app.acme.example, then come back here.</p>');
    expect(res.body.indexOf('<a class="button"')).toBeLessThan(res.body.indexOf('<p class="or">or</p>'));
    expect(res.body.indexOf('<p class="or">or</p>')).toBeLessThan(res.body.indexOf('name="email"'));
  });

  test("in French, the same ways in French words", async () => {
    await signInAt(mailing, LOGIN);
    const res = await page(mailing, "/p/demo/sign-in?lang=fr");
    expect(res.body).toContain(">Se connecter avec votre compte</a>");
    expect(res.body).toContain('<p class="or">ou</p>');
  });
});

describe("a refused single sign-on token offers the ways in the portal has, never an e-mail the service cannot send", () => {
  const refused = async (http: InProcess) => {
    const forged = await token(http, { sub: "u", email: "ana@customer.example" }, "not-the-portal-secret-0123456789");
    const res = await page(http, `/p/demo/sso?token=${forged}&return_to=${encodeURIComponent("http://localhost:3000/p/demo/roadmap")}`);
    expect(res.status).toBe(403);
    expect(res.body).toContain("<h1>Signing in did not work</h1><p>The sign-in your app sent was refused.</p>");
    return res.body as string;
  };

  test("the organization's sign-in alone: Sign in again, there, coming back to the page; nothing about e-mail", async () => {
    await signInAt(silent, LOGIN);
    const body = await refused(silent);
    expect(offers(body)).toEqual({ organization: comeBackTo("/p/demo/roadmap"), emailForm: false, emailLink: false });
    expect(body).toContain(">Sign in again</a>");
    expect(body).not.toMatch(/e-mail|new link/i);
  });

  test("both: Sign in again, and the e-mail link, coming back to the page", async () => {
    await signInAt(mailing, LOGIN);
    const body = await refused(mailing);
    expect(offers(body)).toEqual({ organization: comeBackTo("/p/demo/roadmap"), emailForm: false, emailLink: true });
    expect(body).toContain('<a class="standalone" href="/p/demo/sign-in?next=%2Fp%2Fdemo%2Froadmap">Sign in with a link by e-mail</a>');
  });

  test("e-mail alone: the e-mail link only", async () => {
    await signInAt(mailing, null);
    expect(offers(await refused(mailing))).toEqual({ organization: null, emailForm: false, emailLink: true });
  });

  test("its language switch leads to the same page in French, keeping return_to but not the token, a credential", async () => {
    await signInAt(silent, LOGIN);
    const body = await refused(silent);
    const switchTo = /<a href="([^"]*)" hreflang="fr"/.exec(body)?.[1]?.replaceAll("&amp;", "&");
    expect(switchTo).toBe(`/p/demo/sso?return_to=${encodeURIComponent("http://localhost:3000/p/demo/roadmap")}&lang=fr`);
  });

  test("neither: nothing to press but the way back to the board, and why, for the app's developers", async () => {
    await signInAt(silent, null);
    const body = await refused(silent);
    expect(offers(body)).toEqual({ organization: null, emailForm: false, emailLink: false });
    expect(body).not.toMatch(/e-mail|new link|Sign in again/i);
    expect(body).toContain("For the app&#39;s developers: the token is not signed with this portal&#39;s single sign-on secret.");
    expect(body).toContain('<a class="standalone" href="/p/demo">Back to the board</a>');
  });
});

describe("the organization's sign-in hands return_to back to /p/{slug}/sso", () => {
  test("the portal's page it names is where the person lands, signed in", async () => {
    await signInAt(silent, LOGIN);
    // The way the organization's server does it: the return_to it was given, beside the token it signed.
    const sent = new URL((await page(silent, "/p/demo/sign-in?next=%2Fp%2Fdemo%2Froadmap")).headers.get("location")!);
    const returnTo = sent.searchParams.get("return_to")!;
    const signed = await token(silent, { sub: "u1", email: "ana@customer.example", name: "Ana" });
    const back = await page(silent, `/p/demo/sso?token=${signed}&return_to=${encodeURIComponent(returnTo)}`);
    expect([back.status, back.headers.get("location")]).toEqual([303, "/p/demo/roadmap"]);
    expect(back.headers.get("set-cookie")).toContain("retour_portal");
  });

  test("without BASE_URL, a return_to on the service's loopback names (127.0.0.1, [::1]), the same service, lands on its page", async () => {
    for (const origin of ["http://127.0.0.1:3000", "http://[::1]:3000"]) {
      const signed = await token(silent, { sub: "u1", email: "ana@customer.example" });
      const back = await page(silent, `/p/demo/sso?token=${signed}&return_to=${encodeURIComponent(`${origin}/p/demo/roadmap`)}`);
      expect({ origin, location: back.headers.get("location") }).toEqual({ origin, location: "/p/demo/roadmap" });
    }
  });

  test("a return_to elsewhere (another site, another portal, the inbox) lands on the board", async () => {
    for (const returnTo of [
      "https://evil.example/p/demo/roadmap",
      "//evil.example/p/demo",
      "http://localhost:3000/p/other",
      "http://127.0.0.1:4000/p/demo/roadmap",
      "/inbox",
      "http://localhost:3000/p/demo/../../inbox",
    ]) {
      const signed = await token(silent, { sub: "u1", email: "ana@customer.example" });
      const back = await page(silent, `/p/demo/sso?token=${signed}&return_to=${encodeURIComponent(returnTo)}`);
      expect({ returnTo, location: back.headers.get("location") }).toEqual({ returnTo, location: "/p/demo" });
    }
  });
});

describe("an SSO secret sealed under a key the service no longer has (its key replaced since) is no way in", () => {
  let http: InProcess;
  let key: string;
  beforeAll(async () => {
    http = await inProcess();
    await admin(http, "PUT", "/v1/portal", { enabled: true, posting: "open", signInUrl: LOGIN });
    await admin(http, "POST", "/v1/portal/sso-secret");
    key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message: "Dark mode for the portal" } }))
      .body.ticketId;
    await admin(http, "POST", `/v1/feedbacks/${key}/publish`, {});
  });
  afterAll(() => http.close());

  /** Seals a secret as another service's key would have, and stores it as the portal's. */
  const sealUnderAnotherKey = async () => {
    const another = await createSecretBox(crypto.getRandomValues(new Uint8Array(32)));
    await http.services.store.setSsoSecret(http.demo.orgId, await another.seal("psso_sealed-under-another-key"));
  };
  /** What the portal's pages offer: to sign in, to post, to vote or comment after signing in. */
  const signInOffers = async () => {
    const pages = await Promise.all(["/p/demo", `/p/demo/${key}`, "/p/demo/roadmap", "/p/demo/changelog"].map((path) => page(http, path)));
    return pages.flatMap((res) => [...(res.body as string).matchAll(/href="(\/p\/demo\/(?:sign-in|new)[^"]*)"/g)].map((m) => m[1]));
  };

  test("no page offers to sign in, and the sign-in page says there is no way yet, as it does for a portal without a secret", async () => {
    expect((await signInOffers()).length).toBeGreaterThan(0);
    await sealUnderAnotherKey();
    expect(await signInOffers()).toEqual([]);
    const signIn = await page(http, "/p/demo/sign-in");
    expect([signIn.status, offers(signIn.body).organization]).toEqual([200, null]);
    expect(signIn.body).toContain("This portal has no way to sign in yet.");
  });

  test("the Admin reads it on the portal settings page, in English and French, and the settings say it is lost, not set", async () => {
    await sealUnderAnotherKey();
    const settings = await admin(http, "GET", "/v1/portal");
    expect([settings.body.ssoSecretSet, settings.body.ssoSecretLost]).toEqual([false, true]);
    const browser = await signedInAs(http, "admin", "/settings/portal");
    /** The notes of the settings page, each said in bold. */
    const said = async (language: string) =>
      [
        ...(await (await browser.fetch("/settings/portal", { headers: { "accept-language": language } })).text()).matchAll(
          /<p role="note"><strong>([^<]*)<\/strong><\/p>/g,
        ),
      ].map((note) => note[1]);
    expect(await said("en")).toContain(
      "The secret can no longer be read: it was sealed with a key this service no longer has. Until you create a new one and give it to your server, the portal sends no one to your sign-in page and refuses every token.",
    );
    expect(await said("fr")).toContain(
      "Le secret ne peut plus être lu\u202f: il a été scellé avec une clé que ce service n’a plus. Tant que vous n’en créez pas un nouveau, donné à votre serveur, le portail n’envoie personne vers votre page de connexion et refuse tous les jetons.",
    );
  });
});

describe("the sign-in page's way back", () => {
  /** The last link of the sign-in page: where it leads, and what it says. */
  const backOf = async (path: string) => {
    const page = (await mailing.request("GET", path)).body as string;
    return [...page.matchAll(/<p><a class="standalone" href="([^"]*)">([^<]*)<\/a><\/p>/g)].at(-1)?.slice(1);
  };

  test("leads back to the page of the portal the person came from (`next`), to read it, in the language they chose", async () => {
    const next = (path: string) => `/p/demo/sign-in?next=${encodeURIComponent(path)}`;
    expect(await backOf(next("/p/demo/DEMO-1?to=vote"))).toEqual(["/p/demo/DEMO-1", "Back to the page you were reading"]);
    expect(await backOf(next("/p/demo/roadmap"))).toEqual(["/p/demo/roadmap", "Back to the page you were reading"]);
    expect(await backOf(`${next("/p/demo/roadmap")}&lang=fr`)).toEqual(["/p/demo/roadmap?lang=fr", "Retour à la page que vous lisiez"]);
    // The board showing one app's ideas, where the widget's sign-in leads: its app kept beside the language.
    expect(await backOf(`${next("/p/demo?appId=app-1")}&lang=fr`)).toEqual(["/p/demo?appId=app-1&amp;lang=fr", "Retour au tableau"]);
  });

  test("without `next`, or with one off the portal (another site, another portal, the inbox), leads to the board", async () => {
    for (const next of ["", "https://evil.example/", "//evil.example", "/p/other/DEMO-1", "/inbox", "/p/demo/../../inbox"])
      expect([next, await backOf(`/p/demo/sign-in?next=${encodeURIComponent(next)}`)]).toEqual([next, ["/p/demo", "Back to the board"]]);
  });
});
