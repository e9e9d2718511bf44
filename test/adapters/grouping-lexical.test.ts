import { describe, expect, test } from "bun:test";
import { createLexicalGrouper } from "../../adapters/grouping-lexical/grouper.ts";

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

  test("reports that share only a part and a symptom are not one subject", async () => {
    // Close enough by score alone: only the rule that they share a subject keeps them apart.
    const checkout = [{ id: "checkout", text: "Checkout button does nothing when I click it" }];
    expect((await grouper.findDuplicate("Login button does nothing when I click it", checkout)).duplicateOf).toBeNull();
  });

  test("reports of one thing with different symptoms are not one subject", async () => {
    // Close enough by score alone: only the rule that symptoms agree keeps them apart.
    const slow = [{ id: "slow", text: "Search is slow" }];
    expect((await grouper.findDuplicate("Search finds nothing", slow)).duplicateOf).toBeNull();
    expect((await grouper.findDuplicate("La recherche est très lente", slow)).duplicateOf).toBe("slow");
  });

  test("a feedback is compared through all its reports", async () => {
    const feedback = [
      { id: "pdf", text: "Exporting an invoice to PDF gives a blank page" },
      { id: "pdf", text: "Le PDF de la facture ne contient rien" },
    ];
    // Its first report alone names another symptom (a blank page); the second one says "nothing".
    expect((await grouper.findDuplicate("La facture en PDF ne contient rien", feedback)).duplicateOf).toBe("pdf");
  });

  test("with no open feedback there is nothing to join", async () => {
    expect((await grouper.findDuplicate("anything", [])).duplicateOf).toBeNull();
  });
});
