import { commandUsage, parseCommandLine, usageOf } from "./arguments.ts";
import { beyondTakes } from "./command-arguments.ts";
import { COMMANDS, USAGE } from "./commands.ts";

/** Commands that open the store themselves, without the usual services; each module is loaded only when named. */
export const ALONE = ["migrate", "compact", "backup", "secret-key"] as const;
type Alone = (typeof ALONE)[number];

type Parsed = ReturnType<typeof parseCommandLine>;

/** The command a line names: one word (demo, backup) or two (app list), and its group. */
interface Named {
  readonly name: string;
  readonly group: string;
  readonly parsed: Parsed;
}

/** What a command line asks for, decided before anything is opened. */
export type Asked =
  /** Said at once, then the CLI exits with `code`: the usage asked for, or a mistake in the line. */
  | { readonly kind: "said"; readonly code: 0 | 2; readonly out: string; readonly err: string }
  | (Named & { readonly kind: "alone"; readonly command: Alone })
  /** A command run on the services, with its own arguments (after its name). */
  | (Named & { readonly kind: "command"; readonly args: readonly string[] });

const said = (code: 0 | 2, out: string, err = ""): Asked => ({ kind: "said", code, out, err });
const mistake = (why: string, usage = USAGE): Asked => said(2, "", `retour: ${why}\n\n${usage}`);

/**
 * A line node:util refused, in the CLI's words: its own advice for an unknown option (put it after
 * `--` as a positional) fits no command here, its `'--prefix <value>' argument missing` reads as
 * its own, and the command's usage says what it takes.
 */
function refusedLine(words: readonly string[], error: unknown): Asked {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const unknown = code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? /'(-[^']*)'/.exec(message)?.[1] : undefined;
  const valueless = code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" ? /'(-[^' ]*) <value>' argument missing/.exec(message)?.[1] : undefined;
  const why = unknown ? `unknown option ${unknown}` : valueless ? `${valueless} needs a value` : message;
  return mistake(why, usageOf(words.find((word) => !word.startsWith("-"))));
}

/**
 * Reads a command line (without `retour` itself). `help [group]`, `--help` and `<group> --help`
 * print the usage (of that group); no command at all, an unknown one, or a group named alone is a
 * mistake (exit status 2), said before the usage, as is an argument beyond those the command takes,
 * a --json it prints none for, or an option it does not read.
 * `help import` is the help center's command, not a question.
 */
export function commandLine(words: readonly string[]): Asked {
  let parsed: Parsed;
  try {
    parsed = parseCommandLine(words);
  } catch (error) {
    return refusedLine(words, error);
  }
  const { values, positionals } = parsed;
  const [group = "", verb] = positionals;
  const name = COMMANDS[group] ? group : `${group} ${verb}`;
  const alone = ALONE.find((command) => command === group);
  if (alone && !values.help) {
    const beyond = beyondTakes(alone, positionals.slice(1), values);
    return beyond ? mistake(beyond, usageOf(alone)) : { kind: "alone", command: alone, name, group, parsed };
  }
  const asksHelp = group === "help" && verb !== "import";
  if (asksHelp && verb !== undefined && usageOf(verb) === USAGE) return mistake(`no command "${verb}"`);
  if (!group && !values.help) return mistake("no command given");
  if (values.help || asksHelp) return said(0, usageOf(asksHelp ? verb : group || undefined));
  if (!COMMANDS[name]) {
    // A group named alone (tracker) lists its commands; anything else is unknown.
    const ofGroup = Object.keys(COMMANDS).filter((known) => known.startsWith(`${group} `));
    return mistake(
      verb === undefined && ofGroup.length > 0
        ? `"${group}" needs a command: ${ofGroup.join(", ")}`
        : `unknown command "${[group, verb].filter(Boolean).join(" ")}"`,
    );
  }
  const args = positionals.slice(name === group ? 1 : 2);
  const beyond = beyondTakes(name, args, values);
  return beyond ? mistake(beyond, commandUsage(name, group)) : { kind: "command", name, group, parsed, args };
}
