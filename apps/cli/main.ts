import { existsSync } from "node:fs";
import { createLogger } from "../../adapters/logging/logger.ts";
import { type Config, ConfigError, loadConfig } from "../runtime/config.ts";
import { serviceAddress } from "../runtime/address.ts";
import { closeServices, createServices, sqliteFile } from "../runtime/services.ts";
import { commandUsage } from "./arguments.ts";
import { type Asked, commandLine } from "./command-line.ts";
import { COMMANDS, CommandFailed, MissingArgument, UsageError } from "./commands.ts";
import { terminalLine } from "./terminal-line.ts";

type AloneCommand = (
  config: Config,
  options: { from?: string; to?: string; yes?: boolean; args: readonly string[] },
  out: (line: string) => void,
) => Promise<void>;

/**
 * The copy between stores, the compaction, the backup and the key reset open the store themselves,
 * without the usual services; each is loaded only by its command (the copy loads the MongoDB driver).
 */
const ALONE_COMMANDS: Record<Extract<Asked, { kind: "alone" }>["command"], () => Promise<AloneCommand>> = {
  migrate: async () => (await import("./migrate.ts")).migrate,
  compact: async () => (await import("./compact.ts")).compact,
  backup: async () => (await import("./backup.ts")).backup,
  "secret-key": async () => (await import("./secret-key-reset.ts")).secretKeyReset,
};

// What a command writes (a new store, an export, a backup) is its owner's alone, as the server's files are.
process.umask(0o077);
const asked = commandLine(process.argv.slice(2));
if (asked.kind === "said") {
  if (asked.out) console.log(terminalLine(asked.out));
  if (asked.err) console.error(terminalLine(asked.err));
  process.exit(asked.code);
}
const { name, group } = asked;
const { values, positionals } = asked.parsed;
if (asked.kind === "alone") await runAlone(ALONE_COMMANDS[asked.command]);
else await run(asked);

/** Runs a command on the services, then closes them. */
async function run(command: Extract<Asked, { kind: "command" }>): Promise<void> {
  try {
    const config = loadConfig(process.env);
    const storeFile = sqliteFile(config.dataDir);
    const newStore = config.store === "sqlite" && !existsSync(storeFile);
    const services = await createServices(config, createLogger("warn", false), serviceAddress(config), "cli");
    // A mistyped DATA_DIR would otherwise answer with an empty store and nothing said.
    if (newStore) console.error(`retour: no store was at ${storeFile}: this command made a new one (is DATA_DIR the server's?)`);
    await COMMANDS[command.name]!(services, { args: command.args, options: values }, (line) => console.log(terminalLine(line)));
    await closeServices(services);
  } catch (error) {
    exitOn(error);
  }
}

/** Runs a command that opens the store itself, then exits. */
async function runAlone(load: () => Promise<AloneCommand>): Promise<never> {
  try {
    const command = await load();
    await command(loadConfig(process.env), { ...(values as { from?: string; to?: string; yes?: boolean }), args: positionals.slice(1) }, (line) =>
      console.log(terminalLine(line)),
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
    const usage = error instanceof MissingArgument ? `\n\n${commandUsage(name, group)}` : "";
    // A failure may quote what another service said (a tracker, Slack): text only, as every line printed.
    console.error(terminalLine(`retour: ${error.message}${usage}`));
    process.exit(error instanceof CommandFailed ? 1 : 2);
  }
  throw error;
}
