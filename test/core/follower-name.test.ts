import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { namingFor } from "../../core/notify/follower-name.ts";

describe("how every message to a follower names a feedback", () => {
  test("by the title it shows them, quoted in a sentence, in English and in French", () => {
    assert.deepEqual(namingFor("en", { title: "Dark theme", reporter: false }, "DEMO-6"), {
      alone: "Dark theme",
      quoted: '"Dark theme"',
      afterKey: "Dark theme",
    });
    assert.equal(namingFor("fr", { title: "Dark theme", reporter: true }, "DEMO-6").quoted, "«\u202fDark theme\u202f»");
  });

  test("without a title that is theirs to read, as their report and its key to the one who reported it", () => {
    assert.deepEqual(namingFor("en", { title: null, reporter: true }, "DEMO-6"), {
      alone: "your report DEMO-6",
      quoted: "your report (DEMO-6)",
      afterKey: "your report",
    });
    assert.deepEqual(namingFor("fr", { title: null, reporter: true }, "DEMO-6"), {
      alone: "votre signalement DEMO-6",
      quoted: "votre signalement (DEMO-6)",
      afterKey: "votre signalement",
    });
  });

  test("without a title that is theirs to read, by its key alone to a follower who reported nothing", () => {
    for (const language of ["en", "fr"] as const)
      assert.deepEqual(namingFor(language, { title: null, reporter: false }, "DEMO-6"), { alone: "DEMO-6", quoted: "DEMO-6", afterKey: null });
  });
});
