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
      probableCause: "Un contenu qui ne se charge pas ou ne s'affiche pas",
      suggestedAction: "Reproduire sur https://shop.example/compte",
    });
  });
});
