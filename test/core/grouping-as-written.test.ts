import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { asWritten } from "../../core/grouping/as-written.ts";

describe("matched words as the reports wrote them", () => {
  test("each stem becomes the first word of either text that folds to it", () => {
    const texts = ["Google sign-in crashes on the checkout page", "Paying with Google crashed the app"];
    assert.deepEqual(asWritten(["googl", "crash", "checkout"], texts), ["Google", "crashes", "checkout"]);
  });

  test("a word found only in the second text is taken from it, accents and case kept", () => {
    assert.deepEqual(asWritten(["paraplu", "roug"], ["The umbrella is gone", "Les Parapluies rouges disparaissent"]), ["Parapluies", "rouges"]);
  });

  test("a concept of an expression is the expression as written, from either text", () => {
    assert.deepEqual(asWritten(["unresponsive", "darkmode"], ["The button Does Nothing", "Dark mode forgets itself"]), ["Does Nothing", "Dark mode"]);
    assert.deepEqual(asWritten(["unresponsive", "darkmode"], ["Save doesn't respond", "dark-mode toggle"]), ["doesn't respond", "dark-mode"]);
  });

  test("a concept one text says in an expression read as two words is shown as that expression", () => {
    const texts = ["The invoice PDF is empty when I download it", "Downloading the invoice shows a white screen"];
    assert.deepEqual(asWritten(["empty", "invoice"], texts), ["empty / white screen", "invoice"]);
  });

  test("a concept the two texts say in different words is shown in both, and one word inflected once", () => {
    const texts = ["Search is broken on the orders page", "Visa card declined at checkout, search crashed"];
    assert.deepEqual(asWritten(["fail", "search"], texts), ["broken / declined", "search"]);
    assert.deepEqual(asWritten(["crash"], ["The app crashes", "It crashed twice"]), ["crashes"]);
    assert.deepEqual(asWritten(["pay"], ["The payment page hangs", "Paying by card fails"]), ["payment"]);
  });

  test("a word written within a sentence is preferred to the same word opening one, in one text or another", () => {
    assert.deepEqual(asWritten(["export"], ["Export is blank. The export fails"]), ["export"]);
    assert.deepEqual(asWritten(["googl"], ["Google login fails", "I use Google daily"]), ["Google"]);
  });

  test("a word opens a sentence after a full stop, closing quotes or brackets between, and after a line break", () => {
    assert.deepEqual(asWritten(["export"], ["“It broke.” Export fails; then export again"]), ["export"]);
    assert.deepEqual(asWritten(["export"], ["(See the log.) Export fails; then export again"]), ["export"]);
    assert.deepEqual(asWritten(["export"], ["It fails\n\nExport is blank; then export again"]), ["export"]);
  });

  test("a word that only ever opens a sentence keeps its capital, which may be a name's", () => {
    assert.deepEqual(asWritten(["googl"], ["Google login fails", "Google again"]), ["Google"]);
    assert.deepEqual(asWritten(["csv"], ["CSV export is blank"]), ["CSV"]);
  });

  test("a term nothing written folds to stays as it is", () => {
    assert.deepEqual(asWritten(["unresponsive", "zzz"], ["The button is blue"]), ["unresponsive", "zzz"]);
  });
});
