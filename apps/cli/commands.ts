import { readFileSync } from "node:fs";
import { hasFullContext, monthlyQuota, PLANS, type Plan } from "../../core/plans.ts";
import { ATTACHMENT_KINDS, CHANNEL_KINDS, ROLES, SCOPES, type ChannelKind, type Organization, type Role, type Scope } from "../../core/model.ts";
import { describeFieldProblem, describeProblem, failureBody, namedIssue, textFor } from "../../adapters/http/catalog/text.ts";
import { operatorGrant } from "../../core/authorization.ts";
import type { Failure, Result } from "../../core/errors.ts";
import { EVENT_TYPES } from "../../core/feedback/events.ts";
import { testWebhook } from "../../core/webhooks/test-webhook.ts";
import { createWebhook } from "../../core/webhooks/create-webhook.ts";
import { deleteWebhook } from "../../core/webhooks/delete-webhook.ts";
import { listWebhooks } from "../../core/webhooks/list-webhooks.ts";
import { rotateWebhookSecret } from "../../core/webhooks/rotate-webhook-secret.ts";
import { APP_KINDS } from "../../core/schemas/catalog.ts";
import { FeatureFile, parseFile } from "../../core/catalog-files.ts";
import type { Services } from "../../core/services.ts";
import { STATUSES } from "../../core/schemas/feedback.ts";
import { issueToken } from "../../core/tokens/issue-token.ts";
import { listTokens } from "../../core/tokens/list-tokens.ts";
import { revokeToken } from "../../core/tokens/revoke-token.ts";
import { addChannel } from "../../core/apps/add-channel.ts";
import { browserCollection } from "../../core/apps/browser-collection.ts";
import { setBrowserCollection } from "../../core/apps/set-browser-collection.ts";
import { setGroupingMode } from "../../core/apps/set-grouping-mode.ts";
import { GROUPING_MODES } from "../../core/grouping/decision.ts";
import { createApp } from "../../core/apps/create-app.ts";
import { importFeatures } from "../../core/apps/import-features.ts";
import { importHelpArticles } from "../../core/apps/import-help-articles.ts";
import { listAppSetup } from "../../core/apps/list-app-setup.ts";
import { setChannelActive } from "../../core/apps/set-channel-active.ts";
import { createOrganization } from "../../core/organizations/create-organization.ts";
import { findOrganization } from "../../core/organizations/find-organization.ts";
import { listOrganizations } from "../../core/organizations/list-organizations.ts";
import { setPlan } from "../../core/organizations/set-plan.ts";
import { listMembers } from "../../core/members/list-members.ts";
import { removeMember } from "../../core/members/remove-member.ts";
import { addMember } from "../../core/members/add-member.ts";
import { inviteMember } from "../../core/team/invite-member.ts";
import { findUserByEmail } from "../../core/users/find-user.ts";
import { listApps } from "../../core/catalog/list-apps.ts";
import { demo } from "../runtime/demo.ts";
import { createUser } from "../../core/users/create-user.ts";
import { setPassword } from "../../core/users/set-password.ts";
import { readArticles } from "./help-files.ts";
import { configureTracker } from "../../core/trackers/configure-tracker.ts";
import { removeTracker } from "../../core/trackers/remove-tracker.ts";
import { connectSlack } from "../../core/slack/connect-slack.ts";
import { slackCanCall, slackRequestUrls } from "../../core/slack/request-urls.ts";
import { KINDS, SEVERITIES } from "../../core/schemas/feedback.ts";
import { attach } from "../../core/attachments/attach.ts";
import { linkTracker } from "../../core/trackers/link.ts";
import { setTrackerStatuses } from "../../core/trackers/set-tracker-statuses.ts";
import { describeTracker } from "../../core/trackers/describe-tracker.ts";
import { DEFAULT_KINDS } from "../../core/trackers/status-mapping.ts";
import type { TrackerFields } from "../../core/trackers/tracker-fields.ts";
import { getPortal } from "../../core/portal/get-portal.ts";
import { setPortal } from "../../core/portal/set-portal.ts";
import { rotateSsoSecret } from "../../core/portal/rotate-sso-secret.ts";
import { publishFeedback } from "../../core/portal/publish-feedback.ts";
import { unpublishFeedback } from "../../core/portal/unpublish-feedback.ts";
import { handOutSignInLink } from "../../core/portal-people/hand-out-sign-in-link.ts";
import { POSTING_MODES, PortalUpdate } from "../../core/schemas/portal.ts";
import type { FieldProblem } from "../../core/schemas/field-problem.ts";
import { validator } from "../../adapters/http/validate.ts";
import { apiKeyCommands } from "./api-keys.ts";
import { otherTrackersOption } from "./command-arguments.ts";
import { exportCommand } from "./export.ts";
import type { Invocation, Out } from "./invocation.ts";
import { imageTypeOf } from "../../core/attachments/file-type.ts";

/** A mistake in the command line: printed as one line, exit status 2. */
export class UsageError extends Error {}

/** A command given without one of its arguments: the line is followed by the command's usage. */
export class MissingArgument extends UsageError {}

/** A command that ran and did not do what it was for (a test delivery that failed): said on standard error, exit status 1. */
export class CommandFailed extends Error {}

const refuse = (message: string, missing = false): never => {
  throw missing ? new MissingArgument(message) : new UsageError(message);
};

function pick<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T {
  if (!value) throw new MissingArgument(`missing ${what}: one of ${allowed.join(", ")}`);
  if (!allowed.includes(value as T)) throw new UsageError(`${what} must be one of ${allowed.join(", ")}`);
  return value as T;
}

const arg = (inv: Invocation, index: number, name: string): string => {
  const value = inv.args[index];
  if (!value) throw new MissingArgument(`missing <${name}>`);
  return value;
};
const option = (inv: Invocation, name: string): string | undefined => {
  const value = inv.options[name];
  return typeof value === "string" ? value : undefined;
};

/** The value of a use case's result, or its refusal as one line (English, naming the field at fault). */
function orFail<T>(result: Result<T>, explain?: (failure: Failure) => string | undefined): T {
  if (result.ok) return result.value;
  // A field refused is said alone ("email: expected …"): "The request body is invalid." is the API's word for it.
  const message =
    explain?.(result) ?? (result.code === "invalid_body" && result.problem ? describeProblem(result.problem, "en") : failureBody(result, "en").error);
  throw new UsageError(result.cause ? `${message} It said: ${result.cause}` : message);
}

/** A refusal naming the feedback key the command was given and the organization it looked in (some refusals, such as attach's, name neither). */
const noFeedback =
  (key: string, org: Organization) =>
  (failure: Failure): string | undefined =>
    failure.code === "not_found" ? `no feedback ${key} in ${org.keyPrefix}` : undefined;

async function organization(services: Services, idOrPrefix: string): Promise<Organization> {
  const org = await findOrganization(services, idOrPrefix);
  if (!org) throw new UsageError(`no organization "${idOrPrefix}" (give its id or key prefix)`);
  return org;
}

const noUser = (email: string) => `no user with e-mail ${email} (create one with: user create ${email})`;

async function user(services: Services, email: string) {
  const found = await findUserByEmail(services, email);
  if (!found) throw new UsageError(noUser(email));
  return found;
}

/** What the CLI says of an app id the organization does not have. */
const unknownApp = (org: { readonly keyPrefix: string }, appId: string): string =>
  `no app ${appId} in ${org.keyPrefix} (app list ${org.keyPrefix} shows them)`;
/** A refusal of an app id as unknownApp says it. */
const noApp =
  (org: { readonly keyPrefix: string }, appId: string) =>
  (failure: Failure): string | undefined =>
    failure.code === "not_found" ? unknownApp(org, appId) : undefined;

/** channel list pads the kind to the longest one, so that the keys after it line up in a column. */
const KIND_COLUMN = Math.max(...CHANNEL_KINDS.map((kind) => kind.length));

/** A replay's type, by its file's name (a screenshot's is read from its bytes). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  json: "application/json",
  webm: "video/webm",
};

/** The CLI acts as the operator: with an Admin's rights in the organization it names. */
const operator = (org: Organization) => operatorGrant(org.id);

/** What a plan gives, as the operator choosing one must know it: its monthly quota and the full context. */
function planTerms(plan: Plan): string {
  const quota = monthlyQuota(plan, null);
  const reports = quota === null ? "no monthly quota" : `${quota.toLocaleString("en")} reports a month`;
  return `${reports}, ${hasFullContext(plan) ? "with" : "without"} each report's full context`;
}

const WEBHOOK_COMMANDS: Record<string, (services: Services, inv: Invocation, out: Out) => Promise<void>> = {
  async "webhook create"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const events = (option(inv, "events") ?? EVENT_TYPES.join(",")).split(",").map((e) => pick(e.trim(), EVENT_TYPES, "each of --events"));
    const created = orFail(await createWebhook(services, services.webhooks, operator(org), { url: arg(inv, 1, "url"), events }));
    out(`webhook ${created.id} → ${created.url} (${events.join(", ")})\nsigning secret, shown once:\n${created.secret}`);
  },
  async "webhook list"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    for (const w of orFail(await listWebhooks(services, operator(org))).data) {
      const last = w.lastDelivery
        ? `last: ${w.lastDelivery.at} ${w.lastDelivery.status ?? w.lastDelivery.error} in ${w.lastDelivery.durationMs} ms`
        : "never delivered";
      out(`${w.id}  ${w.url}  ${w.events.join(",")}  ${last}`);
    }
  },
  async "webhook delete"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const id = arg(inv, 1, "webhookId");
    if (!(await deleteWebhook(services, operator(org), id)).ok) throw new UsageError(`no webhook ${id} in ${org.keyPrefix}`);
    out(`webhook ${id} deleted`);
  },
  async "webhook test"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const tested = await testWebhook(services, services.webhooks, operator(org), arg(inv, 1, "webhookId"));
    const { result } = orFail(tested, () => `no such webhook in ${org.keyPrefix}`);
    // This process checks the address as a server does, by its own WEBHOOKS_ALLOW_PRIVATE: one the server
    // takes (set there) is refused here without it, and the line says where the difference lies.
    const allowable = /^refused address \((not_https|port|private_address)\)/.test(result.error ?? "");
    const unlike =
      allowable && !services.webhooks.allowPrivate
        ? "; the server may take it with WEBHOOKS_ALLOW_PRIVATE=true: give this command the same setting"
        : "";
    if (result.error) throw new CommandFailed(`test event failed: ${result.error} (${result.durationMs} ms)${unlike}`);
    out(`test event delivered: HTTP ${result.status} in ${result.durationMs} ms`);
  },
  async "webhook rotate"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const rotated = await rotateWebhookSecret(services, operator(org), arg(inv, 1, "webhookId"));
    if (!rotated.ok) throw new UsageError("no such webhook");
    out(`new signing secret, shown once (the former one stays valid 24 hours):\n${rotated.value.secret}`);
  },
};

const portalUpdateCheck = validator(PortalUpdate);

/** The options of `portal set`, by the field of the portal's settings each fills. */
const PORTAL_OPTIONS: Readonly<Record<string, string>> = {
  slug: "slug",
  title: "title",
  posting: "posting",
  indexing: "indexing",
  brandColor: "brand-color",
  statusLabels: "labels",
  signInUrl: "sign-in-url",
};

/** `portal set`'s options: only those given change. */
function portalUpdate(inv: Invocation): PortalUpdate {
  const onOff = (name: string) => {
    const value = option(inv, name);
    return value === undefined ? undefined : pick(value, ["on", "off"], `--${name}`) === "on";
  };
  const indexing = onOff("indexing");
  const slug = option(inv, "slug");
  const title = option(inv, "title");
  const posting = option(inv, "posting");
  const brand = option(inv, "brand-color");
  const labels = option(inv, "labels");
  const signInUrl = option(inv, "sign-in-url");
  return {
    ...(slug !== undefined && { slug }),
    ...(title !== undefined && { title }),
    ...(posting !== undefined && { posting: pick(posting, POSTING_MODES, "--posting") }),
    ...(indexing !== undefined && { indexing }),
    ...(brand !== undefined && { brandColor: brand === "none" ? null : brand }),
    ...(signInUrl !== undefined && { signInUrl: signInUrl === "none" ? null : signInUrl }),
    ...(labels !== undefined && {
      statusLabels: Object.fromEntries(
        labels
          .split(",")
          .filter(Boolean)
          .map((pair) => {
            const [status = "", ...label] = pair.split("=");
            return [pick(status.trim(), STATUSES, "each status of --labels"), label.join("=").trim()];
          }),
      ),
    }),
  };
}

/** A refused setting, named as the option typed, not as the body field it fills: "--brand-color: expected …". */
function portalOptionRefused(problem: FieldProblem | undefined): string {
  if (!problem) return "invalid portal settings";
  const field = problem.field.split(".")[0] ?? "";
  // The command line takes none where the API takes null: a colour or an address refused is a text, said with its way out.
  const words = textFor("en").problems;
  if (field === "brandColor") return `--brand-color: ${words.expected(words.color)} or none.`;
  if (field === "signInUrl") return `--sign-in-url: ${words.expected(words.signInUrl)} or none.`;
  return describeProblem({ ...problem, field: `--${PORTAL_OPTIONS[field] ?? field}` }, "en");
}

const PORTAL_COMMANDS: Record<string, (services: Services, inv: Invocation, out: Out) => Promise<void>> = {
  async "portal show"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    out(JSON.stringify(orFail(await getPortal(services, operator(org))), null, 2));
  },
  async "portal set"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const asked = portalUpdate(inv);
    if (!portalUpdateCheck.check(asked)) throw new UsageError(portalOptionRefused(portalUpdateCheck.refuse("invalid_body", asked).problem));
    out(
      JSON.stringify(
        orFail(await setPortal(services, operator(org), asked), (refused) => refused.problem && portalOptionRefused(refused.problem)),
        null,
        2,
      ),
    );
  },
  async "portal enable"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    out(`portal on: ${orFail(await setPortal(services, operator(org), { enabled: true })).url}`);
  },
  async "portal disable"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    orFail(await setPortal(services, operator(org), { enabled: false }));
    out("portal off");
  },
  async "portal sso-secret"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const { ssoSecret } = orFail(await rotateSsoSecret(services, operator(org)));
    out(`SSO secret, shown once (tokens signed with the former one are refused from now on):\n${ssoSecret}`);
  },
  async "portal sign-in-link"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const made = await handOutSignInLink(services, operator(org), arg(inv, 1, "email"));
    // The portal is off: the command was right and the link would open nothing, as webhook test's failed delivery is said.
    if (!made.ok && made.code === "not_found")
      throw new CommandFailed(`the portal of ${org.keyPrefix} is off: turn it on with portal enable ${org.keyPrefix}`);
    const { email, url } = orFail(made);
    // Printed whether or not the server has SMTP_URL: this link is handed over by whoever runs the command, and nothing is e-mailed.
    out(`sign-in link to the portal of ${org.keyPrefix} for ${email}, e-mailed to nobody. It works once, for 15 minutes:\n${url}`);
  },
  async "portal publish"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const title = option(inv, "title");
    const description = option(inv, "description");
    const key = arg(inv, 1, "feedbackKey");
    const published = orFail(
      await publishFeedback(services, operator(org), key, {
        ...(title !== undefined && { title }),
        ...(description !== undefined && { description }),
      }),
      noFeedback(key, org),
    );
    out(`${published.key} published as "${published.publicTitle}"`);
  },
  async "portal unpublish"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const key = arg(inv, 1, "feedbackKey");
    out(`${orFail(await unpublishFeedback(services, operator(org), key), noFeedback(key, org)).key} unpublished`);
  },
};

/** Every command: `<group> <verb>` → handler. */
export const COMMANDS: Record<string, (services: Services, inv: Invocation, out: Out) => Promise<void>> = {
  async demo(services, inv, out) {
    const { created, ...info } = await demo(services);
    const members = orFail(await listMembers(services, operatorGrant(info.orgId)));
    if (inv.options.json) return out(JSON.stringify(info));
    out(`${created ? "Created" : "Found"} the demo organization ${info.orgId}`);
    out(`API channel key: ${info.publicKey}\nForm key: ${info.formKey}\nWidget key: ${info.widgetKey}\nDisabled key: ${info.inactiveKey}`);
    for (const [name, token] of Object.entries(info.tokens)) out(`token ${name}: ${token}`);
    out(`members: ${members.map((m) => `${m.email} (${m.role})`).join(", ")}`);
    // The passwords were just reset: printing them is the only way to sign in with them.
    out(`Sign in at ${services.baseUrl}/login with the new passwords:`);
    for (const { email, password } of Object.values(info.users)) out(`  ${email}  ${password}`);
  },

  async "org create"(services, inv, out) {
    const name = arg(inv, 0, "name");
    const prefix = option(inv, "prefix");
    const plan = pick(option(inv, "plan") ?? "free", PLANS, "--plan");
    const created = await createOrganization(services, { name, plan, ...(prefix !== undefined && { keyPrefix: prefix }) });
    const org = orFail(created, (f) =>
      f.code === "prefix_taken"
        ? "this key prefix is taken: choose another with --prefix"
        : f.problem?.field === "keyPrefix"
          ? "--prefix must be 1 to 12 letters or digits, starting with a letter"
          : undefined,
    );
    out(`organization ${org.id} (${org.keyPrefix}, ${plan}: ${planTerms(plan)})`);
    if (plan !== "enterprise") out(`Change its plan with: org plan ${org.keyPrefix} <${PLANS.join("|")}>`);
  },

  async "org list"(services, _inv, out) {
    for (const o of await listOrganizations(services))
      out(`${o.id}  ${o.keyPrefix}  ${o.plan}${o.quotaOverride !== null ? ` quota=${o.quotaOverride}` : ""}  ${o.name}`);
  },

  async "org plan"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const plan: Plan = pick(arg(inv, 1, "plan"), PLANS, "<plan>");
    const quota = option(inv, "quota");
    if (quota !== undefined && !/^\d+$/.test(quota)) throw new UsageError("--quota must be a whole number");
    orFail(await setPlan(services, org.id, plan, quota === undefined ? null : Number(quota)));
    out(`${org.keyPrefix}: plan ${plan}${quota !== undefined ? `, monthly quota ${quota}` : ""}`);
  },

  async "app create"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const kind = pick(option(inv, "kind") ?? "web", APP_KINDS, "--kind");
    const description = option(inv, "description");
    const app = orFail(await createApp(services, operator(org), { name: arg(inv, 1, "name"), kind, ...(description && { description }) }));
    out(`app ${app.id}`);
    out(`no channel yet, so nothing can report about it: channel create ${org.keyPrefix} ${app.id} --kind api|form|widget`);
  },

  async "app list"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const apps = orFail(await listApps(services, operator(org))).data;
    if (apps.length === 0) out(`no app yet: app create ${org.keyPrefix} <name>`);
    for (const a of apps) out(`${a.id}  ${a.kind}  ${a.name}`);
  },

  async "app browser"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const appId = arg(inv, 1, "appId");
    const list = (name: string) =>
      option(inv, name)
        ?.split(/[\s,]+/)
        .filter(Boolean);
    const replay = option(inv, "replay");
    const changes = {
      ...(list("origins") && { origins: list("origins") }),
      ...(replay && { replay: pick(replay, ["on", "off"] as const, "--replay") === "on" }),
      ...(list("query-params") && { queryParams: list("query-params") }),
    };
    const app = orFail(await setBrowserCollection(services, operator(org), appId, changes), noApp(org, appId));
    const { origins, replay: records, queryParams } = browserCollection(app);
    out(`origins: ${origins.join(" ") || "(none: the widget is refused everywhere)"}`);
    out(`replay: ${records ? "on" : "off"}\nkept query parameters: ${queryParams.join(" ") || "(none)"}`);
  },

  async "app grouping"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const appId = arg(inv, 1, "appId");
    const mode = pick(arg(inv, 2, "mode"), GROUPING_MODES, "mode");
    orFail(await setGroupingMode(services, operator(org), appId, mode), noApp(org, appId));
    out(
      mode === "auto"
        ? "grouping: auto (sure duplicates are merged; likely ones are suggested)"
        : "grouping: review (every likely duplicate is suggested; nothing is merged without a person)",
    );
  },

  async "channel create"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const appId = arg(inv, 1, "appId");
    const kind: ChannelKind = pick(option(inv, "kind") ?? "api", CHANNEL_KINDS, "--kind");
    out(orFail(await addChannel(services, operator(org), appId, kind), noApp(org, appId)).key);
  },

  async "channel list"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const appId = inv.args[1];
    const setups = orFail(await listAppSetup(services, operator(org), appId));
    if (appId !== undefined && setups.length === 0) throw new UsageError(unknownApp(org, appId));
    for (const { channels } of setups)
      for (const c of channels) out(`${c.id}  ${c.kind.padEnd(KIND_COLUMN)}  ${c.active ? "active  " : "disabled"}  ${c.key}  app=${c.appId}`);
    if (setups.every((s) => s.channels.length === 0))
      out(
        `no channel${setups.length === 0 ? " (and no app: app create first)" : ""}: channel create ${org.keyPrefix} <appId> --kind api|form|widget`,
      );
  },

  async "channel disable"(services, inv, out) {
    await setChannel(services, inv, out, false);
  },

  async "channel enable"(services, inv, out) {
    await setChannel(services, inv, out, true);
  },

  async "features import"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const appId = arg(inv, 1, "appId");
    const file = arg(inv, 2, "file.json");
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const parsed = parseFile(FeatureFile, text, "features");
    if ("problem" in parsed) throw new UsageError(`${file} is not a feature map: ${describeProblem(parsed.problem, "en")}`);
    const { app, count } = orFail(await importFeatures(services, operator(org), appId, parsed.value), noApp(org, appId));
    out(`${count} features imported into ${app.name}`);
  },

  async "help import"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const appId = arg(inv, 1, "appId");
    const files = inv.args.slice(2);
    if (files.length === 0) throw new MissingArgument("missing <file.md|file.json> …");
    const articles = [];
    for (const file of files) {
      const read = readArticles(file);
      if (typeof read === "string") throw new UsageError(read);
      articles.push(...read);
    }
    const { app } = orFail(await importHelpArticles(services, operator(org), appId, articles), noApp(org, appId));
    out(`${articles.length} help article${articles.length === 1 ? "" : "s"} imported into ${app.name} (replacing the previous ones)`);
  },

  async "tracker set"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const appId = arg(inv, 1, "appId");
    const provider = pick(arg(inv, 2, "provider"), TRACKER_PROVIDERS, "<provider>");
    const foreign = otherTrackersOption(provider, inv.options);
    if (foreign) throw new UsageError(foreign);
    // The tracker is asked about the token: one it refuses is said by the option that gave it, and nothing is stored.
    const flags = { token: "--token", project: PROJECT_FLAGS[provider] };
    const { app, webhookSecret, secretKept, unchecked } = orFail(
      // The operator's addresses are the machine's own to choose: a private network's GitHub Enterprise, Jira or bridge.
      await configureTracker(services, operator(org), appId, provider, trackerFields(provider, inv), null),
      (failure) =>
        failure.problem
          ? (trackerRefusal(provider, failure.problem) ?? describeFieldProblem(failure.problem, "en", flags))
          : noApp(org, appId)(failure),
    );
    out(`${app.name} now tracks issues with ${provider}`);
    out(`Its webhook: ${services.baseUrl}/integrations/${provider}/webhook, secret:\n${webhookSecret}`);
    if (secretKept) out("(the secret it had: the tracker's webhook needs no change)");
    if (unchecked)
      out(`warning: saved, but ${provider} could not be reached to check the token (${unchecked}); Settings → Apps shows a sync that fails`);
  },

  async "tracker statuses"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const appId = arg(inv, 1, "appId");
    const pairs = inv.args.slice(2);
    const tracker = trackedBy(orFail(await describeTracker(services, operator(org), appId), noApp(org, appId)));
    if (!tracker.mapsStatuses) throw new UsageError(describeProblem({ field: "statuses", reason: "not_mapped" }, "en"));
    const mapping =
      pairs.length > 0 ? orFail(await setTrackerStatuses(services, operator(org), appId, statusPairs(pairs)), noApp(org, appId)) : tracker.statuses;
    for (const status of STATUSES) {
      const chosen = mapping[status];
      out(`${status} → ${chosen ?? `(default: the first ${DEFAULT_KINDS[status].join(" or ")} state)`}`);
    }
  },

  async "tracker remove"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const appId = arg(inv, 1, "appId");
    const app = orFail(await removeTracker(services, operator(org), appId), noApp(org, appId));
    out(`${app.name} no longer tracks issues; the issues its feedbacks link to stay linked`);
  },

  async "tracker link"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const key = arg(inv, 1, "feedback key");
    const issue = inv.args[2];
    // not_found is the feedback, or the issue named: say both when an issue was named.
    const refused = (f: Failure) =>
      f.code === "not_found" && issue
        ? `no feedback ${key} in ${org.keyPrefix}, or no issue ${issue} in its app's tracker`
        : f.code === "tracker_linked"
          ? `${key} is linked to an issue already: no second one is opened (to link another, name it: tracker link ${org.keyPrefix} ${key} <issue>)`
          : f.unlinked
            ? `issue ${namedIssue(f.unlinked)} was opened, but ${key} could not be linked to it: link it rather than opening another (tracker link ${org.keyPrefix} ${key} ${f.unlinked.key}).`
            : noFeedback(key, org)(f);
    const linked = orFail(await linkTracker(services, operator(org), key, issue), refused);
    out(`${linked.key} ↔ ${linked.trackerIssue?.key} ${linked.trackerIssue?.url ?? ""}`.trim());
  },

  async "slack set"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const signingSecret = option(inv, "signing-secret");
    const botToken = option(inv, "bot-token");
    if (!signingSecret || !botToken)
      throw new UsageError("--signing-secret and --bot-token are required (the Slack app's Basic Information and OAuth pages)");
    const apiUrl = option(inv, "api-url");
    if (apiUrl !== undefined && !/^https?:\/\//.test(apiUrl)) throw new UsageError("--api-url must be an http(s) address");
    const kinds =
      option(inv, "kinds")
        ?.split(",")
        .map((k) => pick(k.trim(), KINDS, "each of --kinds")) ?? [];
    const minSeverity = option(inv, "min-severity");
    const {
      connection: connected,
      appName,
      unchecked,
    } = orFail(
      await connectSlack(services, operator(org), {
        signingSecret,
        botToken,
        kinds,
        ...(option(inv, "app") && { appId: option(inv, "app") }),
        ...(option(inv, "channel") && { channel: option(inv, "channel") }),
        ...(minSeverity && { minSeverity: pick(minSeverity, SEVERITIES, "--min-severity") }),
        // Each `slack set` says the whole connection: without --api-url, Slack's own (SLACK_API_URL).
        apiUrl: apiUrl ?? null,
      }),
      // A secret refused (Slack refused the bot token) is said by the option that gave it.
      (failure) => (failure.problem ? describeFieldProblem(failure.problem, "en", SLACK_FLAGS) : noApp(org, option(inv, "app") ?? "")(failure)),
    );
    const urls = slackRequestUrls(services.baseUrl, org.id);
    out(`Slack connected to ${org.keyPrefix}; reports go to ${appName ?? "the only app (or the one picked in a dialog)"}`);
    out(connected.channel ? `notices go to ${connected.channel}` : "no channel: nothing is posted to Slack (add --channel C)");
    if (unchecked)
      out(`warning: saved, but Slack could not be reached to check the bot token (${unchecked}); Settings → Slack shows a notice that fails`);
    out(`Request URLs for the Slack app (manifest in the README):`);
    out(`  slash command /retour  ${urls.commands}`);
    out(`  interactivity          ${urls.interactions}`);
    out(`  events                 ${urls.events}`);
    if (!slackCanCall(services.baseUrl))
      out(
        `warning: Slack calls public https addresses only, and these are made of BASE_URL (${services.baseUrl}): set BASE_URL to the service's public https address before you create the Slack app`,
      );
  },

  async attach(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const key = arg(inv, 1, "feedback key");
    const file = arg(inv, 2, "file");
    const kind = pick(option(inv, "kind") ?? "screenshot", ATTACHMENT_KINDS, "--kind");
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(file));
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
    }
    // The feedback page shows a screenshot as an image: its type is read from its bytes, whatever its name says.
    const contentType =
      kind === "screenshot" ? imageTypeOf(bytes) : (CONTENT_TYPES[file.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream");
    if (!contentType) throw new UsageError(`a screenshot is a PNG, JPEG or WebP image, and ${file} is none of these`);
    orFail(await attach(services, org.id, key, { kind, bytes, contentType }), noFeedback(key, org));
    out(`${kind} attached (${bytes.length} bytes, ${contentType})`);
  },

  async "user create"(services, inv, out) {
    const name = option(inv, "name");
    const password = option(inv, "password");
    const orgName = option(inv, "org");
    const roleName = option(inv, "role");
    if ((orgName === undefined) !== (roleName === undefined)) throw new UsageError("give --org and --role together");
    // Checked before the person is made, so a mistake in either leaves no account behind.
    const org = orgName === undefined ? null : await organization(services, orgName);
    const role = roleName === undefined ? null : pick(roleName, ROLES, "--role");
    const email = arg(inv, 0, "email");
    const created = orFail(
      await createUser(services, { email, ...(name !== undefined && { name }), ...(password !== undefined && { password }) }),
      (f) =>
        f.code === "user_exists"
          ? `a person with the e-mail ${email} exists: add them to an organization with member add <org> ${email} <admin|member|reader>, or give a new password with user password ${email}`
          : undefined,
    );
    out(`user ${created.id} ${created.email}`);
    if (org && role) {
      orFail(await addMember(services, operator(org), created.email, role));
      out(`${created.email} is ${role} of ${org.keyPrefix}`);
    } else {
      // Signed in without an organization, the person would find nothing to do: say what comes next.
      out(`${created.email} belongs to no organization yet; an Admin adds them with:\n  member add <org> ${created.email} <admin|member|reader>`);
    }
    // Without a password the person could not sign in: they get one, shown once, as `user password` gives.
    if (password === undefined) {
      const { generated } = orFail(await setPassword(services, created.id));
      out(`password, shown once:\n${generated}`);
    }
    out(`sign in at ${services.baseUrl}/login`);
  },

  async "user password"(services, inv, out) {
    const u = await user(services, arg(inv, 0, "email"));
    const { generated } = orFail(await setPassword(services, u.id, option(inv, "password")));
    out(generated ? `new password of ${u.email}, shown once:\n${generated}` : `password of ${u.email} set`);
  },

  async "member add"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const email = arg(inv, 1, "email");
    const role: Role = pick(arg(inv, 2, "role"), ROLES, "<role>");
    const member = orFail(await addMember(services, operator(org), email, role), (f) => (f.code === "not_found" ? noUser(email) : undefined));
    out(`${member.email} is ${role} of ${org.keyPrefix}`);
  },

  async invite(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const role: Role = pick(option(inv, "role"), ROLES, "--role");
    const invited = orFail(await inviteMember(services, operator(org), { email: arg(inv, 1, "email"), role, language: "en" }));
    // The server's worker sends the e-mail, with the server's SMTP_URL: the CLI cannot know whether it has one.
    out(
      `${invited.invitation.email} is invited as ${role} of ${org.keyPrefix}; the server e-mails the link if its SMTP_URL is set. The link works once, for 7 days:\n${invited.url}`,
    );
  },

  async "member role"(services, inv, out) {
    await COMMANDS["member add"]!(services, inv, out);
  },

  async "member list"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    for (const m of orFail(await listMembers(services, operator(org)))) out(`${m.email}  ${m.role}`);
  },

  async "member remove"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const u = await user(services, arg(inv, 1, "email"));
    orFail(await removeMember(services, operator(org), u.id), (f) =>
      f.code === "not_found" ? `${u.email} is not a member of ${org.keyPrefix}` : undefined,
    );
    out(`${u.email} removed from ${org.keyPrefix}; their tokens for it are revoked (adding them again revives none)`);
  },

  async "token create"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const u = await user(services, arg(inv, 1, "email"));
    const requested = option(inv, "scopes");
    const scopes: Scope[] | undefined = requested?.split(",").map((s) => pick(s.trim(), SCOPES, "each of --scopes"));
    const days = option(inv, "days");
    if (days !== undefined && !/^\d+$/.test(days)) throw new UsageError("--days must be a whole number");
    const issued = await issueToken(services, operator(org), {
      email: u.email,
      label: option(inv, "label") ?? "personal access token",
      ...(scopes && { scopes }),
      ...(days !== undefined && { days: Number(days) }),
    });
    const token = orFail(issued, (f) => (f.code === "not_found" ? `${u.email} is not a member of ${org.keyPrefix}` : undefined));
    if (inv.options.json) return out(JSON.stringify(token));
    out(`token ${token.id} (${token.scopes.join(" ")}), shown once:\n${token.token}`);
  },

  async "token list"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const when = (t: number | null) => (t === null ? "-" : new Date(t).toISOString());
    for (const t of orFail(await listTokens(services, operator(org), "organization"))) {
      out(
        `${t.id}  ${t.revoked ? "revoked" : "active "}  ${t.holder}  ${t.scopes.join(" ")}  expires=${when(t.expiresAt)}  lastUsed=${when(t.lastUsedAt)}  ${t.label}`,
      );
    }
  },

  async "token revoke"(services, inv, out) {
    const org = await organization(services, arg(inv, 0, "org"));
    const id = arg(inv, 1, "tokenId");
    orFail(await revokeToken(services, operator(org), id), () => `no active token ${id} in ${org.keyPrefix}`);
    out(`token ${id} revoked`);
  },

  ...WEBHOOK_COMMANDS,
  ...PORTAL_COMMANDS,
  ...apiKeyCommands(refuse),
  export: (services, inv, out) => exportCommand(services, inv, out, refuse),
};

async function setChannel(services: Services, inv: Invocation, out: Out, active: boolean): Promise<void> {
  const org = await organization(services, arg(inv, 0, "org"));
  const which = arg(inv, 1, "channel id or key");
  orFail(await setChannelActive(services, operator(org), which, active), () => `no channel ${which} in ${org.keyPrefix}`);
  out(`channel ${which} ${active ? "enabled" : "disabled"}`);
}

const TRACKER_PROVIDERS = ["github", "bridge", "linear", "jira"] as const;

const trackedBy = <T>(tracker: T | null): T => {
  if (!tracker) throw new UsageError("this app has no tracker yet (tracker set …)");
  return tracker;
};

/** `status=State name` pairs, as the command line writes a status mapping. */
function statusPairs(pairs: readonly string[]): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new UsageError(`${pair} is not status=State (e.g. in_development="In Progress")`);
    entries[pair.slice(0, at).trim()] = pair.slice(at + 1);
  }
  return entries;
}

/** The fields one provider is set with, from the command line: configureTracker checks them. */
function trackerFields(provider: (typeof TRACKER_PROVIDERS)[number], inv: Invocation): TrackerFields {
  const given = option(inv, "statuses");
  const named = (name: string) => option(inv, name) ?? "";
  return {
    project: named(PROJECT_FLAGS[provider].slice(2)),
    // A token left out is none: tracker set keeps no token from before.
    token: named("token"),
    site: named("site"),
    email: named("email"),
    url: named("url"),
    apiUrl: option(inv, "api-url"),
    issueType: option(inv, "issue-type"),
    webhookSecret: option(inv, "webhook-secret"),
    ...(given !== undefined && { statuses: statusPairs(given.split(",").filter((p) => p.trim())) }),
  };
}

/** Each option the command line refuses a field by, as it says so: the field's rule is configureTracker's. */
function trackerRefusal(provider: (typeof TRACKER_PROVIDERS)[number], problem: FieldProblem): string | undefined {
  if (provider === "bridge" && (problem.field === "project" || problem.field === "url")) return "a bridge needs --project NAME and --url https://…";
  if (problem.reason === "malformed" || (problem.field === "apiUrl" && problem.reason === "not_url"))
    return MALFORMED[problem.field === "project" ? provider : problem.field];
  if (problem.field === "token" && problem.reason === "missing" && provider !== "bridge") return `--token is required (${TOKEN_HINTS[provider]})`;
  return undefined;
}

const MALFORMED: Readonly<Record<string, string>> = {
  apiUrl: "--api-url must be an http(s) address",
  github: "--repo must be owner/repository",
  linear: "--team must be the team's key, as ENG in ENG-12",
  jira: "--project must be the Jira project's key, as SHOP in SHOP-12",
  site: "--site must be the Jira Cloud site, as acme or acme.atlassian.net",
  email: "--email must be the e-mail of the Atlassian account the token belongs to",
};

/** The options that give Slack's secrets, as their refusals say them. */
const SLACK_FLAGS = { signingSecret: "--signing-secret", botToken: "--bot-token" };

/** The option that names each tracker's project, as its refusal says it. */
const PROJECT_FLAGS = { github: "--repo", bridge: "--project", linear: "--team", jira: "--project" } as const;

const TOKEN_HINTS = {
  github: "a GitHub token that can write issues",
  linear: "a Linear API key, lin_api_…",
  jira: "an Atlassian API token of the --email account",
} as const;

export const USAGE = `usage: retour <command> [arguments] [--options]

  demo [--json]                                  create or find the demo organization; mints fresh tokens (the
                                                 earlier demo tokens stop working) and resets the demo passwords,
                                                 printing both
  org create <name> [--prefix P] [--plan free|growth|enterprise]
  org list
  org plan <org> <plan> [--quota N]              change plan; --quota overrides the monthly quota
  app create <org> <name> [--kind web|ios|android|desktop|api|other] [--description D]
  app list <org>
  app browser <org> <appId> [--origins O,O] [--replay on|off] [--query-params P,P]
                                                 where the app's widget may send from, and what it keeps
  app grouping <org> <appId> auto|review         merge sure duplicates alone (auto), or only suggest them
  channel create <org> <appId> [--kind api|form|widget]
  channel list <org> [appId]
  channel disable|enable <org> <channel id or key>
  features import <org> <appId> <file.json>      replace the feature map from a JSON array
  help import <org> <appId> <files…>             replace the help center from Markdown or JSON files
  tracker set <org> <appId> github --repo owner/name --token T [--webhook-secret S] [--api-url U]
  tracker set <org> <appId> bridge --project NAME --url U [--webhook-secret S]   any other tracker, through a bridge
  tracker set <org> <appId> linear --team KEY --token K [--statuses S] [--webhook-secret S] [--api-url U]
  tracker set <org> <appId> jira --site S --project KEY --email E --token K [--api-url U]
                                                 [--issue-type Task] [--statuses S] [--webhook-secret S]
                                                 asks the tracker about the token (one it refuses saves nothing),
                                                 then prints the webhook address and secret
  tracker statuses <org> <appId> [status=State …]   the Linear or Jira state each status goes to (replaces the
                                                 mapping; with none, prints it); --statuses takes the same, comma-separated
  tracker link <org> <feedbackKey> [issue]        link an existing issue, or open one
  tracker remove <org> <appId>                    the app's feedbacks follow no tracker any more (linked issues stay)
  slack set <org> --signing-secret S --bot-token T [--app <appId>] [--channel C]
            [--kinds problem,idea,praise] [--min-severity P0|P1|P2|P3] [--api-url U]
                                                 connect the organization's Slack app; prints its request URLs
  attach <org> <feedbackKey> <file> [--kind screenshot|replay]   keep a file in the feedback's full context
  user create <email> [--name N] [--password P] [--org <org> --role admin|member|reader]
                                                 prints where to sign in, and a new password when none is given;
                                                 with --org and --role, the person joins that organization, else it
                                                 says they belong to none yet and prints the \`member add\` to run
  user password <email> [--password P]           reset a password (a new one is printed when none is given);
                                                 the person's browsers are signed out
  member add <org> <email> <admin|member|reader>  (also changes the role of a member)
  member role <org> <email> <admin|member|reader>
  member list <org>
  member remove <org> <email>
  invite <org> <email> --role admin|member|reader  a link (single use, 7 days) to choose a name and password and
                                                 join: printed, and e-mailed by the server if its SMTP_URL is set
  token create <org> <email> [--scopes a,b] [--days N (0: never expires)] [--label L] [--json]
                                                 every scope of the person's role by default; one beyond it is refused
  token list <org>
  token revoke <org> <tokenId>
  webhook create <org> <url> [--events a,b]      prints the signing secret once; every event type without --events
  webhook list <org>                             with the last delivery of each
  webhook delete|test|rotate <org> <webhookId>
  portal show <org>                              the public portal's settings
  portal set <org> [--slug S] [--title T] [--posting off|review|open] [--indexing on|off]
             [--brand-color #rrggbb|none] [--labels status=Label,…]
             [--sign-in-url https://…|none]     your sign-in page for single sign-on (return_to added)
  portal enable|disable <org>                    turn the public portal on or off
  portal sso-secret <org>                        create or rotate the SSO secret; prints it once
  portal sign-in-link <org> <email>              prints the link (single use, 15 minutes) the portal's e-mail
                                                 sign-in would send, to sign that person in; nothing is e-mailed
  portal publish <org> <feedbackKey> [--title T] [--description D]
  portal unpublish <org> <feedbackKey>
  api-key create <org> <name> [--scopes feedbacks:read,feedbacks:write,reports:write] [--json]
                                                 an organization API key, printed once
  api-key list <org>                             with when each was last used
  api-key revoke <org> <keyId>                   cut at once
  export <org> [--format csv|jsonl] [--out FILE] [--status S] [--kind K] [--severity P] [--appId A] [--featureId F]
         [--query Q] [--owner none|E] [--tag T] [--sort S]
                                                 every matching feedback, as GET /v1/feedbacks/export; its progress
                                                 on standard error (a line a tenth when not a terminal)
  migrate --from sqlite --to mongodb             copies DATA_DIR's store into MONGODB_URI, with progress; resumable
  compact                                        gives the embedded store's free pages back to the disk (VACUUM);
                                                 stop the servers first: it refuses while one runs
  secret-key reset --yes                         when the store's key is lost: the store takes this process's key
                                                 (SECRET_KEY or DATA_DIR/secret.key); stop the servers first;
                                                 prints what to give again
  backup <dir>                                   writes the embedded store, its attachments and its secret key
                                                 into a new directory, while the servers run

<org> is an organization id or its key prefix (e.g. DEMO).`;
