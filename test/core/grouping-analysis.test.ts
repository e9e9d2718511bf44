import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { terms, words } from "../../core/grouping/analyze.ts";
import { CONCEPTS } from "../../core/grouping/lexicon.ts";
import { returnsWithin } from "../support/returns-within.ts";

const sorted = (text: string) => words(text).sort();

describe("text analysis for grouping", () => {
  test("merges case and accents, drops stop words, stems English and French", () => {
    assert.deepEqual(words("The app crashes"), words("app crashed"));
    assert.deepEqual(words("Le téléchargement échoue"), words("le telechargement echoue"));
    assert.deepEqual(words("the and of le la les"), []);
  });

  test("the bilingual lexicon merges words of one meaning to one concept", () => {
    assert.deepEqual(words("connexion"), words("login"));
    assert.deepEqual(words("facture"), words("invoices"));
    assert.deepEqual(words("l'application plante"), words("the app crashes"));
  });

  test("expressions become one concept before words are split", () => {
    assert.deepEqual(sorted("le bouton ne fait rien"), sorted("the button does nothing"));
    assert.deepEqual(sorted("rien ne se passe"), sorted("nothing happens"));
    assert.deepEqual(sorted("mot de passe oublié"), sorted("forgotten password"));
    assert.deepEqual(sorted("page blanche"), sorted("blank page"));
    assert.deepEqual(sorted("hors ligne"), sorted("offline"));
  });

  test("a French stop word that is an English noun is kept", () => {
    assert.ok(words("I can't delete my own comment").includes(words("commentaire")[0]!));
  });

  test("an ambiguous word is not read as another word's stem", () => {
    // "carte" is a card or a map, never a shopping cart.
    assert.notDeepEqual(words("la carte"), words("panier"));
  });

  test("terms sort words by what they say: subject, symptom, generic; trigrams only for unknown words", () => {
    const t = terms("Invoice export button fails, zorglub").terms;
    assert.ok(t.includes("w:invoice"));
    assert.ok(t.includes("s:fail"));
    assert.ok(t.includes("g:button"));
    assert.ok(t.includes("c:zor"));
    assert.ok(!t.includes("c:inv"));
  });

  // A feedback's reports together may hold a million characters: looking for a script's end from
  // each of many unclosed ones would cost the square of that, minutes.
  test("whether a text says anything once markup is set aside is read in time proportional to its length, however many scripts stay unclosed", async () => {
    for (const repeated of ["<script>", "<style "]) {
      const text = `Export fails ${repeated.repeat(1_000_000 / repeated.length)}`;
      assert.equal(await returnsWithin(new URL("../../core/grouping/analyze.ts", import.meta.url), "hasWords", [text]), true);
    }
  });
});

describe("the bilingual lexicon", () => {
  test("no word belongs to two concepts", () => {
    const owner = new Map<string, string>();
    for (const [concept, variants] of Object.entries(CONCEPTS)) {
      for (const word of variants.split(" ")) {
        assert.ok(!owner.has(word) || owner.get(word) === concept, `"${word}" is in "${owner.get(word)}" and "${concept}"`);
        owner.set(word, concept);
      }
    }
  });
});
