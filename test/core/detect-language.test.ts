import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { detectLanguage } from "../../core/report/detect-language.ts";

describe("the language a report is written in", () => {
  test("English with a French loanword or name stays English: an accent alone is no evidence", () => {
    for (const message of [
      "Export to CSV cuts off accented letters like é",
      "The résumé upload fails when the file name has an accent",
      "José cannot see his orders since the update",
      "Our café's menu is missing from the list of shops",
    ])
      assert.equal(detectLanguage(message, "fr"), "en", message);
  });

  test("a word English also writes, as a name or an abbreviation (AI, Plus, Mon, Sans, EST), says nothing French", () => {
    for (const message of ["AI summary missing on Plus plan", "Mon 3 May: export failed", "Open Sans font missing", "Nightly job stuck at 2 EST"])
      assert.equal(detectLanguage(message, "en"), "en", message);
  });

  test("French is told by its function words and elisions, with or without accents", () => {
    for (const message of [
      "L’export plante quand je clique",
      "Quand je clique sur Exporter, le PDF est vide\u202f; je m'attendais à télécharger ma facture",
      "Impossible de valider le panier depuis la mise à jour",
      "J'ai une page blanche apres le paiement",
      "Mon téléchargement ne se termine jamais",
    ])
      assert.equal(detectLanguage(message, "en"), "fr", message);
  });

  test("a text that does not decide (a few nouns, or as many words of each) is in the language stated, English by default", () => {
    for (const message of ["Café menu crashes", "Paiement bloqué", "PDF export 500"]) {
      assert.equal(detectLanguage(message, "fr"), "fr", message);
      assert.equal(detectLanguage(message, "en"), "en", message);
      assert.equal(detectLanguage(message), "en", message);
    }
  });

  test("an address or a path is a name, not words: wechange.de says nothing French", () => {
    for (const message of ["Login Dialog on wechange.de looks broken", "www.gruene.de - Blank page", "Crash in src/de/export.ts"])
      assert.equal(detectLanguage(message), "en", message);
  });

  test("real English reports are English even from a client that accepts French", () => {
    for (const message of [
      "I checked the documentation and could not find any mention of the fact that hsync could be ineffective when write checksums are on.",
      "If you create a wasb storage account which is https only, the wasb tests all fail to instantiate the FS.",
    ])
      assert.equal(detectLanguage(message, "fr"), "en", message);
  });
});
