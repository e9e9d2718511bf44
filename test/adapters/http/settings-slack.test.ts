import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FakeSlack } from "../../support/fake-slack.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());

const slackForm = (page: string) => /<form method="post" action="\/settings\/slack"[^>]*>[\s\S]*?<\/form>/.exec(page)![0];

const signedIn = (role: "admin" | "member") => signedInAs(server, role, "/settings/slack");

describe("the Slack settings page", () => {
  test("where BASE_URL is not https, the page warns that Slack will refuse the request URLs made of it", async () => {
    const page = await (await (await signedIn("admin")).fetch("/settings/slack")).text();
    expect(page).toContain(
      '<p role="note"><strong>Slack sends its requests to public https addresses only: these are made of BASE_URL (http://localhost:3000), and Slack will refuse them.',
    );
    const secure = await inProcess({ with: { baseUrl: "https://feedback.example.com" } });
    try {
      const admin = await signedInAs(secure, "admin", "/settings/slack");
      const shown = await (await admin.fetch("/settings/slack")).text();
      expect(shown).toContain("https://feedback.example.com/integrations/slack/commands?org=");
      expect(shown).not.toContain("Slack sends its requests to public https addresses only");
    } finally {
      secure.close();
    }
  });

  test("the severities posted read as a grade and the graver ones, P0 the gravest, in English and French", async () => {
    const browser = await signedIn("admin");
    const options = async (path: string) => {
      const select = /<select id="slack-severity"[\s\S]*?<\/select>/.exec(await (await browser.fetch(path)).text())![0];
      return [...select.matchAll(/<option value="[^"]*"[^>]*>([^<]+)<\/option>/g)].map((m) => m[1]);
    };
    expect(await options("/settings/slack")).toEqual([
      "Any, graded or not",
      "P0 only",
      "P1 and graver (P0 to P1)",
      "P2 and graver (P0 to P2)",
      "P3 and graver (P0 to P3)",
    ]);
    await browser.fetch("/language?to=fr&next=/settings/slack");
    const french = await options("/settings/slack");
    await browser.fetch("/language?to=en&next=/settings/slack");
    expect(french[2]).toBe("P1 et plus grave (P0 à P1)");
  });

  test("a first connection without both secrets is refused, naming the one missing, and nothing is stored", async () => {
    const browser = await signedIn("admin");
    const page = await (await browser.fetch("/settings/slack")).text();
    const refused = await browser.submit(slackForm(page), { signingSecret: "signing-secret-123", botToken: " " });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('<p class="error" role="alert" id="slack-bot-token-error">Bot token (xoxb-…): required.</p>');
    expect(await server.services.store.findSlackConnection(server.demo.orgId)).toBeNull();
  });

  test("a bot token that is none (the signing secret, a user or an app-level token pasted there) is refused, saying which token goes there, and nothing is stored", async () => {
    const browser = await signedIn("admin");
    const page = await (await browser.fetch("/settings/slack")).text();
    for (const botToken of ["8f742231b10e8888abcd99yyyzzz85a5", "xoxp-1234-5678", "xapp-1-A0123"]) {
      const refused = await browser.submit(slackForm(page), { signingSecret: "signing-secret-123", botToken });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(
        "Bot token (xoxb-…): not a bot token: paste the Bot User OAuth Token, which starts with xoxb- (OAuth &amp; Permissions of the Slack app).",
      );
    }
    const inFrench = await browser.submit(slackForm(page), { signingSecret: "signing-secret-123", botToken: "xoxp-1" }, undefined, {
      "accept-language": "fr",
    });
    expect(await inFrench.text()).toContain("collez le Bot User OAuth Token, qui commence par xoxb-");
    expect(await server.services.store.findSlackConnection(server.demo.orgId)).toBeNull();
  });

  test("an Admin connects Slack: the request URLs name the organization, the secrets are sealed at rest and never shown again", async () => {
    const browser = await signedIn("admin");
    const page = await (await browser.fetch("/settings/slack")).text();
    expect(page).toContain("Not connected.");
    expect(page).toContain(`${server.url}/integrations/slack/commands?org=${server.demo.orgId}`);
    expect(page).toContain(`${server.url}/integrations/slack/interactions?org=${server.demo.orgId}`);
    expect(page).toContain(`${server.url}/integrations/slack/events?org=${server.demo.orgId}`);
    const saved = await browser.submit(slackForm(page), {
      signingSecret: "signing-secret-123",
      botToken: "xoxb-bot-token-456",
      appId: server.demo.appId,
      channel: " C0FEED ",
      "kind.idea": "yes",
      minSeverity: "P1",
    });
    const shown = await saved.text();
    expect(shown).toContain("Saved, not checked yet");
    expect(shown).not.toContain("signing-secret-123");
    expect(shown).not.toContain("xoxb-bot-token-456");
    const stored = (await server.services.store.findSlackConnection(server.demo.orgId))!;
    expect(stored).toMatchObject({ appId: server.demo.appId, channel: "C0FEED", kinds: ["idea"], minSeverity: "P1" });
    expect(stored.secretsSealed).not.toContain("xoxb-bot-token-456");
    expect(JSON.parse(await server.services.secrets.open(stored.secretsSealed))).toEqual({
      signingSecret: "signing-secret-123",
      botToken: "xoxb-bot-token-456",
    });
  });

  test("when Slack cannot be reached to check the bot token (the machine may be offline), the settings are saved, and a boxed warning says in words that Slack could not be reached, the connection's error muted beneath", async () => {
    const browser = await signedIn("admin");
    const page = await (await browser.fetch("/settings/slack")).text();
    const saved = await (await browser.submit(slackForm(page), { signingSecret: "signing-secret-123", botToken: "xoxb-bot-token-456" })).text();
    expect(saved).toMatch(
      /<div class="error" role="note"><p>Saved, but the bot token is unchecked: Slack could not be reached\. Check that this server reaches Slack; should Slack refuse the token, the first notice that fails says so here\.<\/p><p class="detail">Connection error: [^<]+<\/p><\/div>/,
    );
    expect(await server.services.store.findSlackConnection(server.demo.orgId)).not.toBeNull();
  });

  test("saved with its bot token unchecked, the settings read again later say that the last call to Slack failed, not merely Connected; the page right after the save says it once", async () => {
    const browser = await signedIn("admin");
    const page = await (await browser.fetch("/settings/slack")).text();
    const saved = await (await browser.submit(slackForm(page), { signingSecret: "signing-secret-123", botToken: "xoxb-bot-token-456" })).text();
    expect(saved).not.toContain("The last call to Slack failed");
    const later = await (await browser.fetch("/settings/slack")).text();
    expect(later).toMatch(
      /<p class="error">The last call to Slack failed, [^<]+: [^<]*\. Notices wait and are tried again for about a day; this goes once one goes through\.<\/p>/,
    );
    expect(later).not.toContain("xoxb-bot-token-456");
  });

  test('saved with its bot token unchecked, the page says so once, in English and French: no "saved" box, and "Saved, not checked yet" in place of "Connected"', async () => {
    const browser = await signedIn("admin");
    const page = await (await browser.fetch("/settings/slack")).text();
    const secrets = { signingSecret: "signing-secret-123", botToken: "xoxb-bot-token-456" };
    const english = await (await browser.submit(slackForm(page), secrets)).text();
    expect(english).not.toContain("Slack settings saved.");
    expect(english).not.toContain("Connected");
    expect(english).toContain(
      "<p>Saved, not checked yet: Slack&#39;s requests will be checked with its signing secret; the secrets are kept sealed and never shown again.</p>",
    );
    const french = await (await browser.submit(slackForm(page), secrets, undefined, { "accept-language": "fr" })).text();
    expect(french).not.toContain("Réglages Slack enregistrés.");
    expect(french).not.toContain("Connecté.");
    expect(french).toContain("<p>Enregistré, pas encore vérifié\u202f: les requêtes de Slack seront vérifiées");
  });

  test("in French, the warning that Slack could not be reached is boxed the same, the connection's error muted beneath", async () => {
    const browser = await signedIn("admin");
    const page = await (await browser.fetch("/settings/slack")).text();
    const saved = await browser.submit(slackForm(page), { signingSecret: "", botToken: "xoxb-bot-token-456" }, undefined, {
      "accept-language": "fr",
    });
    expect(await saved.text()).toContain(
      '<div class="error" role="note"><p>Enregistré, mais le jeton de bot n’est pas vérifié\u202f: Slack est injoignable. Vérifiez que ce serveur atteint Slack\u202f; si Slack refuse le jeton, la première notification en échec le dira ici.</p><p class="detail">Erreur de connexion\u202f: ',
    );
  });

  test("saved again with the secrets left blank, the settings change and the secrets stay", async () => {
    const browser = await signedIn("admin");
    const page = await (await browser.fetch("/settings/slack")).text();
    expect(page).toContain("Leave blank to keep the one saved.");
    await browser.submit(slackForm(page), { signingSecret: "", botToken: "", appId: "", channel: "C0OTHER", minSeverity: "" });
    const stored = (await server.services.store.findSlackConnection(server.demo.orgId))!;
    expect(stored).toMatchObject({ channel: "C0OTHER", kinds: [] });
    expect(stored.appId).toBeUndefined();
    expect(JSON.parse(await server.services.secrets.open(stored.secretsSealed)).botToken).toBe("xoxb-bot-token-456");
  });

  test("saved from the page, the Web API address the operator set for the organization (slack set --api-url) stays", async () => {
    // Nothing listens there: the CLI saves the connection unchecked, and so does the page.
    await server.cli("slack", "set", "DEMO", "--signing-secret", "s", "--bot-token", "xoxb-1", "--api-url", "http://127.0.0.1:9/api");
    const browser = await signedIn("admin");
    const page = await (await browser.fetch("/settings/slack")).text();
    await browser.submit(slackForm(page), { signingSecret: "", botToken: "", appId: "", channel: "C0KEPT", minSeverity: "" });
    expect(await server.services.store.findSlackConnection(server.demo.orgId)).toMatchObject({ channel: "C0KEPT", apiUrl: "http://127.0.0.1:9/api" });
  });

  test("a Member is refused the page (403) and told that only Admins connect Slack", async () => {
    const browser = await signedIn("member");
    const page = await browser.fetch("/settings/slack");
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('<p class="muted">Only Admins connect Slack and choose what it is told.</p>');
  });

  test("disconnecting asks once more, then forgets the Slack app", async () => {
    const browser = await signedIn("admin");
    const page = await (await browser.fetch("/settings/slack")).text();
    const disconnect = /<form method="post" action="\/settings\/slack\/disconnect"[^>]*>[\s\S]*?<\/form>/.exec(page)![0];
    const asked = await (await browser.submit(disconnect, {})).text();
    expect(asked).toContain("Disconnect Slack? Its requests are refused at once");
    expect(await server.services.store.findSlackConnection(server.demo.orgId)).not.toBeNull();
    expect((await browser.submit(asked.slice(asked.indexOf("<main")), {})).status).toBe(303);
    expect(await server.services.store.findSlackConnection(server.demo.orgId)).toBeNull();
  });
});

describe("the Slack settings page, with Slack answering", () => {
  test("a bot token Slack refuses when asked (auth.test) is said beside its field, in English and French, and nothing is stored", async () => {
    const slack = new FakeSlack().start();
    const asked = await inProcess({ env: { SLACK_API_URL: slack.apiUrl } });
    try {
      const browser = await signedInAs(asked, "admin", "/settings/slack");
      const page = await (await browser.fetch("/settings/slack")).text();
      const refused = await browser.submit(slackForm(page), { signingSecret: "signing-secret-123", botToken: "xoxb-revoked" });
      expect(refused.status).toBe(400);
      const said = await refused.text();
      expect(said).toContain(
        '<label for="slack-bot-token">Bot token (xoxb-…)</label><p class="error" role="alert" id="slack-bot-token-error">Bot token (xoxb-…): refused by the service it is for (it answered: An API error occurred: invalid_auth): check that it is the whole token, and that it is not revoked or expired.</p><input id="slack-bot-token" name="botToken" type="password" autocomplete="off" required aria-invalid="true" aria-describedby="slack-bot-token-error" autofocus>',
      );
      const inFrench = await browser.submit(slackForm(page), { signingSecret: "s", botToken: "xoxb-revoked" }, undefined, {
        "accept-language": "fr",
      });
      expect(await inFrench.text()).toContain(
        "Jeton de bot (xoxb-…)\u202f: refusé par le service auquel il est destiné (il a répondu\u202f: An API error occurred: invalid_auth)",
      );
      expect(slack.callsOf("auth.test").length).toBe(2);
      expect(await asked.services.store.findSlackConnection(asked.demo.orgId)).toBeNull();
      const accepted = await browser.submit(slackForm(page), { signingSecret: "signing-secret-123", botToken: slack.botToken });
      const acceptedPage = await accepted.text();
      expect(acceptedPage).not.toContain("could not be reached");
      expect(acceptedPage).toContain('<p class="notice" role="status" tabindex="-1" autofocus>Slack settings saved.</p>');
      expect(acceptedPage).toContain("<p>Connected. Slack&#39;s requests are checked with its signing secret");
      expect(await asked.services.store.findSlackConnection(asked.demo.orgId)).not.toBeNull();
    } finally {
      asked.close();
      slack.stop();
    }
  });
});
