import { describe, expect, test } from "bun:test";
import { words } from "../../core/grouping/analyze.ts";
import { createLexicalGrouper } from "../../adapters/grouping-lexical/grouper.ts";

describe("text analysis", () => {
  test("folds case and accents, drops stop words, stems English and French", () => {
    expect(words("The app crashes")).toEqual(words("app crashed"));
    expect(words("Le téléchargement échoue")).toEqual(words("le telechargement echoue"));
    expect(words("the and of le la les")).toEqual([]);
  });

  test("a small bilingual lexicon brings feedback vocabulary together", () => {
    expect(words("connexion")).toEqual(words("login"));
    expect(words("page blanche").sort()).toEqual(words("blank page").sort());
    expect(words("l'application plante")).toContain(words("crash")[0]!);
  });
});

describe("lexical grouper", () => {
  const grouper = createLexicalGrouper();
  const open = [
    { id: "login", text: "The login button does nothing when I click it" },
    { id: "logout", text: "After logout I am still logged in when I reload" },
    { id: "pdf", text: "Exporting an invoice to PDF gives a blank page" },
    { id: "csv", text: "CSV export is missing the date column" },
  ];

  test("finds the feedback a paraphrase belongs to, across English and French", async () => {
    expect((await grouper.findDuplicate("I press the login button and nothing happens", open)).duplicateOf).toBe("login");
    expect((await grouper.findDuplicate("L'export PDF de la facture donne une page blanche", open)).duplicateOf).toBe("pdf");
  });

  test("keeps apart subjects that share words but not meaning", async () => {
    expect((await grouper.findDuplicate("When exporting to CSV the date and amount columns are missing", open)).duplicateOf).toBe("csv");
    expect((await grouper.findDuplicate("Password reset email never arrives", open)).duplicateOf).toBeNull();
  });

  test("with no open feedback there is nothing to join", async () => {
    expect((await grouper.findDuplicate("anything", [])).duplicateOf).toBeNull();
  });
});
