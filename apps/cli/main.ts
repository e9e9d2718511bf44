import { existsSync } from "node:fs";
import { createLogger } from "../../adapters/logging/logger.ts";
import { type Config, ConfigError, loadConfig } from "../runtime/config.ts";
import { serviceAddress } from "../runtime/address.ts";
import { closeServices, createServices, sqliteFile } from "../runtime/services.ts";
import { parseCommandLine, usageOf } from "./arguments.ts";
import { COMMANDS, CommandFailed, MissingArgument, USAGE, UsageError } from "./commands.ts";

function parse() {
  try {
    return parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`retour: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
}

// What a command writes (a new store, an export, a backup) is its owner's alone, as the server's files are.
process.umask(0o077);
const { values, positionals } = parse();
const [group, verb, ...rest] = positionals;
// The command named: one word (demo, backup) or two (app list).
const name = group && COMMANDS[group] ? group : `${group} ${verb}`;
const command = COMMANDS[name];
// The copy between stores, the compaction and the backup open the store themselves, without the
// usual services; each is loaded only by its command (the copy loads the MongoDB driver).
if (group === "migrate" && !values.help) await runAlone(async () => (await import("./migrate.ts")).migrate);
if (group === "compact" && !values.help) await runAlone(async () => (await import("./compact.ts")).compact);
if (group === "backup" && !values.help) await runAlone(async () => (await import("./backup.ts")).backup);
if (group === "secret-key" && !values.help) await runAlone(async () => (await import("./secret-key-reset.ts")).secretKeyReset);
// `help [group]`, `--help` and `<group> --help` print the usage (of that group); no command at all is
// a mistake. `help import` is the help center's command, not a question.
const asksHelp = group === "help" && verb !== "import";
if (asksHelp && verb !== undefined && usageOf(verb) === USAGE) {
  console.error(`retour: no command "${verb}"\n\n${USAGE}`);
  process.exit(2);
}
if (!group && !values.help) {
  console.error(`retour: no command given\n\n${USAGE}`);
  process.exit(2);
}
if (values.help || asksHelp) {
  console.log(usageOf(asksHelp ? verb : group));
  process.exit(0);
}
if (!command) {
  // A group named alone (tracker) lists its commands; anything else is unknown. The usage follows, as for a wrong option.
  const ofGroup = Object.keys(COMMANDS).filter((known) => known.startsWith(`${group} `));
  const why =
    verb === undefined && ofGroup.length > 0
      ? `"${group}" needs a command: ${ofGroup.join(", ")}`
      : `unknown command "${[group, verb].filter(Boolean).join(" ")}"`;
  console.error(`retour: ${why}\n\n${USAGE}`);
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  const storeFile = sqliteFile(config.dataDir);
  const newStore = config.store === "sqlite" && !existsSync(storeFile);
  const services = await createServices(config, createLogger("warn", false), serviceAddress(config), "cli");
  // A mistyped DATA_DIR would otherwise answer with an empty store and nothing said.
  if (newStore) console.error(`retour: no store was at ${storeFile}: this command made a new one (is DATA_DIR the server's?)`);
  const args = name === group ? positionals.slice(1) : rest;
  await command(services, { args, options: values }, (line) => console.log(line));
  await closeServices(services);
} catch (error) {
  exitOn(error);
}

type AloneCommand = (
  config: Config,
  options: { from?: string; to?: string; yes?: boolean; args: readonly string[] },
  out: (line: string) => void,
) => Promise<void>;

/** Runs a command that opens the store itself, then exits. */
async function runAlone(load: () => Promise<AloneCommand>): Promise<never> {
  try {
    const command = await load();
    await command(loadConfig(process.env), { ...(values as { from?: string; to?: string; yes?: boolean }), args: positionals.slice(1) }, (line) =>
      console.log(line),
    );
    process.exit(0);
  } catch (error) {
    exitOn(error);
  }
}

/**
 * A mistake in the command line or the configuration is exit status 2, a command that failed 1,
 * each one line; a missing argument is followed by the command's usage. Anything else is a bug,
 * with its stack.
 */
function exitOn(error: unknown): never {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof CommandFailed) {
    // The lines of the command named (app list), else of its group (backup <dir>).
    const lines = [name, group].map(usageOf).find((usage) => usage !== USAGE) ?? USAGE;
    const usage = error instanceof MissingArgument ? `\n\n${lines}` : "";
    console.error(`retour: ${error.message}${usage}`);
    process.exit(error instanceof CommandFailed ? 1 : 2);
  }
  throw error;
}
