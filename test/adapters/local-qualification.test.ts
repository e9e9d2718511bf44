import { describe, expect, test } from "bun:test";
import { createLocalAssistant } from "../../adapters/assistant-local/assistant.ts";
import type { Language } from "../../core/language.ts";
import type { FeatureRecord, Turn } from "../../core/model.ts";
import type { AssistantStep } from "../../core/ports.ts";
import type { BrowserContext } from "../../core/schemas/widget.ts";
import { detectLanguage } from "../../core/report/detect-language.ts";
import { NEEDS } from "../../adapters/assistant-local/rules.ts";

const assistant = createLocalAssistant();

/**
 * The assistant's step on a problem report sent with `qualify`, in the language the service reads
 * in it: the first one, or the one after the person answered what happened.
 */
function step(message: string, observed?: string): Promise<AssistantStep> {
  const language = detectLanguage(message);
  return assistant.qualify({
    appId: "app",
    report: { kind: "problem", message, author: {} },
    language,
    conversation: [
      { role: "user", text: message, at: 0 },
      ...(observed
        ? [
            { role: "assistant" as const, text: NEEDS.observed.question[language], at: 0 },
            { role: "user" as const, text: observed, at: 1 },
          ]
        : []),
    ],
    answers: observed ? { observed } : {},
    helpArticles: [],
    features: [],
  });
}
const firstStep = (message: string) => step(message);

const asked = (step: AssistantStep) => (step.status === "ask" ? step.questions.map((q) => ({ id: q.id, prompt: q.prompt })) : step.status);

const WHERE: Record<Language, string> = {
  en: "Where in the app did this happen (page, screen or address)?",
  fr: "Où cela s’est-il produit dans l’application (page, écran ou adresse)\u202f?",
};

describe("the offline assistant asks a problem report only what its words do not tell", () => {
  test.each([
    ["en", "When I click Export the PDF is blank; I expected my invoice to download"],
    ["fr", "Quand je clique sur Exporter, le PDF est vide\u202f; je m'attendais à télécharger ma facture"],
  ] as const)("a report that says what happened and what was expected is asked neither, but where (%s)", async (language, message) => {
    expect(asked(await firstStep(message))).toEqual([{ id: "where", prompt: WHERE[language] }]);
  });

  test.each([
    ["en", "The total shows 0 € instead of 42 €"],
    ["fr", "Le total affiche 0 € au lieu de 42 €"],
  ] as const)("a symptom set against what should be tells both (%s)", async (language, message) => {
    expect(asked(await firstStep(message))).toEqual([{ id: "where", prompt: WHERE[language] }]);
  });

  test.each([
    ["After the last update the app crashes every time I open my profile", "What did you expect to happen instead?"],
    ["Quand j'ajoute un article au panier, le total reste bloqué à 0 €", "Qu’attendiez-vous à la place\u202f?"],
  ])("a symptom with the moment or the action it follows tells what happened; what was expected is asked: %s", async (message, prompt) => {
    expect(asked(await firstStep(message))).toEqual([{ id: "expected", prompt }]);
  });

  test.each([
    ["en", "I tried to download my invoice", "The download never starts"],
    ["fr", "Le total devrait afficher les ventes du mois en cours", "Il affiche celles du mois dernier"],
  ] as const)(
    "a goal or an expectation tells what was expected: once what happened is answered, where comes next (%s)",
    async (language, message, observed) => {
      expect(asked(await firstStep(message))[0]).toMatchObject({ id: "observed" });
      expect(asked(await step(message, observed))).toEqual([{ id: "where", prompt: WHERE[language] }]);
    },
  );

  test.each([
    ["The Pay button does nothing when I click it", "expected"],
    ["Le bouton Payer ne fait rien quand je clique dessus", "expected"],
    ["When I click Save the form has no effect and does not react", "expected"],
    // Real reports (GitBugs, arXiv:2504.09651, CC BY 4.0), cut to the sentences that tell it.
    ['Page loads at normal site. Clicking the Long button takes you to the "create account" page. Clicking on link does nothing.', "expected"],
    ["Subscribe to a newgroup via clicking on link.\n\nNothing seem to happen.", "expected"],
    ["For some time now right clicking anywhere in Seamonkey mail, be it a link in a message, does not produce a context menu any more.", "expected"],
  ])("an action the app did not answer tells what happened: %s", async (message, next) => {
    expect(asked(await firstStep(message))[0]).toMatchObject({ id: next });
  });

  test.each([
    "When I click Save the form does not react",
    "When I click Save it does not trigger the export",
    "When I click Save it has no effect",
    "When I click Save there is no response",
    "When I change the currency the setting does not take effect",
    "When I click Save it didn't do anything",
    "Quand je clique sur Enregistrer, le formulaire ne réagit pas",
    "Quand je clique sur Enregistrer, il ne se passe rien",
    "Quand je clique sur Enregistrer, rien ne se produit",
    "Quand je clique sur Enregistrer, c’est sans effet",
    "Quand j’ai cliqué sur Enregistrer, le bouton n’a rien fait",
    "Quand je clique sur Enregistrer, aucune réaction",
  ])("each way of saying the app did not answer an action tells what happened: %s", async (message) => {
    expect(asked(await firstStep(message))[0]).toMatchObject({ id: "expected" });
  });

  test.each([
    ['2. Click "More Options"\n4. Click "Zip herunterladen"\n   » expected: Download\n    actual: nothing', "where"],
    ['1. visit https://www.instagram.com/\n» Expected: contents shown\nActual: Message "Page is not available"', "where"],
  ])("a template's Actual: line tells what happened: %s", async (message, next) => {
    expect(asked(await firstStep(message))[0]).toMatchObject({ id: next });
  });

  test.each([
    "1. Open the invoice\n2. Click Download\nExpected: the PDF downloads\nActual:",
    "Actual:\n\nExpected: the PDF downloads",
    "Actual:\nSteps to reproduce:\n1. Open the invoice\n2. Click Download\nExpected: the PDF downloads",
  ])("a template's Actual: line left empty does not tell what happened: %s", async (message) => {
    expect(asked(await firstStep(message))[0]).toMatchObject({ id: "observed" });
  });

  test.each([
    "When I click Download the PDF is blank\nExpected:",
    "Expected:\nActual: the PDF is blank when I click Download",
    "1. Open the invoice\n2. Click Download\nExpected:   \nSteps to reproduce:\nActual: the PDF is blank",
    "Résultat attendu\u202f:\nRésultat obtenu\u202f: le PDF est vide quand je clique sur Télécharger",
    "Expected Results:\n\nActual Results: the PDF is blank when I click Download",
  ])("a template's Expected: line left empty does not tell what was expected: %s", async (message) => {
    expect(asked(await firstStep(message))[0]).toMatchObject({ id: "expected" });
  });

  test.each([
    "Expected: the PDF downloads\nActual: the PDF is blank",
    "Actual: the PDF is blank\nExpected:\n  the PDF downloads",
    "Résultat attendu\u202f: le PDF se télécharge\nRésultat obtenu\u202f: il est vide",
    "When I click Download the PDF is blank\nExpected behavior: the PDF downloads",
  ])("a template's Expected: line filled in tells what was expected: %s", async (message) => {
    expect(asked(await firstStep(message))[0]).toMatchObject({ id: "where" });
  });

  test("a plan to do nothing is not an account of what happened", async () => {
    const message = "When the token expires the standard implementations will do nothing";
    expect(asked(await firstStep(message))[0]).toMatchObject({ id: "observed" });
    expect(asked(await firstStep("When the token expires the client does nothing"))[0]).toMatchObject({ id: "expected" });
  });

  test.each([
    "it doesn't work",
    "Search is broken",
    "There is a bug on the checkout page, please fix it",
    "Ça ne marche pas",
    "Il y a un bug sur la page de paiement",
    "When I click Pay it doesn't work",
    "Quand je clique sur Payer, ça ne fonctionne pas",
    "Help, it's broken",
    "There is a bug",
    // Real reports' titles, alone.
    "LocalFs rename is broken.",
    "ignboards.com - Button does not work",
  ])("a vague complaint is still asked what happened: %s", async (message) => {
    expect(asked(await firstStep(message))[0]).toMatchObject({ id: "observed" });
  });

  test.each(["The invoice PDF is empty", "Le PDF de la facture est vide", "The Pay button does nothing", "Le bouton Payer ne fait rien"])(
    "a bare symptom, with no moment, action or expectation, is still asked what happened: %s",
    async (message) => {
      expect(asked(await firstStep(message))[0]).toMatchObject({ id: "observed" });
    },
  );

  test.each([
    "When I open the invoice the PDF is blank, which is not what I expected",
    "When I open the invoice the PDF is blank, it should just work",
    "Quand j'ouvre la facture, le PDF est vide, ce n'est pas ce que j'attendais",
    "Quand j'ouvre la facture, le PDF est vide alors que ça devrait fonctionner",
  ])("saying something was not as expected, without saying what was, is still asked what was expected: %s", async (message) => {
    expect(asked(await firstStep(message))[0]).toMatchObject({ id: "expected" });
  });
});

describe("the offline assistant reads numbered steps", () => {
  test("steps numbered one a line, with a symptom, tell what happened; the same words unnumbered do not", async () => {
    expect(asked(await firstStep("1. Open the invoice\n\n  2) Export it\nThe PDF is blank"))[0]).toMatchObject({ id: "expected" });
    expect(asked(await firstStep("Open the invoice, export it: the PDF is blank"))[0]).toMatchObject({ id: "observed" });
  });

  test("a report of numbered lines over thousands of blank ones is read at once, not in seconds (a form or a widget could stall the server)", async () => {
    const message = `${"1. \n".repeat(600)}${"\n".repeat(7600)}The PDF is blank`;
    const started = performance.now();
    await firstStep(message);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("the offline assistant keeps the reporter's impact answer with the report", () => {
  test("the scale's step chosen is recorded as the report's impact, for triage to grade it", async () => {
    const message = "When I click Export the PDF is blank; I expected my invoice to download";
    const step = await assistant.qualify({
      appId: "app",
      report: { kind: "problem", message, author: {} },
      language: "en",
      conversation: [
        { role: "user", text: message, at: 0 },
        { role: "assistant", text: WHERE.en, at: 0 },
        { role: "user", text: "The invoices page", at: 1 },
        { role: "assistant", text: "How much does this get in your way?", at: 1 },
        { role: "user", text: "5 — it blocks me completely", at: 2 },
      ],
      answers: { where: "The invoices page", impact: "5" },
      helpArticles: [],
      features: [],
    });
    expect(step).toMatchObject({ status: "ready", report: { impact: 5 } });
  });
});

/**
 * The questions the assistant asks a problem report, in order, until it is recorded: every question
 * answered as a person would, a choice picked where it offers some.
 */
async function questionsAsked(
  message: string,
  { features = [], url, context }: { features?: readonly FeatureRecord[]; url?: string; context?: BrowserContext } = {},
): Promise<string[]> {
  const language = detectLanguage(message);
  const report = { kind: "problem" as const, message, author: {}, ...(url && { url }), ...(context && { context }) };
  const conversation: Turn[] = [{ role: "user", text: message, at: 0 }];
  let answers: Record<string, string> = {};
  const asked: string[] = [];
  for (let turn = 1; turn < 8; turn++) {
    const step = await assistant.qualify({ appId: "app", report, language, conversation, answers, helpArticles: [], features });
    // Asked nothing of "where" only counts once the report is recorded: a dropped one was asked nothing at all.
    if (step.status === "ready") return asked;
    if (step.status !== "ask") throw new Error(`${message}: ${step.status}, not recorded`);
    const question = step.questions[0]!;
    const answer = question.choices?.[0]?.id ?? "The page shows an error message after I click the button";
    asked.push(question.id);
    conversation.push({ role: "assistant", text: question.prompt, at: turn }, { role: "user", text: answer, at: turn });
    answers = { ...answers, [question.id]: answer };
  }
  throw new Error(`${message}: more questions than a report needs`);
}

const feature = (id: string, name: string, path: string, cues: string[] = []): FeatureRecord => ({ id, orgId: "o", appId: "app", name, path, cues });

/** An app's map: one feature named in English, one in French, one with the French word the team gave it. */
const MAP = [feature("f-invoices", "Invoices", "billing/invoices", ["factures"]), feature("f-shipping", "Expédition", "orders/shipping")];

describe("the offline assistant does not ask where a problem report already says", () => {
  test.each([
    ["its name", "My invoices are all dated 1970"],
    ["its name, accents aside", "L'expedition de ma commande n'est jamais confirmée"],
    ["a word of its path", "The billing totals are wrong since Monday"],
    ["the word the map gives it in French", "Mes factures sont toutes datées de 1970"],
  ])("a report that names a feature of the app's map by %s is not asked where: %s", async (_, message) => {
    expect(await questionsAsked(message, { features: MAP })).not.toContain("where");
  });

  test.each(["My download never finishes", "Mon téléchargement ne se termine jamais"])(
    "a report that names no feature of the map is asked where, the map's features offered as choices: %s",
    async (message) => {
      const language = detectLanguage(message);
      const conversation: Turn[] = [{ role: "user", text: message, at: 0 }];
      const report = { kind: "problem" as const, message, author: {} };
      const where = await assistant.qualify({
        appId: "app",
        report,
        language,
        conversation,
        answers: { observed: "x", expected: "y" },
        helpArticles: [],
        features: MAP,
      });
      expect(where).toMatchObject({
        status: "ask",
        questions: [{ id: "where", mode: "single", choices: [{ id: "f-invoices" }, { id: "f-shipping" }] }],
      });
    },
  );

  test("a report sent with the address of its page is not asked where", async () => {
    expect(await questionsAsked("The Pay button does nothing", { url: "https://shop.example/checkout" })).not.toContain("where");
  });

  test("a widget report is not asked where: the widget described the page it was sent from", async () => {
    const context = { page: { url: "https://shop.example/checkout", title: "Checkout" } };
    expect(await questionsAsked("The Pay button does nothing", { context })).not.toContain("where");
  });

  test("the page the widget described stays in the report's context: it is not copied into its text or address", async () => {
    const message = "When I tap Pay nothing happens; I expected the order to be placed";
    const report = { kind: "problem" as const, message, author: {}, context: { page: { url: "https://shop.example/checkout" } } };
    const step = await assistant.qualify({ appId: "app", report, language: "en", conversation: [], answers: {}, helpArticles: [], features: [] });
    expect(step).toEqual({ status: "ready", report });
  });

  test.each([
    "It doesn't work on the checkout page",
    "The order history screen shows nothing",
    "Checkout page is broken",
    "Nothing happens when I open the invite dialog",
  ])("a screen named by the word before it is where: %s", async (message) => {
    expect(await questionsAsked(message)).not.toContain("where");
  });

  test.each(["Ça ne marche pas sur la page de paiement", "Rien ne se passe dans l'onglet Factures", "La fenêtre d'export reste vide"])(
    "a screen named by the words after it is where: %s",
    async (message) => {
      expect(await questionsAsked(message)).not.toContain("where");
    },
  );

  test.each([
    "It crashes in the settings",
    "The dashboard shows last month",
    "Ça plante dans les réglages",
    "Le tableau de bord affiche le mois dernier",
  ])("a screen every app has, named by itself, is where: %s", async (message) => {
    expect(await questionsAsked(message)).not.toContain("where");
  });

  test.each(["Settings > Notifications: the toggle does nothing", "Paramètres → Notifications\u202f: le bouton ne fait rien"])(
    "a path through the menus is where: %s",
    async (message) => {
      expect(await questionsAsked(message)).not.toContain("where");
    },
  );

  test.each([
    "It doesn't work on the page",
    "I get a blank page",
    "It shows the error page",
    "Something is wrong somewhere in the app",
    "It opens in a new tab and nothing loads",
    "S3InputStream -> S3ABufferedStream leaks the connection",
    "La page reste blanche",
    "Sur la page, rien ne se passe",
    "J'obtiens une page d'erreur",
    "L'écran devient noir",
    "Ça s'ouvre dans un nouvel onglet",
  ])("a report that says no place, or only what a page looks like, is still asked where: %s", async (message) => {
    expect(await questionsAsked(message)).toContain("where");
  });
});
