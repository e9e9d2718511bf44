import { describe, expect, test } from "bun:test";
import { createLexicalGrouper } from "../../adapters/grouping-lexical/grouper.ts";

describe("lexical grouper", () => {
  const grouper = createLexicalGrouper();
  /** The candidate grouping would merge with on its own: the best sure match. */
  const duplicateOf = async (text: string, candidates: ReadonlyArray<{ id: string; text: string }>) =>
    (await grouper.compare(text, candidates)).matches.find((m) => m.same)?.id ?? null;
  const open = [
    { id: "login", text: "The login button does nothing when I click it" },
    { id: "logout", text: "After logout I am still logged in when I reload" },
    { id: "pdf", text: "Exporting an invoice to PDF gives a blank page" },
    { id: "csv", text: "CSV export is missing the date column" },
  ];

  test("finds the feedback a paraphrase belongs to, across English and French", async () => {
    expect(await duplicateOf("I press the login button and nothing happens", open)).toBe("login");
    expect(await duplicateOf("L'export PDF de la facture donne une page blanche", open)).toBe("pdf");
  });

  test("keeps apart subjects that share words but not meaning", async () => {
    expect(await duplicateOf("When exporting to CSV the date and amount columns are missing", open)).toBe("csv");
    expect(await duplicateOf("Password reset email never arrives", open)).toBeNull();
  });

  test("reports that share only a part and a symptom are not one subject", async () => {
    // Close enough by score alone: only the rule that they share a subject keeps them apart.
    const checkout = [{ id: "checkout", text: "Checkout button does nothing when I click it" }];
    expect(await duplicateOf("Login button does nothing when I click it", checkout)).toBeNull();
  });

  test("reports of one thing with different symptoms are not one subject", async () => {
    // Close enough by score alone: only the rule that symptoms agree keeps them apart.
    const slow = [{ id: "slow", text: "Search is slow" }];
    expect(await duplicateOf("Search finds nothing", slow)).toBeNull();
    expect(await duplicateOf("La recherche est très lente", slow)).toBe("slow");
  });

  test("a feedback is compared through all its reports", async () => {
    const feedback = [
      { id: "pdf", text: "Exporting an invoice to PDF gives a blank page" },
      { id: "pdf", text: "Le PDF de la facture ne contient rien" },
    ];
    // Its first report alone names another symptom (a blank page); the second one says "nothing".
    expect(await duplicateOf("La facture en PDF ne contient rien", feedback)).toBe("pdf");
  });

  test("a feedback alike but not surely the same subject is a suggestion, with the words that matched", async () => {
    // Same part and symptom words, another subject: worth a person's look, never merged alone.
    const checkout = [{ id: "checkout", text: "Checkout button does nothing when I click it" }];
    const { matches } = await grouper.compare("Login button does nothing when I click it", checkout);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ id: "checkout", same: false });
    expect(matches[0]!.score).toBeGreaterThan(0.2);
    expect(matches[0]!.matched.length).toBeGreaterThan(0);
  });

  test("sure duplicates come first, then the others by score", async () => {
    const { matches } = await grouper.compare("I press the login button and nothing happens", open);
    expect(matches[0]).toMatchObject({ id: "login", same: true });
    expect(matches.filter((m) => m.same)).toHaveLength(1);
    expect(matches.map((m) => m.id)).not.toContain("csv");
  });

  test("texts analysed before compare as they did the first time", async () => {
    const fresh = createLexicalGrouper();
    // Repeated words, a text with no words at all, and one seen as the report and as a candidate.
    const candidates = [...open, { id: "symbols", text: "?!" }, { id: "again", text: "login login, the login button again" }];
    const first = await fresh.compare("The login button does nothing when I click it", candidates);
    const again = await fresh.compare("The login button does nothing when I click it", candidates);
    expect(first.matches.length).toBeGreaterThan(1);
    expect(again).toEqual(first);
  });

  test("with no open feedback there is nothing to join", async () => {
    expect(await duplicateOf("anything", [])).toBeNull();
  });
});
