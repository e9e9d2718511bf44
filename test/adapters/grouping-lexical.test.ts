import { describe, expect, test } from "bun:test";
import { createLexicalGrouper } from "../../adapters/grouping-lexical/grouper.ts";
import type { GroupingCandidate } from "../../core/ports.ts";

describe("lexical grouper", () => {
  const grouper = createLexicalGrouper();
  /** The candidate grouping would merge with on its own: the best sure match. */
  const duplicateOf = async (text: string, candidates: ReadonlyArray<GroupingCandidate>) =>
    (await grouper.compare(text, candidates)).matches.find((m) => m.same)?.id ?? null;
  const open = [
    { id: "login", text: "The login button does nothing when I click it", own: true },
    { id: "logout", text: "After logout I am still logged in when I reload", own: true },
    { id: "pdf", text: "Exporting an invoice to PDF gives a blank page", own: true },
    { id: "csv", text: "CSV export is missing the date column", own: true },
  ];

  const bestOf = async (text: string, candidates: ReadonlyArray<GroupingCandidate>) => (await grouper.compare(text, candidates)).matches[0];

  test("merges a report whose title says what the feedback's says, in other words of the lexicon", async () => {
    expect(await duplicateOf("I press the login button and nothing happens", open)).toBe("login");
    expect(await duplicateOf("Export de la facture en PDF : page blanche", open)).toBe("pdf");
  });

  test("offers first, without merging, a report on the subject whose title says more than the feedback's", async () => {
    const longer = "Le PDF de la facture est une page blanche quand je l'exporte depuis la liste des clients du mois";
    expect(await bestOf(longer, open)).toMatchObject({ id: "pdf", same: false });
  });

  test("a title naming another version, ticket or site is not a sure duplicate", async () => {
    const upgrade = [{ id: "ant", text: "Upgrade ant to 1.10.9\nUpgrade to fix CVE-2020-1945", own: true }];
    expect(await bestOf("Upgrade ant to 1.10.13\nUpgrade to fix CVE-2022-23437", upgrade)).toMatchObject({ id: "ant", same: false });
    expect(await duplicateOf("Upgrade ant to 1.10.9\nUpgrade to fix the CVE", upgrade)).toBe("ant");
  });

  test("a title saying one thing more on each side is not a sure duplicate", async () => {
    const guava = [{ id: "state", text: "implement non-guava Precondition checkState\nReplace the guava call with our own", own: true }];
    expect(await duplicateOf("implement non-guava Precondition checkArgument\nReplace the guava call with our own", guava)).toBeNull();
  });

  test("ranks a feedback by the text merged into it, but merges only with its own: no chaining", async () => {
    const grown = [
      { id: "site", text: "www.example.com - Design is broken\nMenu missing", own: true },
      { id: "site", text: "Pictures are missing\nMany pictures do not load", own: false },
    ];
    expect(await bestOf("Pictures are missing\nMany pictures do not load", grown)).toMatchObject({ id: "site", same: false });
  });

  test("keeps apart subjects that share words but not meaning", async () => {
    expect(await duplicateOf("When exporting to CSV the date and amount columns are missing", open)).toBe("csv");
    expect(await duplicateOf("Password reset email never arrives", open)).toBeNull();
  });

  test("reports that share only a part and a symptom are not one subject", async () => {
    // Close enough by score alone: only the rule that they share a subject keeps them apart.
    const checkout = [{ id: "checkout", text: "Checkout button does nothing when I click it", own: true }];
    expect(await duplicateOf("Login button does nothing when I click it", checkout)).toBeNull();
  });

  test("reports of one thing with different symptoms are not one subject", async () => {
    // Close enough by score alone: only the rule that symptoms agree keeps them apart.
    const slow = [{ id: "slow", text: "Search is slow", own: true }];
    expect(await duplicateOf("Search finds nothing", slow)).toBeNull();
    expect(await duplicateOf("La recherche est très lente", slow)).toBe("slow");
  });

  test("a feedback is compared through all its reports", async () => {
    const feedback = [
      { id: "pdf", text: "Exporting an invoice to PDF gives a blank page", own: true },
      { id: "pdf", text: "Le PDF de la facture ne contient rien", own: true },
    ];
    // Its first report alone names another symptom (a blank page); the second one says "nothing".
    expect(await duplicateOf("La facture en PDF ne contient rien", feedback)).toBe("pdf");
  });

  test("a feedback alike but not surely the same subject is a suggestion, with the words that matched", async () => {
    // Same part and symptom words, another subject: worth a person's look, never merged alone.
    const checkout = [{ id: "checkout", text: "Checkout button does nothing when I click it", own: true }];
    const { matches } = await grouper.compare("Login button does nothing when I click it", checkout);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ id: "checkout", same: false });
    expect(matches[0]!.score).toBeGreaterThan(0.2);
    expect(matches[0]!.matched.length).toBeGreaterThan(0);
  });

  test('one generic phrase shared, a symptom such as "does nothing", is not enough to be offered', async () => {
    const email = [{ id: "email", text: "Changing my email in account settings does nothing", own: true }];
    expect((await grouper.compare("The checkout button does nothing on Safari", email)).matches).toEqual([]);
  });

  test("a symptom shared is enough to be offered when it is most of what both texts say", async () => {
    const playback = [{ id: "playback", text: "Playback stutters and the picture freezes", own: true }];
    expect(await bestOf("Video gets stuck on the same frame", playback)).toMatchObject({ id: "playback", same: false, matched: ["freeze"] });
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
    const candidates = [...open, { id: "symbols", text: "?!", own: true }, { id: "again", text: "login login, the login button again", own: true }];
    const first = await fresh.compare("The login button does nothing when I click it", candidates);
    const again = await fresh.compare("The login button does nothing when I click it", candidates);
    expect(first.matches.length).toBeGreaterThan(1);
    expect(again).toEqual(first);
  });

  test("with no open feedback there is nothing to join", async () => {
    expect(await duplicateOf("anything", [])).toBeNull();
  });
});
