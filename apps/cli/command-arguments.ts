/** What a command takes after its name: its arguments as its usage names them, how many at most, and whether it prints JSON. */
interface Takes {
  readonly words: readonly string[];
  readonly most: number;
  readonly json?: true;
}

const fixed = (...words: string[]): Takes => ({ words, most: words.length });
/** The last word any number of times (help import's files, tracker statuses' pairs). */
const variadic = (...words: string[]): Takes => ({ words, most: Number.POSITIVE_INFINITY });
const withJson = (takes: Takes): Takes => ({ ...takes, json: true });

/**
 * The arguments of every command, by its name, declared here rather than read from the usage,
 * whose `auto|review` and `[status=State …]` are a word each. An argument beyond them is refused:
 * `member remove ACME a@x b@x` once removed a@x alone and said nothing of b@x.
 */
export const TAKES: Readonly<Record<string, Takes>> = {
  demo: withJson(fixed()),
  "org create": fixed("<name>"),
  "org list": fixed(),
  "org plan": fixed("<org>", "<plan>"),
  "app create": fixed("<org>", "<name>"),
  "app list": fixed("<org>"),
  "app browser": fixed("<org>", "<appId>"),
  "app grouping": fixed("<org>", "<appId>", "auto|review"),
  "channel create": fixed("<org>", "<appId>"),
  "channel list": fixed("<org>", "[appId]"),
  "channel disable": fixed("<org>", "<channel id or key>"),
  "channel enable": fixed("<org>", "<channel id or key>"),
  "features import": fixed("<org>", "<appId>", "<file.json>"),
  "help import": variadic("<org>", "<appId>", "<files…>"),
  "tracker set": fixed("<org>", "<appId>", "github|bridge|linear|jira"),
  "tracker statuses": variadic("<org>", "<appId>", "[status=State …]"),
  "tracker link": fixed("<org>", "<feedbackKey>", "[issue]"),
  "tracker remove": fixed("<org>", "<appId>"),
  "slack set": fixed("<org>"),
  attach: fixed("<org>", "<feedbackKey>", "<file>"),
  "user create": fixed("<email>"),
  "user password": fixed("<email>"),
  "member add": fixed("<org>", "<email>", "<admin|member|reader>"),
  "member role": fixed("<org>", "<email>", "<admin|member|reader>"),
  "member list": fixed("<org>"),
  "member remove": fixed("<org>", "<email>"),
  invite: fixed("<org>", "<email>"),
  "token create": withJson(fixed("<org>", "<email>")),
  "token list": fixed("<org>"),
  "token revoke": fixed("<org>", "<tokenId>"),
  "webhook create": fixed("<org>", "<url>"),
  "webhook list": fixed("<org>"),
  "webhook delete": fixed("<org>", "<webhookId>"),
  "webhook test": fixed("<org>", "<webhookId>"),
  "webhook rotate": fixed("<org>", "<webhookId>"),
  "portal show": fixed("<org>"),
  "portal set": fixed("<org>"),
  "portal enable": fixed("<org>"),
  "portal disable": fixed("<org>"),
  "portal sso-secret": fixed("<org>"),
  "portal publish": fixed("<org>", "<feedbackKey>"),
  "portal unpublish": fixed("<org>", "<feedbackKey>"),
  "api-key create": withJson(fixed("<org>", "<name>")),
  "api-key list": fixed("<org>"),
  "api-key revoke": fixed("<org>", "<keyId>"),
  export: fixed("<org>"),
  migrate: fixed(),
  compact: fixed(),
  backup: fixed("<dir>"),
  "secret-key": fixed("reset"),
};

/**
 * Why a command line is refused for what it gives beyond what the command takes: arguments after
 * its last, named, or a --json it would ignore. Undefined when it takes all it is given.
 */
export function beyondTakes(name: string, args: readonly string[], json: boolean): string | undefined {
  const takes = TAKES[name];
  // A command without its line above would take anything unchecked: a bug, said as one.
  if (!takes) throw new Error(`the CLI's command ${name} declares no arguments in TAKES`);
  const extra = args.slice(takes.most);
  if (extra.length > 0)
    return `${name} takes ${takes.words.join(" ") || "no arguments"}: ${extra.join(" ")} ${extra.length === 1 ? "is one" : `are ${extra.length}`} more than it takes`;
  if (json && !takes.json) {
    const printers = Object.keys(TAKES).filter((command) => TAKES[command]!.json);
    return `${name} prints no JSON: --json is for ${printers.slice(0, -1).join(", ")} and ${printers.at(-1)}`;
  }
  return undefined;
}
