import type { Role, Scope } from "../../core/model.ts";
import { addChannel, createApp, importFeatures, importHelpArticles } from "../../core/use-cases/manage-catalog.ts";
import { ROLE_SCOPES } from "../../core/model.ts";
import type { Services } from "../../core/services.ts";
import type { FeatureDefinition } from "../../core/schemas/catalog.ts";
import { mintToken } from "../../core/use-cases/mint-token.ts";

const DEMO_PREFIX = "DEMO";
const DEMO_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

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

/** Creates the demo organization once; later calls find it. Returns whether it was created. */
async function ensureOrganization(services: Services): Promise<{ orgId: string; created: boolean }> {
  const { store, ids } = services;
  const existing = await store.findOrganization(DEMO_PREFIX);
  if (existing) return { orgId: existing.id, created: false };
  const orgId = ids.id();
  await store.createOrganization({ id: orgId, name: "Demo", keyPrefix: DEMO_PREFIX, plan: "enterprise", quotaOverride: null });
  const app = await createApp(services, orgId, { name: "Demo app", kind: "web", description: "The app the demo reports are about." });
  for (const kind of ["api", "form", "widget"] as const) await addChannel(services, app, kind);
  await store.setChannelActive(orgId, (await addChannel(services, app, "api")).id, false);
  await importFeatures(services, app, FEATURES);
  await importHelpArticles(services, app, HELP);
  for (const name of Object.keys(USERS) as Array<keyof typeof USERS>) {
    const userId = ids.id();
    await store.createUser({ id: userId, email: `${name}@demo.test`, name: `Demo ${name}` });
    await store.setMembership(orgId, userId, USERS[name]);
  }
  return { orgId, created: true };
}

/** The demo organization with fresh tokens; creates it on first use. */
export async function demo(services: Services): Promise<DemoInfo & { created: boolean }> {
  const { store } = services;
  const { orgId, created } = await ensureOrganization(services);
  const app = (await store.listApps(orgId))[0]!;
  const channels = await store.listChannels(orgId, app.id);
  const key = (kind: string, active: boolean) => channels.find((c) => c.kind === kind && c.active === active)?.key ?? "";
  const members = await store.listMembers(orgId);
  const mint = async (role: keyof typeof USERS, scopes: readonly Scope[], label: string) => {
    const member = members.find((m) => m.email === `${role}@demo.test`)!;
    return (await mintToken(services, { orgId, userId: member.userId, scopes, label, ttlMs: DEMO_TOKEN_TTL_MS })).token;
  };
  // Fresh passwords at each call, so the printed ones are always the ones that work.
  const users = {} as DemoInfo["users"];
  for (const role of Object.keys(USERS) as Array<keyof typeof USERS>) {
    const member = members.find((m) => m.email === `${role}@demo.test`)!;
    const password = services.ids.secret().slice(0, 16);
    await store.setPassword(member.userId, await services.passwords.hash(password));
    users[role] = { email: member.email, password };
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
      admin: await mint("admin", ROLE_SCOPES.admin, "demo admin"),
      member: await mint("member", ROLE_SCOPES.member, "demo member"),
      reader: await mint("reader", ROLE_SCOPES.reader, "demo reader"),
      readOnly: await mint("admin", ["feedbacks:read"], "demo read-only"),
    },
    users,
  };
}
