import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkSignInLink } from "../../core/portal-people/check-sign-in-link.ts";
import { openLinkSession } from "../../core/portal-people/open-link-session.ts";
import { openSsoSession } from "../../core/portal-people/open-sso-session.ts";
import { organizationSignIn } from "../../core/portal-people/organization-sign-in.ts";
import type { PortalEntry, SsoVerifier } from "../../core/portal-people/portal.ts";
import { LINKS_PER_EMAIL_PER_HOUR, requestSignInLink } from "../../core/portal-people/request-sign-in-link.ts";
import { resumePortalSession } from "../../core/portal-people/resume-portal-session.ts";
import type { PortalPerson } from "../../core/store/portal-people.ts";
import type { PortalRecord } from "../../core/store/portals.ts";
import { NOW } from "./fake-organization.ts";

const PORTAL: PortalEntry = { orgId: "org", slug: "acme", enabled: true, ssoSecret: "s3cret", signInUrl: null };
/** The portal as stored: its title is what the person saw, and what the sign-in message names. */
const PORTAL_RECORD: PortalRecord = {
  orgId: "org",
  enabled: true,
  slug: "acme",
  title: "Acme ideas",
  posting: "open",
  indexing: false,
  statusLabels: {},
  brandColor: null,
  signInUrl: null,
  changedAt: NOW,
  ssoSecretSealed: null,
};
const ask = { email: " Ana@X.io ", language: "en" as const, address: "192.0.2.1" };

/** Links, sessions and rate counters in memory, the messages sent, and a clock the test moves. */
function fakePortal() {
  let now = NOW;
  let n = 0;
  const links = new Map<string, { orgId: string; email: string; expiresAt: number }>();
  const sessions = new Map<string, PortalPerson & { expiresAt: number }>();
  const counters = new Map<string, number>();
  const sent: Array<{ to: string; subject: string; text: string; senderName?: string }> = [];
  const store = {
    async saveSignInLink(hash: string, link: { orgId: string; email: string; expiresAt: number }) {
      links.set(hash, link);
    },
    async takeSignInLink(hash: string, at: number) {
      const link = links.get(hash);
      links.delete(hash);
      return link && link.expiresAt > at ? { orgId: link.orgId, email: link.email } : null;
    },
    async findSignInLink(hash: string, at: number) {
      const link = links.get(hash);
      return link && link.expiresAt > at ? { orgId: link.orgId, email: link.email } : null;
    },
    async createPortalSession(hash: string, s: PortalPerson & { createdAt: number; expiresAt: number }) {
      const { createdAt: _, ...kept } = s;
      sessions.set(hash, kept);
    },
    async findPortalSession(hash: string, at: number) {
      const s = sessions.get(hash);
      if (!s || s.expiresAt <= at) return null;
      const { expiresAt: _, ...person } = s;
      return person;
    },
    async hitRateLimit(bucket: string) {
      counters.set(bucket, (counters.get(bucket) ?? 0) + 1);
      return counters.get(bucket)!;
    },
    rateCount: async (bucket: string) => counters.get(bucket) ?? 0,
    // An ended window's count, as a limiter may ask for it: the same counter here.
    endedCount: async (bucket: string) => counters.get(bucket) ?? 0,
    findPortal: async (orgId: string) => (orgId === "org" ? { ...PORTAL_RECORD, orgId } : null),
  };
  return {
    sent,
    links,
    advance: (ms: number) => {
      now += ms;
    },
    deps: {
      store,
      clock: () => now,
      ids: { secret: () => `secret-${++n}` },
      digest: (text: string) => `hash(${text})`,
      notifier: { delivers: true, send: async (m: (typeof sent)[number]) => void sent.push(m) },
      baseUrl: "https://retour.test",
    },
  };
}

const tokenOf = (text: string): string => decodeURIComponent(/\?token=(\S+)/.exec(text)![1]!);

describe("sign-in by e-mail link", () => {
  test("the link goes to the address, to the portal's link page; only its hash is kept", async () => {
    const fake = fakePortal();
    assert.equal((await requestSignInLink(fake.deps, PORTAL, ask)).ok, true);
    const [mail] = fake.sent;
    assert.equal(mail?.to, "ana@x.io");
    assert.equal(mail?.subject, "Your sign-in link for Acme ideas");
    assert.match(mail!.text, /https:\/\/retour\.test\/p\/acme\/sign-in\/link\?token=secret-1\n/);
    assert.deepEqual([...fake.links], [["hash(secret-1)", { orgId: "org", email: "ana@x.io", expiresAt: NOW + 15 * 60_000 }]]);
  });

  test("the message goes out under the portal's title, the name its people know", async () => {
    const fake = fakePortal();
    await requestSignInLink(fake.deps, PORTAL, ask);
    assert.equal(fake.sent[0]?.senderName, "Acme ideas");
  });

  test("in French, the message is in French", async () => {
    const fake = fakePortal();
    await requestSignInLink(fake.deps, PORTAL, { ...ask, language: "fr" });
    assert.equal(fake.sent[0]?.subject, "Votre lien de connexion à Acme ideas");
  });

  test("a link opens one session, on its portal, within 15 minutes", async () => {
    const fake = fakePortal();
    await requestSignInLink(fake.deps, PORTAL, ask);
    await requestSignInLink(fake.deps, PORTAL, { ...ask, email: "late@x.io" });
    await requestSignInLink(fake.deps, PORTAL, { ...ask, email: "other@x.io" });
    const [first, late, other] = fake.sent.map((m) => tokenOf(m.text));
    const opened = await openLinkSession(fake.deps, PORTAL, first!);
    assert.deepEqual(opened.ok && opened.value.person, { orgId: "org", email: "ana@x.io" });
    const again = await openLinkSession(fake.deps, PORTAL, first!);
    assert.equal(!again.ok && again.code, "invalid_link");
    const elsewhere = await openLinkSession(fake.deps, { ...PORTAL, orgId: "another" }, other!);
    assert.equal(!elsewhere.ok && elsewhere.code, "invalid_link");
    fake.advance(15 * 60_000);
    const expired = await openLinkSession(fake.deps, PORTAL, late!);
    assert.equal(!expired.ok && expired.code, "invalid_link");
  });

  test("checking a link leaves it unused; a used, expired, other portal's or made-up link is invalid_link", async () => {
    const fake = fakePortal();
    await requestSignInLink(fake.deps, PORTAL, ask);
    await requestSignInLink(fake.deps, PORTAL, { ...ask, email: "late@x.io" });
    const [first, late] = fake.sent.map((m) => tokenOf(m.text));
    const invalid = async (portal: PortalEntry, token: string) => {
      const checked = await checkSignInLink(fake.deps, portal, token);
      return !checked.ok && checked.code;
    };
    assert.equal((await checkSignInLink(fake.deps, PORTAL, first!)).ok, true);
    assert.equal((await checkSignInLink(fake.deps, PORTAL, first!)).ok, true);
    assert.equal(await invalid({ ...PORTAL, orgId: "another" }, first!), "invalid_link");
    assert.equal(await invalid(PORTAL, "made-up"), "invalid_link");
    assert.equal(await invalid(PORTAL, ""), "invalid_link");
    assert.equal((await openLinkSession(fake.deps, PORTAL, first!)).ok, true);
    assert.equal(await invalid(PORTAL, first!), "invalid_link");
    fake.advance(15 * 60_000);
    assert.equal(await invalid(PORTAL, late!), "invalid_link");
  });

  test("text that is not an address is invalid_body; a portal that is off is not_found; nothing is sent", async () => {
    const fake = fakePortal();
    const bad = await requestSignInLink(fake.deps, PORTAL, { ...ask, email: "ana at x" });
    const off = await requestSignInLink(fake.deps, { ...PORTAL, enabled: false }, ask);
    assert.deepEqual([!bad.ok && bad.code, !off.ok && off.code], ["invalid_body", "not_found"]);
    assert.deepEqual(fake.sent, []);
  });

  test(`an address receives at most ${LINKS_PER_EMAIL_PER_HOUR} links an hour: then rate_limited, with the seconds to wait`, async () => {
    const fake = fakePortal();
    for (let i = 0; i < LINKS_PER_EMAIL_PER_HOUR; i++) {
      assert.equal((await requestSignInLink(fake.deps, PORTAL, { ...ask, address: `192.0.2.${i}` })).ok, true);
    }
    const refused = await requestSignInLink(fake.deps, PORTAL, { ...ask, address: "192.0.2.99" });
    assert.deepEqual(!refused.ok && [refused.code, (refused.retryAfter ?? 0) > 60], ["rate_limited", true]);
    assert.equal(fake.sent.length, LINKS_PER_EMAIL_PER_HOUR);
  });
});

describe("single sign-on and portal sessions", () => {
  const verify =
    (claims: Awaited<ReturnType<SsoVerifier>>): SsoVerifier =>
    async (_token, secret, now) =>
      secret === "s3cret" && now === NOW ? claims : { refused: "not signed with this secret" };

  test("a token the verifier accepts opens a session with the address normalized and the name trimmed", async () => {
    const fake = fakePortal();
    const opened = await openSsoSession(fake.deps, verify({ sub: "u-1", email: " Sam@X.io", name: "  Sam " }), PORTAL, "t");
    assert.deepEqual(opened.ok && opened.value.person, { orgId: "org", email: "sam@x.io", name: "Sam" });
    const person = await resumePortalSession(fake.deps, PORTAL, opened.ok ? opened.value.secret : "");
    assert.deepEqual(person, { orgId: "org", email: "sam@x.io", name: "Sam" });
  });

  test("a token the verifier refuses, one without an e-mail address, or a portal without a secret, is invalid_link", async () => {
    const fake = fakePortal();
    const refusals = [
      await openSsoSession(fake.deps, verify({ refused: "expired" }), PORTAL, "t"),
      await openSsoSession(fake.deps, verify({ sub: "u", email: "not an address" }), PORTAL, "t"),
      await openSsoSession(fake.deps, verify({ sub: "u", email: "a@x.io" }), { ...PORTAL, ssoSecret: null }, "t"),
      await openSsoSession(fake.deps, verify({ sub: "u", email: "a@x.io" }), PORTAL, ""),
    ];
    assert.deepEqual(
      refusals.map((r) => !r.ok && [r.code, r.cause]),
      [
        ["invalid_link", "expired"],
        ["invalid_link", 'the token\'s "email" claim is no e-mail address'],
        ["invalid_link", "this portal has no single sign-on secret yet (Settings → Portal)"],
        ["invalid_link", "the address carries no token (?token=)"],
      ],
    );
  });

  test("a session is no session on another organization's portal, nor once the portal is off", async () => {
    const fake = fakePortal();
    const opened = await openSsoSession(fake.deps, verify({ sub: "u", email: "a@x.io" }), PORTAL, "t");
    assert.ok(opened.ok);
    const secret = opened.value.secret;
    // The session is one on its own portal: only elsewhere is it none.
    assert.notEqual(await resumePortalSession(fake.deps, PORTAL, secret), null);
    assert.equal(await resumePortalSession(fake.deps, { ...PORTAL, orgId: "another" }, secret), null);
    assert.equal(await resumePortalSession(fake.deps, { ...PORTAL, enabled: false }, secret), null);
  });
});

describe("the organization's own sign-in", () => {
  const back = "https://retour.example.com/p/acme/ACME-3?to=vote";

  test("sends the person to its address with the portal's page to come back to as return_to, keeping its own query and fragment", () => {
    const send = organizationSignIn({ signInUrl: "https://app.acme.example/login?via=portal#top" }, true);
    assert.equal(
      send?.(back),
      "https://app.acme.example/login?via=portal&return_to=https%3A%2F%2Fretour.example.com%2Fp%2Facme%2FACME-3%3Fto%3Dvote#top",
    );
  });

  test("a return_to already in its address is replaced, never doubled", () => {
    const send = organizationSignIn({ signInUrl: "https://app.acme.example/login?return_to=https://elsewhere.example/" }, true);
    assert.deepEqual(new URL(send?.(back) ?? "").searchParams.getAll("return_to"), [back]);
  });

  test("is no way in without an address, nor without an SSO secret to check the tokens it would send back", () => {
    assert.equal(organizationSignIn({ signInUrl: null }, true), null);
    assert.equal(organizationSignIn({ signInUrl: "https://app.acme.example/login" }, false), null);
  });
});
