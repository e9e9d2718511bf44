import { createLogger } from "../../adapters/logging/logger.ts";
import { adoptNewKey } from "../../core/upkeep/adopt-new-key.ts";
import { keyOpensStore } from "../../core/upkeep/check-secret-key.ts";
import { runningServers, serviceAddress } from "../runtime/address.ts";
import type { Config } from "../runtime/config.ts";
import { closeServices, createServices } from "../runtime/services.ts";
import { UsageError } from "./commands.ts";
import { secretKeyFile } from "../runtime/secret-key.ts";

/**
 * `secret-key reset --yes`: when the key the store's secrets were sealed with is lost for good, the
 * store takes this process's key, and says which and what must be given again. It cannot be undone,
 * hence the --yes; servers still sealing with the former key would undo it, hence their refusal.
 */
export async function secretKeyReset(
  config: Config,
  options: { args: readonly string[]; yes?: boolean },
  out: (line: string) => void,
): Promise<void> {
  if (options.args[0] !== "reset") throw new UsageError('secret-key has one command: "secret-key reset --yes"');
  if (!options.yes) throw new UsageError("secret-key reset gives the store this process's key for good, the former secrets lost: add --yes to do it");
  if (config.store === "mongodb" && !config.secretKey)
    throw new UsageError(
      "on MongoDB, set SECRET_KEY to the key every machine will be given, then reset: a key file on this machine alone would not do",
    );
  const servers = runningServers(config.dataDir);
  if (servers.length > 0)
    throw new UsageError(`stop the servers on this DATA_DIR first (pid ${servers.join(", ")}): they seal with the key being replaced`);
  const services = await createServices(config, createLogger("warn", false), serviceAddress(config), "cli", { checkKey: false });
  try {
    if (await keyOpensStore(services)) throw new UsageError("this key opens the store's secrets: there is nothing to reset");
    await adoptNewKey(services);
  } finally {
    await closeServices(services);
  }
  out(
    [
      `the store now takes the key of ${config.secretKey ? "SECRET_KEY" : secretKeyFile(config.dataDir)}: every server needs it from now on`,
      "the secrets sealed with the lost one cannot be opened, so give them again:",
      "  each webhook: webhook rotate <org> <webhookId> (its receiver needs the new secret)",
      "  each app's tracker: tracker set …; Slack: slack set …; the portal's SSO: portal sso-secret <org>",
      "  pending invitations and password resets: send them again",
      "e-mails to earlier followers go without their tracking link",
    ].join("\n"),
  );
}
