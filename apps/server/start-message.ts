import type { DemoInfo } from "../runtime/demo.ts";

/**
 * Where people and agents find the service, and which addresses count as its own. With BASE_URL set,
 * that address is the proxy's, so the port the server itself listens on is said too: the proxy's target.
 */
export function startMessage(address: string, aliases: readonly string[], port: number): string {
  const also =
    aliases.length > 0
      ? `It also answers as ${aliases.join(" and ")} (BASE_URL is not set; set it to the address people use).`
      : `Only this address is its own (BASE_URL).\nThe server itself listens on port ${port} of every interface, over plain http: a reverse proxy in front forwards there.`;
  return `
Retour is running at ${address}. ${also}
  Web app:  ${address}/login
  MCP:      ${address}/mcp (agents sign in with OAuth)
  API docs: ${address}/openapi.json
`;
}

/** What the first start tells: how to sign in, send a first report and read it; the demo command gives fresh secrets, which replace these. */
export function firstStartMessage(baseUrl: string, info: DemoInfo): string {
  return `Demo organization created. Sign in to the web app as ${info.users.admin.email} with the password ${info.users.admin.password}
(every demo account with fresh passwords, which replace these: npm run cli -- demo). Send a first report:

  curl -s -X POST ${baseUrl}/v1/reports -H 'content-type: application/json' \\
    -d '{"publicKey":"${info.publicKey}","kind":"problem","message":"The checkout button does nothing on Safari"}'

Then read it with the admin token:

  curl -s ${baseUrl}/v1/feedbacks -H 'authorization: Bearer ${info.tokens.admin}'

More keys and tokens (fresh ones, which replace these): npm run cli -- demo --json
`;
}

/**
 * What the first start without the demo (DEMO=false) tells: how to make the first organization and
 * its admin, with the DATA_DIR the server was given (from another directory, the CLI would make a
 * store of its own in ./data), and what comes next: an app with a channel, so that reports can come.
 */
export function emptyStartMessage(baseUrl: string, dataDir: string | undefined): string {
  const cli = `${dataDir ? `DATA_DIR='${dataDir.replaceAll("'", "'\\''")}' ` : ""}npm run cli --`;
  return `No organization yet (DEMO=false). Create the first one and its Admin (user create prints how they sign in):

  ${cli} org create "Acme" --prefix ACME --plan enterprise
  ${cli} user create admin@acme.example --name "Ada Admin" --org ACME --role admin

(--plan enterprise: no monthly quota, and each report's full context. Without it, an organization
is on the free plan: 100 reports a month, without the context. org plan ACME <plan> changes it.)

Then sign in at ${baseUrl}/login and add the first app in Settings → Apps, with a channel for its
reports (or: ${cli} app create ACME "Shop", then channel create ACME <appId> --kind api|form|widget).
`;
}
