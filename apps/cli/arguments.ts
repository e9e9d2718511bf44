import { parseArgs } from "node:util";
import { USAGE } from "./commands.ts";

/** The options that stand alone; every other option takes a value. */
const FLAGS = ["json", "help", "yes"];

/**
 * `--help`, then every option the usage names (`--slug S`): the parser accepts exactly what the
 * usage offers, where a list kept beside it by hand once missed the portal's six.
 */
const OPTION_NAMES: readonly string[] = [
  ...new Set(["help", ...[...USAGE.matchAll(/--([a-zA-Z][a-zA-Z-]*)/g)].map((m) => m[1]!).filter((name) => name !== "options")]),
];

/**
 * A command line's words as the commands read them; throws (a TypeError of node:util) on an option
 * the usage does not name. A negative number after an option is its value (`--quota -5`, for the
 * command to judge), not an option of its own.
 */
export function parseCommandLine(words: readonly string[]) {
  const args: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const [word, next] = [words[i]!, words[i + 1]];
    const negativeValue = /^--[a-z][a-z-]*$/.test(word) && next !== undefined && /^-\d/.test(next);
    args.push(negativeValue ? `${word}=${next}` : word);
    if (negativeValue) i++;
  }
  return parseArgs({
    args,
    allowPositionals: true,
    options: Object.fromEntries(
      OPTION_NAMES.map((name) => [
        name,
        FLAGS.includes(name) ? { type: "boolean" as const, ...(name === "help" && { short: "h" }) } : { type: "string" as const },
      ]),
    ),
  });
}

/**
 * The usage's lines about one command group (`tracker`: tracker set, tracker link, …), each with
 * the lines that continue it; the whole usage for a word no line starts with.
 */
export function usageOf(group: string | undefined): string {
  if (!group) return USAGE;
  const lines = USAGE.split("\n");
  const kept: string[] = [];
  let inGroup = false;
  for (const line of lines) {
    if (/^ {2}\S/.test(line)) inGroup = line.slice(2).startsWith(`${group} `) || line.slice(2) === group;
    else if (!/^ {3,}\S/.test(line)) inGroup = false;
    if (inGroup) kept.push(line);
  }
  return kept.length > 0 ? [lines[0], "", ...kept].join("\n") : USAGE;
}

/** The usage's lines of the command named (app list), else of its group (backup <dir>, channel disable|enable). */
export function commandUsage(name: string, group: string): string {
  return [name, group].map(usageOf).find((usage) => usage !== USAGE) ?? USAGE;
}
