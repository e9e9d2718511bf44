import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TAKES } from "../../apps/cli/command-arguments.ts";
import { commandUsage } from "../../apps/cli/arguments.ts";
import { ALONE, commandLine } from "../../apps/cli/command-line.ts";
import { COMMANDS, USAGE } from "../../apps/cli/commands.ts";

/** What the CLI says and its exit status for a line answered at once; null for a line that runs a command. */
const saidFor = (...words: string[]) => {
  const asked = commandLine(words);
  return asked.kind === "said" ? asked : null;
};
const firstLine = (text: string | undefined) => text?.split("\n")[0];
/** The first words of the usage's command lines that follow the refusal. */
const usageLines = (text: string | undefined) => (text ?? "").split("\n").filter((line) => /^ {2}\S/.test(line));

describe("the CLI's command line", () => {
  test("--help, -h and help print the usage, exit code 0", () => {
    for (const words of [["--help"], ["-h"], ["help"]]) {
      const said = saidFor(...words);
      expect([words, said?.code, said?.out.startsWith("usage: retour"), said?.err]).toEqual([words, 0, true, ""]);
    }
  });

  test("help <group> and <group> --help print that group's lines alone", () => {
    for (const words of [
      ["help", "tracker"],
      ["tracker", "--help"],
    ]) {
      const lines = saidFor(...words)!.out.split("\n");
      expect([words, lines.filter((line) => /^ {2}\S/.test(line)).every((line) => line.startsWith("  tracker "))]).toEqual([words, true]);
    }
  });

  test("tracker set's usage says the tracker is asked about the token, as the command does, before the webhook's address and secret are printed", () => {
    const usage = saidFor("tracker", "--help")!.out;
    expect(usage).toContain("asks the tracker about the token (one it refuses saves nothing)");
    expect(usage).not.toContain("the tracker is not called");
  });

  test("no command at all, help about no command, and an unknown command are exit code 2, named before the usage", () => {
    const answers = [saidFor(), saidFor("help", "bogus"), saidFor("bogus", "thing")];
    expect(answers.map((a) => [a?.code, a?.out, firstLine(a?.err)])).toEqual([
      [2, "", "retour: no command given"],
      [2, "", 'retour: no command "bogus"'],
      [2, "", 'retour: unknown command "bogus thing"'],
    ]);
    expect(answers.every((a) => a?.err.includes("\n\nusage: retour <command>"))).toBe(true);
  });

  test("a group named alone lists its commands, exit code 2", () => {
    expect(firstLine(saidFor("tracker")?.err)).toBe('retour: "tracker" needs a command: tracker set, tracker statuses, tracker remove, tracker link');
  });

  test("an option the usage does not offer is exit code 2, named before the usage", () => {
    const said = saidFor("org", "list", "--bogus", "x");
    expect([said?.code, firstLine(said?.err)?.startsWith("retour: ")]).toEqual([2, true]);
  });

  test("an option the usage does not offer is named in one line of the CLI's words, followed by its command's usage alone", () => {
    const said = saidFor("org", "list", "--bogus", "x");
    expect(firstLine(said?.err)).toBe("retour: unknown option --bogus");
    const commands = said!.err.split("\n").filter((line) => /^ {2}\S/.test(line));
    expect(commands.every((line) => line.startsWith("  org "))).toBe(true);
  });

  test("an option given without its value is named in one line of the CLI's words, followed by its command's usage alone", () => {
    const said = saidFor("org", "create", "Acme", "--prefix");
    expect([said?.code, firstLine(said?.err)]).toEqual([2, "retour: --prefix needs a value"]);
    const commands = said!.err.split("\n").filter((line) => /^ {2}\S/.test(line));
    expect(commands.length > 0 && commands.every((line) => line.startsWith("  org "))).toBe(true);
  });

  test("an argument beyond those a command takes is exit code 2, named, and followed by that command's usage alone", () => {
    const said = saidFor("member", "remove", "ACME", "a@x.io", "b@x.io");
    expect([said?.code, said?.out, firstLine(said?.err)]).toEqual([
      2,
      "",
      "retour: member remove takes <org> <email>: b@x.io is one more than it takes",
    ]);
    expect(usageLines(said?.err)).toEqual(["  member remove <org> <email>"]);
  });

  test("a command that takes no argument, or one that is optional, names every argument beyond them", () => {
    expect([saidFor("org", "list", "extra")?.code, firstLine(saidFor("org", "list", "extra")?.err)]).toEqual([
      2,
      "retour: org list takes no arguments: extra is one more than it takes",
    ]);
    expect(firstLine(saidFor("channel", "list", "ACME", "app_1", "app_2", "app_3")?.err)).toBe(
      "retour: channel list takes <org> [appId]: app_2 app_3 are 2 more than it takes",
    );
  });

  test("a command that takes any number of its last argument takes them all: help import's files, tracker statuses' pairs", () => {
    expect(commandLine(["help", "import", "ACME", "app_1", "a.md", "b.md", "c.json"])).toMatchObject({
      kind: "command",
      args: ["ACME", "app_1", "a.md", "b.md", "c.json"],
    });
    expect(commandLine(["tracker", "statuses", "ACME", "app_1", "fixed=Done", "triage=Todo"])).toMatchObject({
      kind: "command",
      name: "tracker statuses",
    });
  });

  test("backup, which opens the store itself, refuses a second directory before opening anything, with its usage", () => {
    const said = saidFor("backup", "/tmp/b", "/tmp/c");
    expect([said?.code, firstLine(said?.err)]).toEqual([2, "retour: backup takes <dir>: /tmp/c is one more than it takes"]);
    expect(usageLines(said?.err).map((line) => line.slice(0, 16))).toEqual(["  backup <dir>  "]);
  });

  test("--json is refused by a command that prints no JSON, naming those that do; those take it", () => {
    const said = saidFor("org", "list", "--json");
    expect([said?.code, firstLine(said?.err)]).toEqual([2, "retour: org list prints no JSON: --json is for demo, token create and api-key create"]);
    expect(commandLine(["token", "create", "ACME", "a@x.io", "--json"])).toMatchObject({ kind: "command", name: "token create" });
    expect(commandLine(["api-key", "create", "ACME", "ci", "--json"])).toMatchObject({ kind: "command", name: "api-key create" });
  });

  test("an option a command does not read is exit code 2, named with those it reads, and followed by that command's usage alone", () => {
    const said = saidFor("app", "create", "ACME", "Shop", "--origins", "https://shop.example");
    expect([said?.code, said?.out, firstLine(said?.err)]).toEqual([
      2,
      "",
      "retour: app create takes --kind and --description: --origins would do nothing",
    ]);
    expect(usageLines(said?.err)).toEqual(["  app create <org> <name> [--kind web|ios|android|desktop|api|other] [--description D]"]);
  });

  test("a command that reads no option names every option given to it: member list ACME --role admin lists every member", () => {
    expect([
      saidFor("member", "list", "ACME", "--role", "admin")?.code,
      firstLine(saidFor("member", "list", "ACME", "--role", "admin")?.err),
    ]).toEqual([2, "retour: member list takes no options: --role would do nothing"]);
    expect(firstLine(saidFor("org", "list", "--prefix", "X", "--plan", "free")?.err)).toBe(
      "retour: org list takes no options: --prefix and --plan would do nothing",
    );
  });

  test("a command that opens the store itself refuses an option it does not read before opening anything", () => {
    const said = saidFor("secret-key", "reset", "--yes", "--to", "mongodb");
    expect([said?.code, firstLine(said?.err)]).toEqual([2, "retour: secret-key takes --yes: --to would do nothing"]);
    expect(commandLine(["migrate", "--from", "sqlite", "--to", "mongodb"])).toMatchObject({ kind: "alone", command: "migrate" });
  });

  test("the options a command reads are taken, --help with any command too", () => {
    expect(commandLine(["org", "create", "Acme", "--prefix", "ACME", "--plan", "growth"])).toMatchObject({ kind: "command", name: "org create" });
    expect(commandLine(["token", "create", "ACME", "a@x.io", "--scopes", "feedbacks:read", "--days", "0", "--label", "ci", "--json"])).toMatchObject({
      kind: "command",
      name: "token create",
    });
    expect(commandLine(["member", "list", "--help"])).toMatchObject({ kind: "said", code: 0 });
  });

  test("every option a command is declared to read is in that command's usage, so that the two cannot drift apart", () => {
    const missing = Object.entries(TAKES).flatMap(([name, takes]) =>
      takes.options.filter((option) => !commandUsage(name, name.split(" ")[0]!).includes(`--${option}`)).map((option) => `${name} --${option}`),
    );
    expect(missing).toEqual([]);
  });

  test("every command declares the arguments it takes, the commands that open the store themselves too, and no other is declared", () => {
    expect(Object.keys(TAKES).sort()).toEqual([...Object.keys(COMMANDS), ...ALONE].sort());
  });

  test("a command of two words gets the words after them; one of one word, those after it; help import is the help center's command", () => {
    expect(commandLine(["app", "list", "DEMO"])).toMatchObject({ kind: "command", name: "app list", group: "app", args: ["DEMO"] });
    expect(commandLine(["demo", "--json"])).toMatchObject({ kind: "command", name: "demo", args: [] });
    expect(commandLine(["help", "import", "DEMO", "docs"])).toMatchObject({ kind: "command", name: "help import", args: ["DEMO", "docs"] });
  });

  test("the commands that open the store themselves are named as such, unless their usage is asked", () => {
    expect(commandLine(["backup", "/tmp/b"])).toMatchObject({ kind: "alone", command: "backup" });
    expect(commandLine(["backup", "--help"])).toMatchObject({ kind: "said", code: 0 });
  });

  test("the README's CLI reference is the CLI's --help, word for word: a command, an option or a word changed in one is changed in both", () => {
    const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
    const section = readme.slice(readme.indexOf("\n## Operator CLI\n"));
    const block = /\n```\n([\s\S]*?)\n```\n/.exec(section)?.[1];
    expect(block).toBe(USAGE);
  });
});
