import { describe, expect, test } from "bun:test";
import { ERROR_CODES } from "../../../core/errors.ts";
import { EN } from "../../../adapters/http/catalog/en.ts";
import { FR } from "../../../adapters/http/catalog/fr.ts";
import { STATUS_OF } from "../../../adapters/http/error-status.ts";
import { helpedQuestion, impactQuestion, MESSAGES, NEEDS, textQuestion, touchesQuestion } from "../../../adapters/assistant-local/rules.ts";
import { WORDS } from "../../../apps/widget/words.ts";
import { portalWords } from "../../../adapters/http/portal/words.ts";
import { portalTeamWords } from "../../../adapters/http/web/portal-words.ts";
import { deliveredMessage } from "../../../core/notify/delivered-message.ts";

/** Every path to a text in a catalog: `web.inbox.search`, `errors.not_found`, `problems.says`. */
const keys = (catalog: object, prefix = ""): string[] =>
  Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe("the HTTP adapter's catalog", () => {
  test("every text exists in English and in French", () => {
    expect(keys(FR).sort()).toEqual(keys(EN).sort());
  });

  test("no section of the web catalog repeats a common word: a page finds each of its words in one place", () => {
    const { common, ...sections } = EN.web;
    const repeated = Object.entries(sections).flatMap(([section, words]) =>
      Object.keys(words)
        .filter((key) => key in common)
        .map((key) => `web.${section}.${key}`),
    );
    expect(repeated).toEqual([]);
  });

  test("every error code has a message in both languages, and they differ", () => {
    for (const code of ERROR_CODES) {
      expect(EN.errors[code].length, code).toBeGreaterThan(0);
      expect(FR.errors[code].length, code).toBeGreaterThan(0);
      expect(FR.errors[code], code).not.toBe(EN.errors[code]);
    }
  });

  test("every code of the spec has the spec's HTTP status", () => {
    const spec: Record<string, number> = {
      invalid_json: 400,
      invalid_ingest: 400,
      invalid_idempotency_key: 400,
      channel_mismatch: 403,
      channel_inactive: 403,
      unknown_app: 404,
      idempotency_in_progress: 409,
      message_too_long: 413,
      payload_too_large: 413,
      idempotency_key_reused: 422,
      rate_limited: 429,
      qualification_failed: 502,
      invalid_answer: 400,
      missing_answer: 400,
      qualification_not_found: 404,
      invalid_query: 400,
      invalid_cursor: 400,
      unauthorized: 401,
      invalid_token: 401,
      insufficient_scope: 403,
      not_found: 404,
      invalid_body: 400,
      forbidden: 403,
    };
    for (const [code, status] of Object.entries(spec)) expect(STATUS_OF[code as keyof typeof STATUS_OF], code).toBe(status);
  });
});

/** Every text of a catalog, functions called with sample values: `[path, text]`. */
const texts = (catalog: object, prefix = ""): [string, string][] =>
  Object.entries(catalog).flatMap(([key, value]): [string, string][] => {
    if (typeof value === "function") return [[`${prefix}${key}`, String(value("x", "y", 2, ["z"]))]];
    if (typeof value === "object" && value !== null) return texts(value, `${prefix}${key}.`);
    return [[`${prefix}${key}`, String(value)]];
  });

/** French punctuation not preceded by a narrow no-break space; URLs, an HTTP header and a GitHub label (retour:<statut>) written as code are not prose. */
const spacingFaults = (catalog: object): [string, string][] =>
  texts(catalog).filter(([, text]) => /(^|[^\u202f])[?!:;]/.test(text.replace(/\b[a-z]+:\/\/\S*|\bContent-Type: |\bretour:</g, "")));

test("French writes a limit of thousands with a narrow no-break space, 5\u202f000, on pages and in refusals alike", () => {
  const { problems, form, tracking } = FR;
  const said = [
    problems.atMost(5000),
    problems.atMostItems(1000),
    problems.range(1000, 10000),
    problems.listOf(1, 1000),
    tracking.answerHint,
    form.messageTooLong(10000),
    portalWords("fr").tooLong(5000),
  ];
  expect(said.filter((text) => /\d{4}/.test(text))).toEqual([]);
  expect(said.filter((text) => text.includes("5\u202f000"))).toHaveLength(3);
});

test("English writes a limit of thousands on the pages for people with a comma, 5,000, as the README does", () => {
  const said = [EN.tracking.answerHint, EN.form.messageTooLong(10000), portalWords("en").tooLong(5000)];
  expect(said.filter((text) => /\d{4}/.test(text))).toEqual([]);
  expect(said.filter((text) => text.includes("5,000"))).toHaveLength(2);
});

test("the widget's Ideas tab, with no idea to show, says none is open for votes: it lists open ones only, and shipped ideas are still published", () => {
  expect(WORDS.en.ideasEmpty).toStartWith("No idea is open for votes right now.");
  expect(WORDS.fr.ideasEmpty).toStartWith("Aucune idée n’attend de votes pour l’instant.");
});

test("the widget counts votes as the portal does: 0 and 1 take the singular in French, only 1 in English", () => {
  for (const [lang, words] of Object.entries(WORDS) as Array<[keyof typeof WORDS, (typeof WORDS)["en"]]>)
    expect([0, 1, 2].map(words.votes)).toEqual([0, 1, 2].map(portalWords(lang).votes));
  expect([0, 1, 2].map(WORDS.fr.votes)).toEqual(["vote", "vote", "votes"]);
});

describe("French typography: a narrow no-break space (U+202F), never a plain space, before ? ! : and ;", () => {
  test("in every text of the web pages, the hosted form and the error messages", () => {
    expect(spacingFaults(FR)).toEqual([]);
  });

  test("in the widget", () => {
    expect(spacingFaults(WORDS.fr)).toEqual([]);
  });

  test("in the offline assistant's questions and messages", () => {
    const asked = [
      ...Object.values(NEEDS).map((need) => textQuestion(need, "fr")),
      impactQuestion("fr"),
      touchesQuestion("fr", []),
      helpedQuestion("fr"),
    ];
    expect(spacingFaults({ asked: asked.map((q) => q.prompt), drop: MESSAGES.drop.fr, restart: MESSAGES.restart.fr })).toEqual([]);
  });

  test("in the e-mail telling a follower their report was delivered", () => {
    const mail = deliveredMessage("fr", {
      name: "Ann",
      title: "Export",
      reporter: true,
      feedbackKey: "DEMO-1",
      trackingUrl: "https://x.test/s/1",
      unsubscribeUrl: "https://x.test/u/1",
    });
    expect(spacingFaults(mail)).toEqual([]);
  });

  test("the check itself finds a plain space, or none, before a French colon or question mark", () => {
    expect(spacingFaults({ a: "Statut : ouvert", b: "Vraiment?", c: "Statut\u202f: ouvert" }).map(([path]) => path)).toEqual(["a", "b"]);
  });
});

test("French typography: an apostrophe between letters is the typographic one (U+2019), never the straight ', in the catalog, the widget and the portal", () => {
  // The first report's sample message is shown inside a shell command, as a reporter would type it: its ' is the shell's to quote.
  const french = [
    ...texts(FR).filter(([path]) => path !== "web.firstReport.sample"),
    ...texts(WORDS.fr),
    ...texts(portalWords("fr")),
    ...texts(portalTeamWords("fr")),
  ];
  expect(french.filter(([, text]) => /\p{L}'\p{L}/u.test(text))).toEqual([]);
});
