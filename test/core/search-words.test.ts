import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  expandWords,
  foldedWords,
  MAX_EXPANSION,
  MAX_FEEDBACK_WORDS,
  ownWords,
  searchWords,
  type Vocabulary,
  waysOf,
  withWords,
  wordsAfterMerge,
  wordsWithTexts,
  wordsWithTitle,
} from "../../core/feedback/search-words.ts";

describe("the words a feedback is found by", () => {
  test("a search text gives its letters and digits, lower-cased, at most 32 words", () => {
    assert.deepEqual(searchWords("DEMO-12 crash, on Safari!"), ["demo", "12", "crash", "on", "safari"]);
    assert.equal(searchWords("w ".repeat(40)).length, 32);
  });

  test("a plural in a search is reduced to what it shares with its singular, so both are found", () => {
    const pairs = {
      invoices: "invoice",
      companies: "compan",
      boxes: "box",
      crashes: "crash",
      classes: "class",
      statuses: "status",
      heroes: "hero",
      uses: "use",
      chevaux: "cheva",
      jeux: "jeu",
    };
    for (const [plural, start] of Object.entries(pairs)) assert.deepEqual(searchWords(plural), [start], plural);
  });

  test("an English verb's -ing and -ed are reduced to its stem, so crashing finds crash", () => {
    const forms = { crashing: "crash", crashed: "crash", updating: "updat", loaded: "load", shipping: "ship", logged: "log", installing: "instal" };
    for (const [form, start] of Object.entries(forms)) assert.deepEqual(searchWords(form), [start], form);
    assert.deepEqual(searchWords("string speed need"), ["string", "speed", "need"]);
  });

  test("words that are rarely plurals, and short words, are searched as typed", () => {
    assert.deepEqual(searchWords("status analysis access bus yes faux dies"), ["status", "analysis", "access", "bus", "yes", "faux", "dies"]);
  });

  test("a hyphenated word is found by its parts and by its joined form; a number's parts are not joined", () => {
    assert.deepEqual(foldedWords("Mon e-mail, le Wi‑Fi"), ["mon", "e", "mail", "email", "le", "wi", "fi", "wifi"]);
    assert.deepEqual(foldedWords("DEMO-12 since 2026-11-27, mp3-player"), ["demo", "12", "since", "2026", "11", "27", "mp3", "player", "mp3player"]);
  });

  test("a hyphenated search word is met by its joined word or by all its parts, a part of one letter by the joined word alone; a number's parts are searched each", () => {
    assert.deepEqual(searchWords("E-mail sign-in"), [
      { joined: "email" },
      { joined: "email", part: "mail" },
      { joined: "signin", part: "sign" },
      { joined: "signin", part: "in" },
    ]);
    assert.deepEqual(searchWords("Wi‑Fi pre-orders"), [
      { joined: "wifi", part: "wi" },
      { joined: "wifi", part: "fi" },
      { joined: "preorder", part: "pre" },
      { joined: "preorder", part: "order" },
    ]);
    assert.deepEqual(searchWords("DEMO-12"), ["demo", "12"]);
  });

  /** Whether a search finds a text: each of its words met one of its ways by one of the text's folded words. */
  const finds = (search: string, text: string) =>
    searchWords(search).every((w) =>
      waysOf(w).some((way) => foldedWords(text).some((word) => ("prefix" in way ? word.startsWith(way.prefix) : way.words.includes(word)))),
    );

  test("a search word of one letter is met by that whole word alone, not by the words it starts: R&D finds R&D, not Discount … rejects", () => {
    assert.deepEqual(searchWords("R&D v é-2"), [{ whole: "r" }, { whole: "d" }, { whole: "v" }, { whole: "e" }, "2"]);
    assert.equal(finds("R&D", "Budget for R&D"), true);
    assert.equal(finds("R&D", "Discount code field rejects valid codes"), false);
  });

  test("a digit alone stays a prefix, so a search for a key lists the keys it starts too", () => {
    assert.deepEqual(searchWords("DEMO-1"), ["demo", "1"]);
    assert.equal(finds("DEMO-1", "DEMO-12 Export fails"), true);
  });

  test("either spelling of a hyphenated word finds the other, and what the hyphenated one found before it still finds", () => {
    const spellings = [
      ["e-mail", "email"],
      ["sign-in", "signin"],
      ["wi-fi", "wifi"],
      ["pre-order", "preorder"],
      ["l'e-mail", "l'email"],
    ];
    for (const [hyphenated, joined] of spellings) {
      assert.ok(finds(joined!, `Mon ${hyphenated} plante`), `${joined} finds ${hyphenated}`);
      assert.ok(finds(hyphenated!, `Mon ${joined} plante`), `${hyphenated} finds ${joined}`);
    }
    assert.ok(finds("mail", "Mon e-mail plante"), "a part finds the hyphenated word");
    assert.ok(finds("sign-in", "I cannot sign in"), "the hyphenated word finds its parts apart");
    assert.ok(!finds("sign-in", "I cannot sign up"), "but not one part alone");
    assert.ok(!finds("e-mail", "Every mail merge fails when I export"), "a part of one letter is no word's start of its own");
    assert.ok(finds("x-ray", "The X-ray view is empty") && finds("x-ray", "The xray view is empty"), "its word is met joined");
  });

  test("a hyphenated word's parts and its joined word are met by whole words in any of their forms, not by words they start", () => {
    for (const text of [
      "Cannot sign in",
      "Signing in fails",
      "Signed in twice",
      "The sign-in page",
      "Signin is slow",
      "Sign-In button",
      "He signs in",
    ])
      assert.ok(finds("sign-in", text), `sign-in finds "${text}"`);
    assert.ok(!finds("sign-in", "Signup fails on the invoice page"), "sign-in is not signup and invoice");
    assert.ok(!finds("sign-in", "The signal is lost in the tunnel"), "nor signal and in");
    assert.ok(finds("e-mail", "Emails never arrive"), "the joined word in any of its forms");
    assert.ok(!finds("sign-in", "Signing up fails"), "but not a word it starts (signing)");
    assert.ok(finds("signing-in", "I cannot sign in"), "a part's forms are those of its shared start");
  });

  test("a part is met by itself whatever its form: every word is among the forms of its shared start", () => {
    const words = [
      "sign",
      "signs",
      "signing",
      "signed",
      "shipping",
      "shipped",
      "selling",
      "companies",
      "boxes",
      "classes",
      "chevaux",
      "jeux",
      "status",
      "in",
    ];
    for (const word of words) {
      const part = searchWords(`${word}-ok`)[0]!;
      assert.ok(typeof part !== "string" && waysOf(part).some((way) => "words" in way && way.words.includes(word)), word);
    }
  });

  test("a search's words are folded as a text's are, so an accent typed or left out finds the same feedbacks", () => {
    assert.deepEqual(searchWords("Téléphone ÉCRAN"), searchWords("telephone ecran"));
    assert.deepEqual(searchWords("arrêt"), ["arret"]);
  });

  test("a text's words are folded: lower case, accents removed, each once", () => {
    assert.deepEqual(foldedWords("Le téléphone PLANTE, le Téléphone plante."), ["le", "telephone", "plante"]);
  });

  test("a feedback gains a new text's words it lacks, in order, up to MAX_FEEDBACK_WORDS", () => {
    assert.deepEqual(withWords(["checkout", "safari"], ["safari", "blank"]), ["checkout", "safari", "blank"]);
    const many = Array.from({ length: MAX_FEEDBACK_WORDS }, (_, i) => `w${i}`);
    assert.deepEqual(withWords(many, ["late"]), many);
    assert.equal(withWords([], [...many, "late"]).length, MAX_FEEDBACK_WORDS);
  });

  test("a fold's target is found by its own words, then those of the feedback folded into it", () => {
    assert.deepEqual(wordsAfterMerge(["demo", "1", "export"], ["demo", "2", "pdf", "export"]), ["demo", "1", "export", "2", "pdf"]);
    const many = Array.from({ length: MAX_FEEDBACK_WORDS }, (_, i) => `w${i}`);
    assert.deepEqual(wordsAfterMerge(many, ["late"]), many);
  });

  test("a feedback given a new title is found by its words too, folded", () => {
    assert.deepEqual(wordsWithTitle(["demo", "1"], "Écran BLANC"), ["demo", "1", "ecran", "blanc"]);
  });

  test("a feedback whose texts are read again keeps its words and gains those it lacks, a hyphenated word's joined form among them", () => {
    assert.deepEqual(wordsWithTexts(["demo", "1", "no", "e", "mail"], ["No e-mail", "Wi-Fi drops"]), [
      "demo",
      "1",
      "no",
      "e",
      "mail",
      "email",
      "wi",
      "fi",
      "wifi",
      "drops",
    ]);
    const many = Array.from({ length: MAX_FEEDBACK_WORDS }, (_, i) => `w${i}`);
    assert.deepEqual(wordsWithTexts(many, ["e-mail"]), many);
  });

  test("a feedback is found by its key, its title and the messages of its reports, in that order", () => {
    assert.deepEqual(ownWords({ key: "DEMO-7", title: "Checkout blank" }, ["Blank page on Safari", "Paiement bloqué"]), [
      "demo",
      "7",
      "checkout",
      "blank",
      "page",
      "on",
      "safari",
      "paiement",
      "bloque",
    ]);
  });
});

describe("the expansion of a search's words", () => {
  const many = (start: string) => Array.from({ length: MAX_EXPANSION + 1 }, (_, i) => `${start}${i}`);
  const held = ["checkout", "checkouts", "telephone", "sign", "signin", "signing", "signup", "in", "invoice", ...many("w"), ...many("in")].sort();
  const vocabulary: Vocabulary = {
    startingWith: (word, limit) => held.filter((w) => w.startsWith(word)).slice(0, limit),
    holding: (words) => held.filter((w) => words.includes(w)),
  };

  test("each word, folded and once, becomes the words of the vocabulary it starts", async () => {
    assert.deepEqual(await expandWords(["Check", "TÉLÉ", "check"], vocabulary), [[{ words: ["checkout", "checkouts"] }], [{ words: ["telephone"] }]]);
  });

  test("past MAX_EXPANSION words, the word is matched as a prefix", async () => {
    assert.deepEqual(await expandWords(["w"], vocabulary), [[{ prefix: "w" }]]);
  });

  test("a hyphenated word is met by the forms of its joined word or of its part that the vocabulary holds, a way that meets none left out", async () => {
    assert.deepEqual(await expandWords([{ joined: "signin", part: "sign" }, ...searchWords("checkout-signs")], vocabulary), [
      [{ words: ["signin"] }, { words: ["sign", "signing"] }],
      [{ words: ["checkout", "checkouts"] }],
      [{ words: ["sign", "signing"] }],
    ]);
    assert.equal(await expandWords(searchWords("firefox-safari"), vocabulary), null);
  });

  test("a part and a joined word are met by their forms alone however many words they start: sign-in is never in… past MAX_EXPANSION, nor signin…", async () => {
    // "signing" starts with the joined word "signin", and is no form of it.
    assert.deepEqual(await expandWords(searchWords("sign-in"), vocabulary), [
      [{ words: ["signin"] }, { words: ["sign", "signing"] }],
      [{ words: ["signin"] }, { words: ["in"] }],
    ]);
  });

  test("a word of one letter is met by itself, folded, never by the words it starts: nothing can match where the vocabulary lacks it", async () => {
    const withI: Vocabulary = { ...vocabulary, holding: (words) => ["i", ...held].filter((w) => words.includes(w)) };
    assert.deepEqual(await expandWords([{ whole: "Í" }], withI), [[{ words: ["i"] }]]);
    assert.equal(await expandWords([{ whole: "I" }], vocabulary), null);
  });

  test("a word that starts none of the vocabulary's words means nothing can match", async () => {
    assert.equal(await expandWords(["checkout", "firefox"], vocabulary), null);
  });
});
