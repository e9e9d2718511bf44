import { describe, expect, test } from "bun:test";
import { ERROR_CODES } from "../../../core/errors.ts";
import { type Catalog, EN } from "../../../adapters/http/catalog/en.ts";
import { FR } from "../../../adapters/http/catalog/fr.ts";
import { STATUS_OF } from "../../../adapters/http/error-status.ts";
import { helpedQuestion, impactQuestion, MESSAGES, NEEDS, textQuestion, touchesQuestion } from "../../../adapters/assistant-local/rules.ts";
import { WORDS } from "../../../apps/widget/words.ts";
import { portalWords } from "../../../adapters/http/portal/words.ts";
import { portalTeamWords } from "../../../adapters/http/web/portal-words.ts";
import { deliveredMessage } from "../../../core/notify/delivered-message.ts";
import { replyMessage } from "../../../core/notify/reply-message.ts";
import { answerMessage } from "../../../core/conversation/answer-message.ts";
import { entryMessage } from "../../../core/changelog/entry-message.ts";
import { signInMessage } from "../../../core/portal-people/portal.ts";
import {
  assignedMessage,
  assignedTogetherMessage,
  changeMessage,
  digestMessage,
  invitationMessage,
  mentionMessage,
  passwordResetMessage,
} from "../../../core/team/team-messages.ts";

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

/** Every e-mail the service writes, in French, with sample values (the delivered one has a test of its own above). */
function frenchMails(): Record<string, { subject: string; text: string } | string> {
  const about = { key: "DEMO-1", title: "Export", url: "https://x.test/inbox/DEMO-1", settingsUrl: "https://x.test/account" };
  const line = { key: "DEMO-2", title: "Import", url: "https://x.test/inbox/DEMO-2", count: 3 };
  const follower = { name: "Ann", title: "Export", reporter: true, feedbackKey: "DEMO-1", unsubscribeUrl: "https://x.test/u/1" };
  return {
    reply: replyMessage("fr", { ...follower, author: "Léa", text: "Corrigé.", followUrl: "https://x.test/s/1" }),
    answer: answerMessage("fr", { key: "DEMO-1", title: "Export", text: "Merci", feedbackUrl: about.url, settingsUrl: about.settingsUrl }),
    // Its HTML part holds the same words, and a style sheet's colons.
    entry: entryMessage("fr", {
      title: "Export PDF",
      body: { text: "Enfin.", html: "<p>Enfin.</p>" },
      followed: [{ key: "DEMO-1", title: null, reporter: true, unsubscribeUrl: "https://x.test/u/1" }],
      trackingUrl: "https://x.test/s/1",
    }).text,
    signIn: signInMessage("fr", { portal: "Acme", link: "https://x.test/p/acme/link" }),
    invitation: invitationMessage("fr", { orgName: "Acme", role: "member", url: "https://x.test/invitation" }),
    reset: passwordResetMessage("fr", { url: "https://x.test/reset" }),
    mention: mentionMessage("fr", { ...about, author: null, comment: "@ann merci" }),
    assigned: assignedMessage("fr", { ...about, by: null }),
    change: changeMessage("fr", { ...about, by: null, assigned: true, mention: "vu", delivered: { unsubscribeUrl: "https://x.test/u/1" } }),
    together: assignedTogetherMessage("fr", {
      by: null,
      feedbacks: Array(12).fill(line),
      ownerInboxUrl: "https://x.test/inbox",
      settingsUrl: about.settingsUrl,
    }),
    digest: digestMessage("fr", {
      orgName: "Acme",
      createdCount: 2,
      created: [line],
      urgent: [],
      top: [line],
      topByVotes: true,
      settingsUrl: about.settingsUrl,
    }),
  };
}

/**
 * French punctuation not preceded by a narrow no-break space. Code is not prose: URLs and a query
 * string (…/sso?token=), an HTTP header, a GitHub label (retour:<statut>), an IPv6 address ([::1])
 * and a placeholder or a JSON shape in braces ({sub, email, name?, exp}).
 */
const spacingFaults = (catalog: object): [string, string][] =>
  texts(catalog).filter(([, text]) =>
    /(^|[^\u202f])[?!:;]/.test(text.replace(/\b[a-z]+:\/\/\S*|\S*\?\w+=|\bContent-Type: |\bretour:<|\[::1\]|\{[^}]*\}/g, "")),
  );

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

test("a bulk change counts the feedbacks it reached, and those it left, as French does: 0 and 1 take the singular (a change every selected feedback refused reached 0)", () => {
  expect([0, 1, 2].map(FR.web.triage.bulkAllDone)).toEqual(["Appliqué à 0 retour.", "Appliqué à 1 retour.", "Appliqué à 2 retours."]);
  expect([0, 1, 2].map(FR.web.triage.bulkNoted)).toEqual(["Note ajoutée à 0 retour.", "Note ajoutée à 1 retour.", "Note ajoutée à 2 retours."]);
  expect([1, 2].map((n) => FR.web.triage.bulkLeft(n, "DEMO-1"))).toEqual([
    "Laissé tel quel (1)\u202f: DEMO-1.",
    "Laissés tels quels (2)\u202f: DEMO-1.",
  ]);
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

  test("on the portal's pages and the team's portal settings", () => {
    expect(spacingFaults({ portal: portalWords("fr"), team: portalTeamWords("fr") })).toEqual([]);
  });

  test("in every other e-mail: to followers, to portal people, and to the team's own members", () => {
    expect(spacingFaults(frenchMails())).toEqual([]);
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

/** Every French text a person may read: the catalog, the widget, the portal, the team's portal settings, the e-mails. */
const frenchTexts = (): [string, string][] => [
  ...texts(FR),
  ...texts({ widget: WORDS.fr, portal: portalWords("fr"), portalTeam: portalTeamWords("fr"), mail: frenchMails() }),
];

test("French typography: guillemets hold their words with a narrow no-break space inside, «\u202fainsi\u202f», everywhere a person reads French", () => {
  const faults = (list: [string, string][]) => list.filter(([, text]) => /«(?!\u202f)|(?<!\u202f)»/.test(text)).map(([path]) => path);
  expect(faults(frenchTexts())).toEqual([]);
  expect(
    faults([
      ["a", "«\u00a0Nom\u00a0»"],
      ["b", "«Nom»"],
      ["c", "«\u202fNom\u202f»"],
    ]),
  ).toEqual(["a", "b"]);
});

test("French names the Admin role as the role list does, «\u202fadministrateur\u202f», never with the English «\u202fAdmin\u202f»", () => {
  const english = (list: [string, string][]) => list.filter(([, text]) => /\bAdmins?\b/.test(text)).map(([path]) => path);
  expect(english(frenchTexts())).toEqual([]);
  expect(
    english([
      ["a", "Seuls les Admins gèrent ceci."],
      ["b", "Seuls les administrateurs gèrent ceci."],
    ]),
  ).toEqual(["a"]);
});

/** Numbers that name something rather than count it: a port (8443), a standard (ISO 8601). */
const NOT_COUNTS = new Set(["8443", "8601"]);

test("French groups the digits of a count of thousands with a narrow no-break space (10\u202f000, 2\u202f000), in error messages as on pages", () => {
  const ungrouped = (list: [string, string][]) =>
    list
      .filter(([, text]) =>
        [...text.replace(/\b[a-z]+:\/\/\S*|\d{4}-\d{2}(-\d{2})?/g, "").matchAll(/(?<![\w+#./-])\d{4,}(?![\w-])/g)].some(([n]) => !NOT_COUNTS.has(n)),
      )
      .map(([path]) => path);
  expect(ungrouped(frenchTexts())).toEqual([]);
  expect(
    ungrouped([
      ["a", "au plus 2000 éléments"],
      ["b", "au plus 2\u202f000 éléments, le port 8443"],
    ]),
  ).toEqual(["a"]);
});

test("the trends' summary counts reports as each language does: 1 report in English, 0 and 1 signalement in French", () => {
  const said = (words: Catalog, n: number) => words.web.trends.reportsPerDaySummary(n, String(n), 30, String(n));
  expect([0, 1, 2].map((n) => said(EN, n))).toEqual([
    "0 reports in 30 days, 0 on the busiest day.",
    "1 report in 30 days, 1 on the busiest day.",
    "2 reports in 30 days, 2 on the busiest day.",
  ]);
  expect([0, 1, 2].map((n) => said(FR, n))).toEqual([
    "0 signalement en 30 jours, 0 le jour le plus chargé.",
    "1 signalement en 30 jours, 1 le jour le plus chargé.",
    "2 signalements en 30 jours, 2 le jour le plus chargé.",
  ]);
});
