import type { TrackerSettings } from "../ports.ts";
import { type AddressRule, checkTarget } from "../outbound/target.ts";
import type { FieldProblem } from "../schemas/field-problem.ts";

/**
 * The address the service calls for a tracker, with the field that gave it: the API address (a
 * bridge's url), else Jira's site. GitHub's and Linear's own addresses are given by no one.
 */
function calledAddress(provider: string, settings: Pick<TrackerSettings, "apiUrl" | "site">): { field: string; address: string } | null {
  if (settings.apiUrl) return { field: provider === "bridge" ? "url" : "apiUrl", address: settings.apiUrl };
  return provider === "jira" && settings.site ? { field: "site", address: `https://${settings.site}` } : null;
}

/**
 * The address an organization's Admin gives a tracker, refused as a webhook's is unless the
 * operator allows private ones: the service sends the tracker's token there and keeps parts of the
 * answer, so this machine, its network or the cloud's metadata must not be one (SSRF).
 */
export async function checkTrackerAddress(
  rule: AddressRule,
  provider: string,
  settings: Pick<TrackerSettings, "apiUrl" | "site">,
): Promise<FieldProblem | null> {
  const called = calledAddress(provider, settings);
  const problem = called && (await checkTarget(rule, called));
  // A name that resolves to nothing now (the machine offline, a DNS outage) is saved unchecked, as a
  // tracker that cannot be reached is: its calls will fail, and say so, until it resolves.
  return problem?.reason === "unresolvable" ? null : problem;
}

/**
 * Why no call may go to the tracker now, or null. An address an Admin gave is checked again at each
 * call: its name may resolve elsewhere than when it was saved (its owner pointed it at this
 * machine's network since, or it resolved to nothing then), and the token would go there with the
 * call. The operator's address is the machine's own choice, taken as given.
 */
export async function refusedAtCall(rule: AddressRule, provider: string, settings: TrackerSettings): Promise<Error | null> {
  if (!settings.givenByAdmin) return null;
  const problem = await checkTrackerAddress(rule, provider, settings);
  if (!problem) return null;
  // A private answer is the usual cause; another (http, a port) follows the operator's turning TRACKERS_ALLOW_PRIVATE off.
  const why =
    "resolved" in problem && problem.resolved
      ? `${problem.given} resolves to ${problem.resolved}, which is not a public address`
      : `its address is refused (${problem.reason})`;
  return new Error(`the tracker was not called: ${why}; an address an Admin gives must be https and public, unless the operator allows private ones`);
}
