import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";
import type { FormBrowser } from "../../support/browser.ts";

const PATH = "/settings/portal";
let http: InProcess;
let admin: FormBrowser;
beforeEach(async () => {
  http = await inProcess();
  admin = await signedInAs(http, "admin", PATH);
});
afterEach(() => http.close());

const page = async (browser = admin) => (await browser.fetch(PATH)).text();
/** The Admin, whose browser asks for French. */
const french = () => signedInAs(http, "admin", PATH, { "accept-language": "fr" });
const settings = async () => (await http.request("GET", "/v1/portal", { token: http.demo.tokens.admin })).body;
const put = (body: Record<string, unknown>) => http.request("PUT", "/v1/portal", { token: http.demo.tokens.admin, body });
/** What the page's notes say in bold: the thing to do. */
const toDo = (shown: string) => [...shown.matchAll(/<p role="note">[^<]*<strong>([^<]*)<\/strong><\/p>/g)].map((m) => m[1]);

describe("Settings → Portal writes only the fields changed on the page", () => {
  test("two saves from pages shown before either both stand: each writes the fields changed on its page, each status label its own", async () => {
    const [first, second] = [await page(), await page()];
    const a = await admin.sendForm(first, PATH, { title: "Acme ideas", "label-prioritized": "Next up" });
    expect([a.status, a.headers.get("location")]).toEqual([303, `${PATH}?saved`]);
    const b = await admin.sendForm(second, PATH, { brandColor: "#0E7490", "label-fixed": "Shipped" });
    expect([b.status, b.headers.get("location")]).toEqual([303, `${PATH}?saved`]);
    expect(await settings()).toMatchObject({
      title: "Acme ideas",
      brandColor: "#0e7490",
      statusLabels: { prioritized: "Next up", fixed: "Shipped" },
    });
  });

  test("back from a save, what it did is said first, under the title, before the page's introduction and its link to open the portal", async () => {
    const saved = await admin.sendForm(await page(), PATH, { enabled: "yes", title: "Acme ideas" });
    const shown = await (await admin.fetch(saved.headers.get("location")!)).text();
    const main = shown.slice(shown.indexOf("<h1>Public portal</h1>"));
    expect(main).toStartWith('<h1>Public portal</h1><p class="notice" role="status" tabindex="-1" autofocus>Portal settings saved.</p>');
    expect(main.indexOf('role="status"')).toBeLessThan(main.indexOf(">Open the portal</a>"));
  });

  test("a field changed on the page that someone else changed since it was shown is held back and named; the rest is saved, and the form shows their value", async () => {
    const shown = await page();
    await put({ title: "Acme ideas", statusLabels: { fixed: "Shipped" } });
    const partly = await admin.sendForm(shown, PATH, { title: "Acme board", indexing: "yes", "label-fixed": "Done" });
    expect([partly.status, partly.headers.get("location")]).toEqual([303, `${PATH}?saved=partly&held=title,label-fixed`]);
    expect(await settings()).toMatchObject({ title: "Acme ideas", indexing: true, statusLabels: { fixed: "Shipped" } });
    const told = await (await admin.fetch(partly.headers.get("location")!)).text();
    expect(told).toContain(
      '<p class="error" role="alert" tabindex="-1" autofocus>Saved, except Title, Public label of “Fixed”: someone else changed them since this page was shown. The form shows their values; change them again to replace them.</p>',
    );
    expect(told).toContain('name="title" value="Acme ideas"');
    expect(told).toContain('name="label-fixed" value="Shipped"');
  });

  test("a save whose every change someone else overtook writes nothing and says so", async () => {
    const shown = await page();
    await put({ brandColor: "#0e7490" });
    const held = await admin.sendForm(shown, PATH, { brandColor: "#b91c1c" });
    expect(held.headers.get("location")).toBe(`${PATH}?saved=held&held=brandColor`);
    expect((await settings()).brandColor).toBe("#0e7490");
    expect(await (await (await french()).fetch(held.headers.get("location")!)).text()).toContain(
      "Rien n’est enregistré\u202f: quelqu’un d’autre a modifié Couleur de la marque depuis l’affichage de cette page.",
    );
  });

  test("in French, fields held back are said in the plural when there are several", async () => {
    const shown = await page();
    await put({ title: "Acme ideas", brandColor: "#0e7490" });
    const held = await admin.sendForm(shown, PATH, { title: "Acme board", brandColor: "#b91c1c" });
    expect(await (await (await french()).fetch(held.headers.get("location")!)).text()).toContain(
      "Rien n’est enregistré\u202f: quelqu’un d’autre a modifié Titre, Couleur de la marque depuis l’affichage de cette page. Le formulaire montre leurs valeurs\u202f; modifiez-les de nouveau pour les remplacer.",
    );
  });
});

describe("Settings → Portal, where the service sends no e-mail", () => {
  test("the notice says what single sign-on still lacks — the sign-in page, the secret, one of them — naming the field to fill in", async () => {
    const lead =
      "This service does not send e-mail (SMTP_URL is not set): people cannot sign in to the portal by an e-mail link, only through your own sign-in (single sign-on).";
    expect(await page()).toContain(`<p role="note">${lead} <strong>Fill in “Your sign-in page” below and create the secret.</strong></p>`);
    await put({ signInUrl: "https://app.acme.example/login" });
    expect(toDo(await page())).toEqual(["Your sign-in page is set: create the secret below."]);
    await put({ signInUrl: null });
    await http.request("POST", "/v1/portal/sso-secret", { token: http.demo.tokens.admin });
    expect(toDo(await page())).toEqual(["Fill in “Your sign-in page” below: the secret exists."]);
  });

  test("once single sign-on has both, the notice says it is ready — while the portal is off, that it will work once the portal is on", async () => {
    await put({ enabled: false, signInUrl: "https://app.acme.example/login" });
    await http.request("POST", "/v1/portal/sso-secret", { token: http.demo.tokens.admin });
    expect(toDo(await page())).toEqual([]);
    expect(await page()).toContain("(single sign-on). Its address and its secret are set: it will work once the portal is on.</p>");
    await put({ enabled: true, slug: "acme" });
    expect(await page()).toContain("(single sign-on). It is ready: its address and its secret are set.</p>");
    expect(await page(await french())).toContain("(authentification unique). Elle est prête\u202f: son adresse et son secret sont en place.</p>");
  });
  test("beside what single sign-on lacks, or that it is ready, it names the CLI command that makes a sign-in link, with the organization's key, to try the portal as a visitor, in a block of its own with a Copy button named for it", async () => {
    const command = (copy: string, name: string) => `<pre class="command" data-copy="${copy}" data-copy-name="${name}"`;
    const trial =
      '<p class="muted">To try the portal as a visitor without single sign-on, make a sign-in link on the service&#39;s machine; it works once, for 15 minutes, while the portal is on:</p>';
    const shown = "><code>npm run cli -- portal sign-in-link DEMO you@example.com</code></pre>";
    expect(await page()).toContain(`</strong></p>${trial}${command("Copy", "Copy: Sign-in link command")}`);
    expect(await page()).toContain(shown);
    await put({ signInUrl: "https://app.acme.example/login" });
    await http.request("POST", "/v1/portal/sso-secret", { token: http.demo.tokens.admin });
    expect(await page()).toContain(`will work once the portal is on.</p>${trial}`);
    const inFrench = await page(await french());
    expect(inFrench).toContain(
      `Pour essayer le portail comme un visiteur sans authentification unique, créez un lien de connexion sur la machine du service\u202f; il sert une fois, pendant 15 minutes, tant que le portail est ouvert\u202f:</p>${command("Copier", "Copier\u202f: Commande du lien de connexion")}`,
    );
    expect(inFrench).toContain(shown);
  });
});

describe("Settings → Portal's single sign-on secret", () => {
  test("creating the secret shows it this once, a notice that takes the focus on arrival: its address has no fragment, which would keep autofocus from running", async () => {
    const created = await admin.sendForm(await page(), `${PATH}/sso-secret`);
    expect([created.status, created.headers.get("location")]).toEqual([303, PATH]);
    expect(await page()).toMatch(
      /<div class="notice" role="status" tabindex="-1" autofocus><p>The new secret, shown this once\. Copy it to your server&#39;s configuration:<\/p><pre class="secret" id="secret"[^>]*>psso_[\w-]+<\/pre><\/div>/,
    );
  });

  test("rotating asks once more: the question as the heading, what it does as a paragraph", async () => {
    await http.request("POST", "/v1/portal/sso-secret", { token: http.demo.tokens.admin });
    const browser = await french();
    const asked = await (await browser.sendForm(await page(browser), `${PATH}/sso-secret`)).text();
    expect(asked).toContain(
      "<h1>Renouveler le secret d’authentification unique\u202f?</h1><p>Les jetons signés avec l’actuel sont refusés aussitôt, jusqu’à ce que votre serveur signe avec le nouveau.</p>",
    );
  });
});

describe("Settings → Portal in French", () => {
  test("the colour is written #rrvvbb in its hint and its refusal, whose way out names the field", async () => {
    const browser = await french();
    const shown = await page(browser);
    expect(shown).toContain('<p class="muted" id="portal-brand-hint">#rrvvbb\u202f; vide pour celle par défaut.</p>');
    const refused = await browser.sendForm(shown, PATH, { brandColor: "rouge" });
    expect(await refused.text()).toContain("une couleur écrite #rrvvbb (comme #4f46e5). Ou laissez le champ vide pour la couleur par défaut.</p>");
  });
});

describe("Settings → Portal says a refused field beside it", () => {
  /** The input that holds the focus on arrival, and the texts its description names. */
  const focused = (shown: string) => {
    const input = /<input [^>]* autofocus[ >]/.exec(shown)?.[0] ?? "";
    const described = / aria-describedby="([^"]+)"/.exec(input)?.[1]?.split(" ") ?? [];
    const text = (id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(shown)?.[1];
    return { id: / id="([^"]+)"/.exec(input)?.[1], invalid: input.includes('aria-invalid="true"'), said: described.map(text) };
  };

  test("a refused address is focused on arrival, marked invalid, its hint and its error as its description, and the page has no alert above the form", async () => {
    const refused = await admin.sendForm(await page(), PATH, { slug: "Not A Slug" });
    expect(refused.status).toBe(400);
    const shown = await refused.text();
    expect(focused(shown)).toEqual({
      id: "portal-slug",
      invalid: true,
      said: [
        "http://localhost:3000/p/… — Lower-case letters, digits and hyphens.",
        "Address: expected lower-case letters, digits and hyphens, 1 to 40, not starting or ending with a hyphen (such as acme-shop).",
      ],
    });
    expect(shown.match(/ autofocus[ >]/g)?.length).toBe(1);
  });

  test("a status label refused is said beside that label's field, by the status it names, not by the API's field", async () => {
    const refused = await admin.sendForm(await page(), PATH, { "label-fixed": "x".repeat(200) });
    expect(refused.status).toBe(400);
    expect(focused(await refused.text())).toEqual({
      id: "label-fixed",
      invalid: true,
      said: ["Public label of “Fixed”: expected a non-empty text of at most 40 characters with at least one visible character."],
    });
  });
});
