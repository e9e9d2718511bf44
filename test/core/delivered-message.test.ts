import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { deliveredMessage } from "../../core/notify/delivered-message.ts";

const feedback = { title: "Dark theme", feedbackKey: "DEMO-6", unsubscribeUrl: "https://retour.example/unsubscribe?f=1" };

describe("the e-mail telling a follower a feedback was delivered", () => {
  test("tells the reporter, who wrote one of its reports, that what they reported is delivered", () => {
    const { text } = deliveredMessage("en", { ...feedback, reporter: true, trackingUrl: "https://retour.example/s/1?t=x" });
    assert.match(text, /^What you reported is now delivered: "Dark theme" \(DEMO-6\)\.$/m);
    assert.match(text, /^Stop receiving news about this report: /m);
  });

  test("tells a voter or a member who follows it, who reported nothing, that what they followed is delivered", () => {
    const english = deliveredMessage("en", { ...feedback, reporter: false, pageUrl: "https://retour.example/p/demo/DEMO-6" }).text;
    assert.match(english, /^What you followed is now delivered: "Dark theme" \(DEMO-6\)\.$/m);
    assert.match(english, /^Stop receiving news about DEMO-6: /m);
    assert.doesNotMatch(english, /report/);
    const french = deliveredMessage("fr", { ...feedback, reporter: false }).text;
    assert.match(french, /^Ce que vous suiviez est maintenant livré\u202f: «\u202fDark theme\u202f» \(DEMO-6\)\.$/m);
    assert.match(french, /^Ne plus recevoir de nouvelles de DEMO-6\u202f: /m);
    assert.doesNotMatch(french, /signal/);
  });

  test("thanks the follower for helping improve the app by its name, since the sender is the service's", () => {
    const english = deliveredMessage("en", { ...feedback, reporter: true, appName: "Acme Books" }).text;
    assert.match(english, /^Thank you for helping us improve Acme Books\.$/m);
    const french = deliveredMessage("fr", { ...feedback, reporter: true, appName: "Acme Books" }).text;
    assert.match(french, /^Merci de nous avoir aidés à améliorer Acme Books\.$/m);
  });

  test("a tracking link does not make a reporter: one whose report left the feedback since is told what they followed", () => {
    const { text } = deliveredMessage("en", { ...feedback, reporter: false, trackingUrl: "https://retour.example/s/1?t=x" });
    assert.match(text, /^What you followed is now delivered: "Dark theme" \(DEMO-6\)\.$/m);
    assert.match(text, /^Stop receiving news about DEMO-6: /m);
  });

  test("without a title that is theirs to read, names it as the reporter's report, or by its key to others", () => {
    const untitled = { ...feedback, title: null };
    const reporter = deliveredMessage("fr", { ...untitled, reporter: true, trackingUrl: "https://retour.example/s/1?t=x" });
    assert.equal(reporter.subject, "Livré\u202f: votre signalement DEMO-6");
    assert.match(reporter.text, /^Ce que vous aviez signalé est maintenant livré \(DEMO-6\)\.$/m);
    const voter = deliveredMessage("en", { ...untitled, reporter: false });
    assert.equal(voter.subject, "Delivered: DEMO-6");
    assert.match(voter.text, /^What you followed is now delivered \(DEMO-6\)\.$/m);
  });
});
