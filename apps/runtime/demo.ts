import { setBrowserCollection } from "../../core/apps/set-browser-collection.ts";
import { addChannel } from "../../core/apps/add-channel.ts";
import { createApp } from "../../core/apps/create-app.ts";
import { importFeatures } from "../../core/apps/import-features.ts";
import { importHelpArticles } from "../../core/apps/import-help-articles.ts";
import { type AppSetup, listAppSetup } from "../../core/apps/list-app-setup.ts";
import { setChannelActive } from "../../core/apps/set-channel-active.ts";
import { operatorGrant } from "../../core/authorization.ts";
import type { Result } from "../../core/errors.ts";
import { listMembers } from "../../core/members/list-members.ts";
import { addMember } from "../../core/members/add-member.ts";
import { ROLE_SCOPES } from "../../core/authorization.ts";
import type { Role, Scope } from "../../core/model.ts";
import { createOrganization } from "../../core/organizations/create-organization.ts";
import { findOrganization } from "../../core/organizations/find-organization.ts";
import type { FeatureDefinition } from "../../core/schemas/catalog.ts";
import type { Services } from "../../core/services.ts";
import { issueToken } from "../../core/tokens/issue-token.ts";
import { listTokens } from "../../core/tokens/list-tokens.ts";
import { revokeToken } from "../../core/tokens/revoke-token.ts";
import { createUser } from "../../core/users/create-user.ts";
import { setPassword } from "../../core/users/set-password.ts";

const DEMO_PREFIX = "DEMO";
const DEMO_TOKEN_DAYS = 30;

const FEATURES: ReadonlyArray<FeatureDefinition & { id: string }> = [
  {
    id: "feat-checkout",
    name: "Checkout",
    path: "checkout",
    kind: "flow",
    severityFloor: "P1",
    cues: ["pay", "cart", "order", "panier", "commande"],
    code: [{ path: "src/checkout/flow.ts" }],
  },
  {
    id: "feat-checkout-payment",
    name: "Payment",
    path: "checkout/payment",
    kind: "component",
    severityFloor: "P0",
    cues: ["card", "payment", "carte", "paiement"],
    code: [{ path: "src/checkout/payment.ts", symbol: "charge" }],
  },
  { id: "feat-search", name: "Search", path: "search", kind: "page", cues: ["search", "find", "recherche"], code: [{ path: "src/search/index.ts" }] },
  {
    id: "feat-account",
    name: "Account settings",
    path: "account/settings",
    kind: "page",
    severityFloor: "P3",
    cues: ["password", "profile", "mot de passe"],
  },
];

const HELP = [
  {
    title: "Turn on two-factor authentication",
    url: "https://help.retour.example/two-factor",
    body: "Open Account settings, then Security, and choose Turn on two-factor authentication. Scan the QR code with an authenticator app and enter the six-digit code it shows.\n\nIf codes are refused, check that your phone's clock is set automatically: authenticator codes depend on the time.",
  },
  {
    title: "Change the language of the app",
    url: "https://help.retour.example/language",
    body: "Open Account settings, then Preferences, and pick a language in the Language list. The change applies at once, without signing out.",
  },
];

const USERS: Readonly<Record<"admin" | "member" | "reader", Role>> = { admin: "admin", member: "member", reader: "reader" };

/** The label of each token the demo mints: how a later call finds the ones it replaces. */
const TOKEN_LABELS = { admin: "demo admin", member: "demo member", reader: "demo reader", readOnly: "demo read-only" } as const;
const DEMO_LABELS: readonly string[] = Object.values(TOKEN_LABELS);

export interface DemoInfo {
  orgId: string;
  appId: string;
  publicKey: string;
  formKey: string;
  widgetKey: string;
  inactiveKey: string;
  featureId: string;
  tokens: { admin: string; member: string; reader: string; readOnly: string };
  users: Record<keyof typeof USERS, { email: string; password: string }>;
}

/** The value of a use case that cannot refuse the operator here; a refusal is a bug. */
function surely<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`demo set-up refused: ${result.code}`);
  return result.value;
}

const DEMO_ORIGIN = "http://localhost:5173";

/** Creates the demo organization once; later calls find it. Returns whether it was created. */
async function ensureOrganization(services: Services): Promise<{ orgId: string; created: boolean }> {
  const existing = await findOrganization(services, DEMO_PREFIX);
  if (existing) return { orgId: existing.id, created: false };
  const { id: orgId } = surely(await createOrganization(services, { name: "Demo", keyPrefix: DEMO_PREFIX, plan: "enterprise" }));
  const grant = operatorGrant(orgId);
  const app = surely(await createApp(services, grant, { name: "Demo app", kind: "web", description: "The app the demo reports are about." }));
  for (const kind of ["api", "form", "widget"] as const) surely(await addChannel(services, grant, app.id, kind));
  // The widget can be tried at once from a page on a local development server.
  surely(await setBrowserCollection(services, grant, app.id, { origins: [DEMO_ORIGIN], replay: true }));
  surely(await setChannelActive(services, grant, surely(await addChannel(services, grant, app.id, "api")).id, false));
  surely(await importFeatures(services, grant, app.id, FEATURES));
  surely(await importHelpArticles(services, grant, app.id, HELP));
  for (const name of Object.keys(USERS) as Array<keyof typeof USERS>) {
    const email = `${name}@demo.test`;
    const created = await createUser(services, { email, name: `Demo ${name}` });
    if (!created.ok && created.code !== "user_exists") surely(created);
    surely(await addMember(services, grant, email, USERS[name]));
  }
  return { orgId, created: true };
}

/** The demo organization with fresh tokens, which replace those of earlier calls; creates it on first use. */
export async function demo(services: Services): Promise<DemoInfo & { created: boolean }> {
  const { orgId, created } = await ensureOrganization(services);
  const grant = operatorGrant(orgId);
  const [{ app, channels }] = surely(await listAppSetup(services, grant)) as [AppSetup];
  const key = (kind: string, active: boolean) => channels.find((c) => c.kind === kind && c.active === active)?.key ?? "";
  const members = surely(await listMembers(services, grant));
  // Each call replaces the tokens the earlier ones printed, so runs never pile up live tokens.
  const earlier = surely(await listTokens(services, grant, "organization")).filter(
    (t) => !t.revoked && DEMO_LABELS.includes(t.label) && t.holder.endsWith("@demo.test"),
  );
  for (const token of earlier) surely(await revokeToken(services, grant, token.id));
  const mint = async (role: keyof typeof USERS, scopes: readonly Scope[], label: string) =>
    surely(await issueToken(services, grant, { email: `${role}@demo.test`, scopes, label, days: DEMO_TOKEN_DAYS })).token;
  // Fresh passwords at each call, so the printed ones are always the ones that work.
  const users = {} as DemoInfo["users"];
  for (const role of Object.keys(USERS) as Array<keyof typeof USERS>) {
    const member = members.find((m) => m.email === `${role}@demo.test`)!;
    const { generated } = surely(await setPassword(services, member.userId));
    users[role] = { email: member.email, password: generated! };
  }
  return {
    created,
    orgId,
    appId: app.id,
    publicKey: key("api", true),
    formKey: key("form", true),
    widgetKey: key("widget", true),
    inactiveKey: key("api", false),
    featureId: FEATURES[0]!.id,
    tokens: {
      admin: await mint("admin", ROLE_SCOPES.admin, TOKEN_LABELS.admin),
      member: await mint("member", ROLE_SCOPES.member, TOKEN_LABELS.member),
      reader: await mint("reader", ROLE_SCOPES.reader, TOKEN_LABELS.reader),
      readOnly: await mint("admin", ["feedbacks:read"], TOKEN_LABELS.readOnly),
    },
    users,
  };
}
