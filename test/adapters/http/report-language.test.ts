import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";

/** The demo app allows its widget on a local development server's origin. */
const ALLOWED = "http://localhost:5173";
const WHAT_HAPPENED = { en: "What happened exactly?", fr: "Que s’est-il passé exactement\u202f?" };
const WHAT_EXPECTED = { en: "What did you expect to happen instead?", fr: "Qu’attendiez-vous à la place\u202f?" };

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());
const { post } = jsonClient(() => server);

const report = (message: string, language: string, extra: Record<string, unknown> = {}) =>
  post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message, ...extra }, { "accept-language": language });
const fromWidget = (message: string, language: string) =>
  post(
    `${server.url}/v1/widget/reports`,
    { publicKey: server.demo.widgetKey, kind: "problem", message, qualify: true },
    { origin: ALLOWED, "accept-language": language },
  );
const firstQuestion = (reply: { body: any }) => reply.body.questions[0].prompt;
const pageLanguage = async (statusUrl: string) =>
  (await (await server.fetch(statusUrl, { headers: { "accept-language": "en" } })).text()).match(/<html lang="(\w+)"/)?.[1];

describe("the language of a report: its words when they say, else the one its reporter's client accepts", () => {
  test("an English client's report whose words do not decide is asked in English, though it has an accent", async () => {
    expect(firstQuestion(await report("Café menu crashes", "en", { qualify: true }))).toBe(WHAT_HAPPENED.en);
  });

  test("a French client's report whose words do not decide is asked in French", async () => {
    expect(firstQuestion(await report("Café menu crashes", "fr-FR,fr;q=0.9,en;q=0.8", { qualify: true }))).toBe(WHAT_HAPPENED.fr);
  });

  test("a report written in French is asked in French, whatever its client accepts", async () => {
    expect(firstQuestion(await report("L’export plante quand je clique", "en", { qualify: true }))).toBe(WHAT_EXPECTED.fr);
  });

  test("the widget's report is asked in the widget's language (its page's, sent as Accept-Language), which shows the questions, whatever its words", async () => {
    expect(firstQuestion(await fromWidget("Café menu crashes", "en-US"))).toBe(WHAT_HAPPENED.en);
    expect(firstQuestion(await fromWidget("Café menu crashes", "fr"))).toBe(WHAT_HAPPENED.fr);
    expect(firstQuestion(await fromWidget("The export crashes when I click on it", "fr"))).toBe(WHAT_EXPECTED.fr);
    expect(firstQuestion(await fromWidget("L’export plante quand je clique", "en"))).toBe(WHAT_EXPECTED.en);
  });

  test("the tracking page speaks the report's language: English for an English report with an accented letter", async () => {
    const english = await report("Export to CSV cuts off accented letters like é", "en");
    expect(await pageLanguage(english.body.statusUrl)).toBe("en");
    const french = await report("L’export plante quand je clique", "en");
    expect(await pageLanguage(french.body.statusUrl)).toBe("fr");
  });
});
