/**
 * What a command takes after its name: its arguments as its usage names them, how many at most,
 * the options it reads (without their --), and whether it prints JSON.
 */
interface Takes {
  readonly words: readonly string[];
  readonly most: number;
  readonly options: readonly string[];
  readonly json?: true;
}

const fixed = (...words: string[]): Takes => ({ words, most: words.length, options: [] });
/** The last word any number of times (help import's files, tracker statuses' pairs). */
const variadic = (...words: string[]): Takes => ({ words, most: Number.POSITIVE_INFINITY, options: [] });
const reading = (takes: Takes, ...options: string[]): Takes => ({ ...takes, options });
const withJson = (takes: Takes): Takes => ({ ...takes, json: true });

/** Options every command takes: --help asks its usage instead; --json has its own refusal, below. */
const GLOBAL = ["help", "json"];

/**
 * The options tracker set reads for each tracker, as its usage lines say them: another tracker's is
 * refused, for `tracker set ACME web github --repo a/b --token T --site acme` once saved GitHub and
 * said nothing of the Jira site it dropped.
 */
const TRACKER_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  github: ["repo", "token", "api-url", "webhook-secret"],
  bridge: ["project", "url", "webhook-secret"],
  linear: ["team", "token", "statuses", "api-url", "webhook-secret"],
  jira: ["site", "project", "email", "token", "api-url", "issue-type", "statuses", "webhook-secret"],
};

/**
 * The arguments and options of every command, by its name, declared here rather than read from the
 * usage, whose `auto|review` and `[status=State …]` are a word each. An argument beyond them is
 * refused: `member remove ACME a@x b@x` once removed a@x alone and said nothing of b@x. So is an
 * option the command does not read: `member list ACME --role admin` listed every member, and the
 * operator believed the list filtered.
 */
export const TAKES: Readonly<Record<string, Takes>> = {
  demo: withJson(fixed()),
  "org create": reading(fixed("<name>"), "prefix", "plan"),
  "org list": fixed(),
  "org plan": reading(fixed("<org>", "<plan>"), "quota"),
  "app create": reading(fixed("<org>", "<name>"), "kind", "description"),
  "app list": fixed("<org>"),
  "app browser": reading(fixed("<org>", "<appId>"), "origins", "replay", "query-params"),
  "app grouping": fixed("<org>", "<appId>", "auto|review"),
  "channel create": reading(fixed("<org>", "<appId>"), "kind"),
  "channel list": fixed("<org>", "[appId]"),
  "channel disable": fixed("<org>", "<channel id or key>"),
  "channel enable": fixed("<org>", "<channel id or key>"),
  "features import": fixed("<org>", "<appId>", "<file.json>"),
  "help import": variadic("<org>", "<appId>", "<files…>"),
  "tracker set": reading(fixed("<org>", "<appId>", "github|bridge|linear|jira"), ...new Set(Object.values(TRACKER_OPTIONS).flat())),
  "tracker statuses": variadic("<org>", "<appId>", "[status=State …]"),
  "tracker link": fixed("<org>", "<feedbackKey>", "[issue]"),
  "tracker remove": fixed("<org>", "<appId>"),
  "slack set": reading(fixed("<org>"), "signing-secret", "bot-token", "app", "channel", "kinds", "min-severity", "api-url"),
  attach: reading(fixed("<org>", "<feedbackKey>", "<file>"), "kind"),
  "user create": reading(fixed("<email>"), "name", "password", "org", "role"),
  "user password": reading(fixed("<email>"), "password"),
  "member add": fixed("<org>", "<email>", "<admin|member|reader>"),
  "member role": fixed("<org>", "<email>", "<admin|member|reader>"),
  "member list": fixed("<org>"),
  "member remove": fixed("<org>", "<email>"),
  invite: reading(fixed("<org>", "<email>"), "role"),
  "token create": withJson(reading(fixed("<org>", "<email>"), "scopes", "days", "label")),
  "token list": fixed("<org>"),
  "token revoke": fixed("<org>", "<tokenId>"),
  "webhook create": reading(fixed("<org>", "<url>"), "events"),
  "webhook list": fixed("<org>"),
  "webhook delete": fixed("<org>", "<webhookId>"),
  "webhook test": fixed("<org>", "<webhookId>"),
  "webhook rotate": fixed("<org>", "<webhookId>"),
  "portal show": fixed("<org>"),
  "portal set": reading(fixed("<org>"), "slug", "title", "posting", "indexing", "brand-color", "labels", "sign-in-url"),
  "portal enable": fixed("<org>"),
  "portal disable": fixed("<org>"),
  "portal sso-secret": fixed("<org>"),
  "portal sign-in-link": fixed("<org>", "<email>"),
  "portal publish": reading(fixed("<org>", "<feedbackKey>"), "title", "description"),
  "portal unpublish": fixed("<org>", "<feedbackKey>"),
  "api-key create": withJson(reading(fixed("<org>", "<name>"), "scopes")),
  "api-key list": fixed("<org>"),
  "api-key revoke": fixed("<org>", "<keyId>"),
  export: reading(fixed("<org>"), ...["format", "out", "status", "kind", "severity", "appId", "featureId", "query", "owner", "tag", "sort"]),
  migrate: reading(fixed(), "from", "to"),
  compact: fixed(),
  backup: fixed("<dir>"),
  "secret-key": reading(fixed("reset"), "yes"),
};

/** "--a", "--a and --b", "--a, --b and --c". */
const listed = (options: readonly string[]): string =>
  options.length > 1 ? `${options.slice(0, -1).join(", ")} and ${options.at(-1)}` : (options[0] ?? "");

/**
 * Why a command line is refused for what it gives beyond what the command takes: arguments after
 * its last, named, a --json it would ignore, or options it does not read, named with those it does.
 * Undefined when it takes all it is given.
 */
export function beyondTakes(name: string, args: readonly string[], values: Readonly<Record<string, unknown>>): string | undefined {
  const takes = TAKES[name];
  // A command without its line above would take anything unchecked: a bug, said as one.
  if (!takes) throw new Error(`the CLI's command ${name} declares no arguments in TAKES`);
  const extra = args.slice(takes.most);
  if (extra.length > 0)
    return `${name} takes ${takes.words.join(" ") || "no arguments"}: ${extra.join(" ")} ${extra.length === 1 ? "is one" : `are ${extra.length}`} more than it takes`;
  if (values.json === true && !takes.json) {
    const printers = Object.keys(TAKES).filter((command) => TAKES[command]!.json);
    return `${name} prints no JSON: --json is for ${listed(printers)}`;
  }
  const given = Object.keys(values).filter((option) => values[option] !== undefined && !GLOBAL.includes(option));
  const unread = given.filter((option) => !takes.options.includes(option)).map((option) => `--${option}`);
  if (unread.length === 0) return undefined;
  const read = [...takes.options, ...(takes.json ? ["json"] : [])].map((option) => `--${option}`);
  return `${name} takes ${read.length > 0 ? listed(read) : "no options"}: ${listed(unread)} would do nothing`;
}

/** Why tracker set refuses an option of another tracker than the one it sets, naming whose it is; undefined when none is. */
export function otherTrackersOption(provider: string, values: Readonly<Record<string, unknown>>): string | undefined {
  const reads = TRACKER_OPTIONS[provider] ?? [];
  const foreign = Object.keys(values).find((option) => values[option] !== undefined && !GLOBAL.includes(option) && !reads.includes(option));
  if (!foreign) return undefined;
  const owners = Object.keys(TRACKER_OPTIONS).filter((tracker) => TRACKER_OPTIONS[tracker]!.includes(foreign));
  return `--${foreign} is for ${listed(owners)}, not ${provider} (${provider} takes ${listed(reads.map((option) => `--${option}`))})`;
}
