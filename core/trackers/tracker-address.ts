import type { TrackerSettings } from "../ports.ts";
import { atFirstConnecting, checkedAddresses, pinnedTo } from "../outbound/pin.ts";
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
  return notCalled(why);
}

const notCalled = (why: string) =>
  new Error(`the tracker was not called: ${why}; an address an Admin gives must be https and public, unless the operator allows private ones`);

/**
 * The addresses a call to the tracker may connect to, when an Admin gave it: its name resolved at
 * the call and every answer checked (refusedAtCall checked an earlier answer, which a name may
 * change before the client resolves it again to connect). Null for the operator's address and for
 * GitHub's and Linear's own (settings naming none), which the client connects to itself, as
 * refusedAtCall takes them.
 */
export function trackerLookup(rule: AddressRule, settings: TrackerSettings): ((hostname: string) => Promise<readonly [string, ...string[]]>) | null {
  if (!settings.givenByAdmin || !(settings.apiUrl || settings.site)) return null;
  return async (hostname) => {
    const checked = await checkedAddresses(rule, hostname);
    if (checked.ok) return checked.addresses;
    throw notCalled(`${hostname} resolves to ${checked.resolved ? `${checked.resolved}, which is not a public address` : "no address"}`);
  };
}

/** A call to the tracker as fetch takes it, with the name the TLS certificate must be valid for when it goes to an address. */
interface PinnedCall {
  readonly url: string | URL;
  readonly init: RequestInit;
  readonly serverName?: string;
}

/**
 * What `send` gives for a call to the tracker, sent to an address trackerLookup gives, with the
 * Host header of the address as given and the name the TLS certificate must be valid for (the
 * runtime's fetch takes it as its own option): at the next address when one cannot be connected
 * to, never once one was (atFirstConnecting). The operator's address is sent as given.
 */
export async function sendPinned<T>(
  rule: AddressRule,
  settings: TrackerSettings,
  address: string,
  init: RequestInit,
  send: (call: PinnedCall) => Promise<T>,
): Promise<T> {
  const lookup = trackerLookup(rule, settings);
  if (!lookup) return send({ url: address, init });
  const given = new URL(address);
  return atFirstConnecting(await lookup(given.hostname.replace(/^\[|\]$/g, "")), (checked) => {
    const pinned = pinnedTo(given, checked);
    const headers = { ...Object.fromEntries(new Headers(init.headers)), host: pinned.host };
    return send({ url: pinned.url, init: { ...init, headers }, ...(given.protocol === "https:" && { serverName: pinned.serverName }) });
  });
}
