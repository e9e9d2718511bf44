import { describe, expect, test } from "bun:test";
import { parseCommandLine, usageOf } from "../../apps/cli/arguments.ts";
import { USAGE } from "../../apps/cli/commands.ts";

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

  test("a negative number after an option is its value, for the command to judge, not an option of its own", () => {
    expect(parseCommandLine(["token", "create", "DEMO", "ann@x.io", "--days", "-3"]).values).toEqual({ days: "-3" });
    expect(parseCommandLine(["org", "plan", "DEMO", "free", "--quota", "-5", "--json"]).values).toEqual({ quota: "-5", json: true });
    expect(parseCommandLine(["export", "DEMO", "--query", "-5"]).positionals).toEqual(["export", "DEMO"]);
  });

  test("an option the usage does not name is refused, by name", () => {
    expect(() => parseCommandLine(["org", "list", "--bogus", "x"])).toThrow("Unknown option '--bogus'");
  });

  test("<group> --help shows that group's lines of the usage, each with its continuation; an unknown word, the whole usage", () => {
    const tracker = usageOf("tracker").split("\n");
    expect(tracker[0]).toBe("usage: retour <command> [arguments] [--options]");
    expect(tracker.filter((line) => /^ {2}\S/.test(line)).every((line) => line.startsWith("  tracker "))).toBe(true);
    expect(tracker.filter((line) => line.startsWith("  tracker set")).length).toBe(4);
    expect(tracker).toContain("                                                 [--issue-type Task] [--statuses S] [--webhook-secret S]");
    expect(usageOf("compact")).toContain("stop the servers first: it refuses while one runs");
    expect(usageOf("nothing-like-it")).toBe(USAGE);
    expect(usageOf(undefined)).toBe(USAGE);
  });

  test("each tracker's tracker set line names where its API is, on the line itself: --api-url for GitHub, Linear and Jira, --url for a bridge", () => {
    const lines = usageOf("tracker").split("\n");
    const setLine = (provider: string) => lines.find((line) => line.startsWith(`  tracker set <org> <appId> ${provider} `)) ?? "";
    expect(["github", "linear", "jira"].filter((provider) => !setLine(provider).includes("[--api-url U]"))).toEqual([]);
    expect(setLine("bridge")).toContain("--url U");
  });
});
