import { describe, expect, test } from "bun:test";
import { parseCommandLine } from "../../apps/cli/arguments.ts";

describe("the CLI's command line", () => {
  test("portal set and portal publish read every option their usage lines name", () => {
    const set = ["--slug", "acme", "--title", "Acme", "--posting", "open", "--indexing", "on", "--brand-color", "#123456", "--labels", "triage=New"];
    expect(parseCommandLine(["portal", "set", "ACME", ...set]).values).toEqual({
      slug: "acme",
      title: "Acme",
      posting: "open",
      indexing: "on",
      "brand-color": "#123456",
      labels: "triage=New",
    });
    expect(parseCommandLine(["portal", "publish", "ACME", "ACME-1", "--title", "T", "--description", "D"]).values).toEqual({
      title: "T",
      description: "D",
    });
  });

  test("--json and --help stand alone; every other option takes a value", () => {
    expect(parseCommandLine(["demo", "--json"]).values).toEqual({ json: true });
    expect(parseCommandLine(["-h"]).values).toEqual({ help: true });
    expect(() => parseCommandLine(["org", "create", "--name"])).toThrow("argument missing");
  });

  test("an option the usage does not name is refused, by name", () => {
    expect(() => parseCommandLine(["org", "list", "--bogus", "x"])).toThrow("Unknown option '--bogus'");
  });
});
