import { describe, expect, test } from "bun:test";
import { localTriage } from "../../adapters/assistant-local/triage.ts";
import type { FeatureRecord } from "../../core/model.ts";

const payment = {
  id: "f1",
  orgId: "o",
  appId: "a",
  name: "Payment",
  path: "checkout/payment",
  cues: ["paiement", "payment"],
  code: [{ path: "src/checkout/payment.ts", symbol: "charge" }],
} as FeatureRecord;

describe("the offline assistant's diagnostic", () => {
  test("is written in the language asked: the probable cause and the feature's code to start with", () => {
    const report = { kind: "problem" as const, message: "Le paiement est refusé", author: {} };
    expect(localTriage(report, [payment], "fr").diagnostic).toEqual({
      where: "checkout/payment",
      probableCause: "Une vérification qui refuse une saisie valide",
      suggestedAction: "Commencer par src/checkout/payment.ts (charge)",
    });
    expect(localTriage(report, [payment], "en").diagnostic?.suggestedAction).toBe("Start with src/checkout/payment.ts (charge)");
  });

  test("without a feature's code, it says where to reproduce, in the language asked", () => {
    const report = { kind: "problem" as const, message: "La page reste blanche", url: "https://shop.example/compte", author: {} };
    expect(localTriage(report, [], "fr").diagnostic).toEqual({
      where: "https://shop.example/compte",
      probableCause: "Un contenu qui ne se charge pas ou ne s’affiche pas",
      suggestedAction: "Reproduire sur https://shop.example/compte",
    });
  });
});

describe("the offline assistant's severity of a problem", () => {
  const problem = (message: string, impact?: number) => ({ kind: "problem" as const, message, ...(impact !== undefined && { impact }), author: {} });

  test("without an impact answer, its words decide: P2 when they say nothing graver", () => {
    expect(localTriage(problem("When I click Export the PDF is blank"), [], "en").severity).toBe("P2");
  });

  test.each([
    ["When I click Export the PDF is blank", "en"],
    ["Quand je clique sur Exporter, le PDF est vide", "fr"],
  ] as const)("a problem that blocks its reporter completely (impact 5) is P1: %s", (message, language) => {
    expect(localTriage(problem(message, 5), [], language).severity).toBe("P1");
  });

  test("a problem its reporter is barely hindered by (impact 1) is P3, though its words say error", () => {
    expect(localTriage(problem("I get an error message on the invoices page", 1), [], "en").severity).toBe("P3");
  });

  test("a problem that slows its reporter down (impact 3) is P2, though its words say the card is declined", () => {
    expect(localTriage(problem("Ma carte est refusée au paiement", 3), [], "fr").severity).toBe("P2");
  });

  test("words of lost data stay P0 whatever the reporter's impact, which tells nothing of how many are hit", () => {
    expect(localTriage(problem("Since the update I lost all my data", 2), [], "en").severity).toBe("P0");
  });
});
