import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FakeGitHub } from "../../support/fake-github.ts";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

let server: InProcess;
const github = new FakeGitHub().start();
beforeAll(async () => {
  server = await inProcess({ env: { TRACKERS_ALLOW_PRIVATE: "true" } });
});
afterAll(() => {
  github.stop();
  server.close();
});

const trackerPage = () => `/settings/apps/${server.demo.appId}/tracker`;
const trackerForm = (page: string) => /<form method="post" action="\/settings\/apps\/[^/]+\/tracker"[^>]*>[\s\S]*?<\/form>/.exec(page)?.[0];
const stored = () => server.services.store.findAppTracker(server.demo.orgId, server.demo.appId);
const storedSettings = async () => JSON.parse((await server.services.secrets.open((await stored())!.settingsSealed))!);
/** The form sent by an Admin (in French with `language`), its fields replaced by `fields`. */
const sendForm = async (fields: Record<string, string>, language = "en") => {
  const admin = await signedInAs(server, "admin", trackerPage(), { "accept-language": language });
  return admin.submit(trackerForm(await (await admin.fetch(trackerPage())).text())!, fields);
};
const onGithub = { provider: "github", project: "acme/shop", apiUrl: github.url };

describe("an Admin sets the app's tracker in its settings", () => {
  test("GitHub takes the token: it is saved, and the page shows the webhook address and secret to give GitHub", async () => {
    const saved = await sendForm({ ...onGithub, token: github.token });
    const page = await saved.text();
    expect(saved.status).toBe(200);
    const { token, webhookSecret, project } = await storedSettings();
    expect([(await stored())?.provider, project, token]).toEqual(["github", "acme/shop", github.token]);
    expect(page).toContain("Saved. Give GitHub this webhook address and secret, so its issues&#39; changes come back:");
    expect(page).toContain(`>${server.url}/integrations/github/webhook</code>`);
    expect(page).toContain(`>${webhookSecret}</code>`);
    expect(page).not.toContain(github.token);
  });

  test("saved again with the token left blank, it keeps the token and the webhook secret, and says the webhook needs no change", async () => {
    const before = await storedSettings();
    const page = await (await sendForm({ ...onGithub, project: "acme/shop", token: "" })).text();
    const after = await storedSettings();
    expect([after.token, after.webhookSecret]).toEqual([before.token, before.webhookSecret]);
    expect(page).toContain("It is the secret the tracker had: its webhook needs no change.");
  });

  test("a token GitHub refuses is said beside the token field, and nothing changes", async () => {
    const before = await storedSettings();
    const refused = await sendForm({ ...onGithub, token: "ghp_revoked" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(
      /<p class="error" role="alert" id="tracker-[^"]+-token-error">Token: refused by the service it is for \(it answered: Bad credentials/,
    );
    expect(await storedSettings()).toEqual(before);
  });

  test("a Linear team written as an issue key is refused beside the project field, in French, with the fields sent shown again", async () => {
    const refused = await sendForm({ provider: "linear", project: "ENG-12", token: "lin_api_x" }, "fr");
    const page = await refused.text();
    expect(refused.status).toBe(400);
    expect(page).toContain("Projet\u202f: pas écrit comme ce champ l’attend.");
    expect(page).toContain('<option value="linear" selected>');
    expect(page).toMatch(/name="project" value="ENG-12"/);
    expect((await stored())?.provider).toBe("github");
  });

  test("a tracker that cannot be reached leaves the settings saved, and a warning says in words that it could not be reached at the address called, the connection's error beneath", async () => {
    const page = await (await sendForm({ ...onGithub, token: "t", apiUrl: "http://127.0.0.1:9" })).text();
    expect(page).toMatch(
      /<div class="error" role="note"><p>Saved, but the token is unchecked: GitHub could not be reached at 127\.0\.0\.1:9\. Check that address, and that this server reaches it; a sync that fails will be said here\.<\/p><p class="detail">Connection error: [^<]+<\/p><\/div>/,
    );
    expect((await storedSettings()).token).toBe("t");
  });

  test("saved unchecked, the tracker's settings read again later say that the last call to it failed; the page right after the save says it once", async () => {
    const page = await (await sendForm({ ...onGithub, token: "t", apiUrl: "http://127.0.0.1:9" })).text();
    expect(page).not.toContain("The last call to GitHub failed");
    const admin = await signedInAs(server, "admin", trackerPage());
    const later = await (await admin.fetch(trackerPage())).text();
    expect(later).toMatch(
      /<p class="error">The last call to GitHub failed, [^<]+: [^<]*\. Syncs are tried again for about a day; this goes once one goes through\.<\/p>/,
    );
  });

  test("in French, the warning that the tracker could not be reached names the address called", async () => {
    const page = await (await sendForm({ ...onGithub, token: "t", apiUrl: "http://127.0.0.1:9" }, "fr")).text();
    expect(page).toContain(
      '<div class="error" role="note"><p>Enregistré, mais le jeton n’est pas vérifié\u202f: GitHub est injoignable à 127.0.0.1:9. Vérifiez cette adresse, et que ce serveur l’atteint\u202f; une synchronisation qui échoue sera signalée ici.</p><p class="detail">Erreur de connexion\u202f: ',
    );
  });
});

describe("the form's hints send each tracker to its own field", () => {
  const hintOf = (page: string, field: string) => new RegExp(`<p class="muted" id="tracker-[^"]+-${field}-hint">([^<]*)</p>`).exec(page)?.[1];
  const formIn = async (language: string) => {
    const admin = await signedInAs(server, "admin", trackerPage(), { "accept-language": language });
    return (await admin.fetch(trackerPage())).text();
  };

  test("the Jira site is a Jira Cloud site's name, Data Center and Server go through an operator's bridge, and the API address is GitHub Enterprise's", async () => {
    const page = await formIn("en");
    expect(hintOf(page, "site")).toBe(
      "Jira Cloud only: acme or acme.atlassian.net. Jira Data Center and Server cannot be connected here: an operator connects them through a bridge.",
    );
    expect(hintOf(page, "apiUrl")).toBe(
      "For GitHub Enterprise, at its https or http address, public or on this server&#39;s network; leave blank for the tracker&#39;s own (Jira: its Cloud site, above).",
    );
  });

  test("in French, the same, a narrow no-break space before each colon and semicolon", async () => {
    const page = await formIn("fr");
    expect(hintOf(page, "site")).toBe(
      "Jira Cloud seulement\u202f: acme ou acme.atlassian.net. Jira Data Center et Server ne se connectent pas ici\u202f: un opérateur les relie par une passerelle.",
    );
    expect(hintOf(page, "apiUrl")).toBe(
      "Pour GitHub Enterprise, à son adresse https ou http, publique ou sur le réseau de ce serveur\u202f; laissez vide pour celle du gestionnaire (Jira\u202f: son site Cloud, ci-dessus).",
    );
  });
});

describe("only Admins set the tracker", () => {
  test("a member is shown no form, and one sent anyway is refused, changing nothing", async () => {
    const member = await signedInAs(server, "member", trackerPage());
    const page = await (await member.fetch(trackerPage())).text();
    expect(trackerForm(page)).toBeUndefined();
    const before = await storedSettings();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    const form = `<form method="post" action="${trackerPage()}"><input type="hidden" name="csrf" value="${csrf}"></form>`;
    const refused = await member.submit(form, { ...onGithub, project: "acme/other", token: github.token });
    expect(refused.status).toBe(403);
    expect(await storedSettings()).toEqual(before);
  });
});
