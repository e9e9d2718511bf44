import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FakeGitHub } from "../../support/fake-github.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

/** A resolver that answers from a table, as DNS would: a public name, and one pointing inside the network. */
const DNS: Record<string, string[]> = { "ghe.public.test": ["93.184.215.14"], "ghe.inside.test": ["93.184.215.14", "10.1.2.3"] };

/** Counts every request an address that should never be called receives. */
const github = new FakeGitHub().start();
let strict: InProcess;
/** What the server's log is given of the trackers' failures (the cause behind a 502). */
const logged: string[] = [];
let allowing: InProcess;
beforeAll(async () => {
  strict = await inProcess({
    with: { trackerAddresses: { resolve: async (host) => DNS[host] ?? [], allowPrivate: false } },
    onServiceFailure: (failure) => void logged.push(failure.cause ?? ""),
  });
  allowing = await inProcess({ env: { TRACKERS_ALLOW_PRIVATE: "true" } });
});
afterAll(() => {
  github.stop();
  strict.close();
  allowing.close();
});

const trackerPage = (server: InProcess) => `/settings/apps/${server.demo.appId}/tracker`;
const trackerForm = (page: string) => /<form method="post" action="\/settings\/apps\/[^/]+\/tracker"[^>]*>[\s\S]*?<\/form>/.exec(page)?.[0];
const stored = (server: InProcess) => server.services.store.findAppTracker(server.demo.orgId, server.demo.appId);
const storedSettings = async (server: InProcess) => JSON.parse((await server.services.secrets.open((await stored(server))!.settingsSealed))!);
/** The tracker form as an Admin sends it (in French with `language`), its fields replaced by `fields`. */
async function sendForm(server: InProcess, fields: Record<string, string>, language = "en") {
  const admin = await signedInAs(server, "admin", trackerPage(server), { "accept-language": language });
  return admin.submit(trackerForm(await (await admin.fetch(trackerPage(server))).text())!, fields);
}
const onGithub = (apiUrl: string) => ({ provider: "github", project: "acme/shop", token: github.token, apiUrl });
const onJira = (site: string) => ({ provider: "jira", project: "SHOP", token: "jira-token", email: "ops@acme.test", site, apiUrl: "" });

const OPERATOR =
  "for a tracker on the server&#39;s private network, its operator may allow such addresses (TRACKERS_ALLOW_PRIVATE=true) or set the tracker with the CLI (npm run cli -- tracker set …).";
const NOT_PUBLIC = "a loopback, private, link-local or otherwise non-public address";

describe("an address an Admin gives a tracker in the settings must be https and public, as a webhook's", () => {
  test("each refused address is said beside its field, by the condition it failed and what was given; nothing is stored and no request goes out", async () => {
    const port = new URL(github.url).port;
    const cases: readonly [Record<string, string>, string, string][] = [
      [onGithub(`${github.url}/internal`), "apiUrl", `API address (optional): must use https: ${github.url}/internal was given; ${OPERATOR}`],
      [onGithub(`https://127.0.0.1:${port}/internal`), "apiUrl", `API address (optional): must be public: 127.0.0.1 is ${NOT_PUBLIC}; ${OPERATOR}`],
      [
        onGithub("http://169.254.169.254/latest"),
        "apiUrl",
        `API address (optional): must use https: http://169.254.169.254/latest was given; ${OPERATOR}`,
      ],
      [onGithub("https://169.254.169.254/latest"), "apiUrl", `API address (optional): must be public: 169.254.169.254 is ${NOT_PUBLIC}; ${OPERATOR}`],
      [
        onGithub("https://ghe.inside.test/api/v3"),
        "apiUrl",
        `API address (optional): must be public: ghe.inside.test resolves to 10.1.2.3, which is ${NOT_PUBLIC}; ${OPERATOR}`,
      ],
      [onJira("127.0.0.1"), "site", `Jira site: must be public: 127.0.0.1 is ${NOT_PUBLIC}; ${OPERATOR}`],
      [onJira("https://169.254.169.254/"), "site", `Jira site: must be public: 169.254.169.254 is ${NOT_PUBLIC}; ${OPERATOR}`],
      [onGithub("https://me:secret@ghe.public.test/api/v3"), "apiUrl", "API address (optional): must not carry a user name or a password."],
      // A public host's other services (a database, SSH) are no tracker either.
      [onGithub("https://ghe.public.test:6379/api/v3"), "apiUrl", "API address (optional): on a port other than 443 and 8443."],
    ];
    for (const [fields, field, says] of cases) {
      const refused = await sendForm(strict, fields);
      expect({ fields, status: refused.status }).toEqual({ fields, status: 400 });
      expect(await refused.text()).toContain(`id="tracker-${strict.demo.appId}-${field}-error">${says}</p>`);
    }
    expect(await stored(strict)).toBeNull();
    expect(github.calls).toEqual([]);
  });

  test("in French, a private address is refused in the field's words", async () => {
    const page = await (await sendForm(strict, onGithub("https://ghe.inside.test/api/v3"), "fr")).text();
    expect(page).toContain(
      "Adresse de l’API (facultative)\u202f: doit être publique\u202f: ghe.inside.test se résout en 10.1.2.3, qui est une adresse de bouclage, privée, lien-local ou autrement non publique\u202f; pour un gestionnaire sur le réseau privé du serveur, son opérateur peut permettre ces adresses (TRACKERS_ALLOW_PRIVATE=true) ou régler le gestionnaire avec la CLI (npm run cli -- tracker set …).",
    );
  });

  test("a name that resolves to nothing now (offline, a DNS outage) is saved unchecked, as a tracker that cannot be reached is", async () => {
    const saved = await sendForm(strict, onGithub("https://nowhere.test/api/v3"));
    expect(saved.status).toBe(200);
    expect((await storedSettings(strict)).apiUrl).toBe("https://nowhere.test/api/v3");
    expect((await stored(strict))!.lastFailure).toBeDefined();
  });

  test("a public address is saved", async () => {
    const saved = await sendForm(strict, onGithub("https://ghe.public.test/api/v3"));
    expect(saved.status).toBe(200);
    expect((await storedSettings(strict)).apiUrl).toBe("https://ghe.public.test/api/v3");
  });

  test("a public address that resolves to a private one since it was saved is not called: opening an issue is 502 tracker_unavailable, saying why", async () => {
    DNS["ghe.moved.test"] = ["93.184.215.14"];
    expect((await sendForm(strict, onGithub("https://ghe.moved.test/api/v3"))).status).toBe(200);
    expect((await storedSettings(strict)).givenByAdmin).toBe(true);
    DNS["ghe.moved.test"] = ["169.254.169.254"];
    const key = (
      await strict.request("POST", "/v1/reports", { body: { publicKey: strict.demo.publicKey, kind: "problem", message: "Export fails" } })
    ).body.ticketId;
    const opened = await strict.request("POST", `/v1/feedbacks/${key}/tracker`, { token: strict.demo.tokens.admin, body: {} });
    expect([opened.status, opened.body.code]).toEqual([502, "tracker_unavailable"]);
    expect(logged.at(-1)).toBe(
      "the tracker was not called: ghe.moved.test resolves to 169.254.169.254, which is not a public address; an address an Admin gives must be https and public, unless the operator allows private ones",
    );
  });

  test("with TRACKERS_ALLOW_PRIVATE, an http address on this machine, where the tracker is then called, and a Jira site on it are saved", async () => {
    expect((await sendForm(allowing, onGithub(`${github.url}/`))).status).toBe(200);
    expect((await storedSettings(allowing)).apiUrl).toBe(`${github.url}/`);
    expect(github.calls).toContain("GET /repos/acme/shop");
    expect((await sendForm(allowing, onJira("127.0.0.1"))).status).toBe(200);
    expect((await storedSettings(allowing)).site).toBe("127.0.0.1");
  });

  test("the API address's hint asks for a public https address, and with TRACKERS_ALLOW_PRIVATE says this server's network and http are allowed too", async () => {
    const hint = async (server: InProcess) => {
      const admin = await signedInAs(server, "admin", trackerPage(server));
      return /id="tracker-[^"]+-apiUrl-hint">([^<]*)</.exec(await (await admin.fetch(trackerPage(server))).text())?.[1];
    };
    expect(await hint(strict)).toBe(
      "For GitHub Enterprise, at a public https address; leave blank for the tracker&#39;s own (Jira: its Cloud site, above).",
    );
    expect(await hint(allowing)).toBe(
      "For GitHub Enterprise, at its https or http address, public or on this server&#39;s network; leave blank for the tracker&#39;s own (Jira: its Cloud site, above).",
    );
  });

  test("the operator's tracker set saves an address on this machine without TRACKERS_ALLOW_PRIVATE, held to no rule when called", async () => {
    await strict.cli("tracker", "set", "DEMO", strict.demo.appId, "github", "--repo", "acme/shop", "--token", github.token, "--api-url", github.url);
    expect((await storedSettings(strict)).apiUrl).toBe(github.url);
    expect((await storedSettings(strict)).givenByAdmin).toBeUndefined();
    const key = (
      await strict.request("POST", "/v1/reports", { body: { publicKey: strict.demo.publicKey, kind: "problem", message: "Search is slow" } })
    ).body.ticketId;
    const calls = github.calls.length;
    const opened = await strict.request("POST", `/v1/feedbacks/${key}/tracker`, { token: strict.demo.tokens.admin, body: {} });
    expect([opened.status, opened.body.trackerIssue?.key]).toEqual([200, expect.stringMatching(/^acme\/shop#\d+$/)]);
    expect(github.calls.length).toBeGreaterThan(calls);
  });
});
