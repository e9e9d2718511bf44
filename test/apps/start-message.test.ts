import { expect, test } from "bun:test";
import type { DemoInfo } from "../../apps/runtime/demo.ts";
import { emptyStartMessage, firstStartMessage } from "../../apps/server/start-message.ts";

const info: DemoInfo = {
  orgId: "org_1",
  appId: "app_1",
  publicKey: "pk_demo",
  formKey: "fk_demo",
  widgetKey: "wk_demo",
  inactiveKey: "pk_inactive",
  featureId: "feat_1",
  tokens: { admin: "rt_admin", member: "rt_member", reader: "rt_reader", readOnly: "rt_read_only" },
  users: {
    admin: { email: "admin@demo.example", password: "first-password" },
    member: { email: "member@demo.example", password: "p2" },
    reader: { email: "reader@demo.example", password: "p3" },
  },
};

test("the first start names the admin's password, and says the demo command prints fresh passwords that replace it", () => {
  const message = firstStartMessage("http://localhost:3000", info);
  expect(message).toContain("Sign in to the web app as admin@demo.example with the password first-password");
  expect(message).toContain("(every demo account with fresh passwords, which replace these: npm run cli -- demo)");
  expect(message).toContain("More keys and tokens (fresh ones, which replace these): npm run cli -- demo --json");
});

test("a first start without the demo gives the CLI commands with the server's DATA_DIR, quoted for the shell, when one was set", () => {
  expect(emptyStartMessage("http://localhost:3000", undefined)).toContain('\n  npm run cli -- org create "Acme" --prefix ACME --plan enterprise\n');
  expect(emptyStartMessage("http://localhost:3000", "/srv/retour's data")).toContain(
    `\n  DATA_DIR='/srv/retour'\\''s data' npm run cli -- user create admin@acme.example --name "Ada Admin" --org ACME --role admin\n`,
  );
});

test("a first start without the demo says what the plan given changes, and what an organization without one gets", () => {
  expect(emptyStartMessage("http://localhost:3000", undefined)).toContain(
    "(--plan enterprise: no monthly quota, and each report's full context. Without it, an organization\nis on the free plan: 100 reports a month, without the context.",
  );
});

test("a first start without the demo says what comes after the Admin: signing in, and an app with a channel for its reports", () => {
  const message = emptyStartMessage("https://feedback.acme.example", undefined);
  expect(message).toContain("Then sign in at https://feedback.acme.example/login and add the first app in Settings → Apps");
  expect(message).toContain('npm run cli -- app create ACME "Shop", then channel create ACME <appId> --kind api|form|widget');
});
