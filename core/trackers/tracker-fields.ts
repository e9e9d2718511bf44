import { invalid, ok, type Result } from "../errors.ts";
import type { TrackerSettings } from "../ports.ts";
import { readStatusMapping } from "./status-mapping.ts";

/**
 * A tracker's settings as a person gives them, in tracker set's options or the web form's fields:
 * text, checked and written in the tracker's own form by `readTrackerFields`.
 */
export interface TrackerFields {
  /** GitHub: owner/repository; Linear: the team's key; Jira: the project's key; a bridge: any name. */
  readonly project?: string;
  /** Absent, the one the tracker has is kept (the web form's blank field); given empty, there is none. */
  readonly token?: string;
  /** Jira Cloud: the site (acme or acme.atlassian.net), and the e-mail of the account the token belongs to. */
  readonly site?: string;
  readonly email?: string;
  readonly issueType?: string;
  /** API address, for GitHub Enterprise or a test server. */
  readonly apiUrl?: string;
  /** A bridge's address, where its issues go. */
  readonly url?: string;
  readonly webhookSecret?: string;
  /** The state each status goes to, by status, as readStatusMapping reads them. */
  readonly statuses?: Readonly<Record<string, string>>;
}

/** Settings read from the fields, to be stored: without a token, the one the tracker has; without a webhook secret, the one it has or a new one. */
type ReadFields = Omit<TrackerSettings, "token" | "webhookSecret"> & { readonly token?: string; readonly webhookSecret?: string };

const isHttp = (address: string) => /^https?:\/\//.test(address);

/**
 * The settings one provider needs, from the fields, or the first field refused. The checks run in
 * the order tracker set has always said them: the API address, the mapping, the token, the project.
 */
export function readTrackerFields(provider: string, fields: TrackerFields): Result<ReadFields> {
  const { apiUrl, token, webhookSecret } = fields;
  if (apiUrl && !isHttp(apiUrl)) return invalid("invalid_body", { field: "apiUrl", reason: "not_url" });
  const statuses = fields.statuses === undefined ? undefined : readStatusMapping(fields.statuses);
  if (statuses && !statuses.ok) return statuses;
  const secret = webhookSecret ? { webhookSecret } : {};
  if (provider === "bridge") {
    const { project, url } = fields;
    if (!project) return invalid("invalid_body", { field: "project", reason: "missing" });
    if (!url || !isHttp(url)) return invalid("invalid_body", { field: "url", reason: "not_url" });
    return ok({ project, token: "", apiUrl: url, ...secret });
  }
  if (token === "") return invalid("invalid_body", { field: "token", reason: "missing" });
  const common = { ...(token && { token }), ...secret, ...(apiUrl && { apiUrl }), ...(statuses && { statuses: statuses.value }) };
  const project = fields.project ?? "";
  if (provider === "github")
    return /^[\w.-]+\/[\w.-]+$/.test(project) ? ok({ project, ...common }) : invalid("invalid_body", { field: "project", reason: "malformed" });
  if (provider === "linear")
    return /^[A-Za-z0-9]+$/.test(project)
      ? ok({ project: project.toUpperCase(), ...common })
      : invalid("invalid_body", { field: "project", reason: "malformed" });
  return provider === "jira" ? readJira(fields, common) : ok({ project, ...common });
}

/** Jira Cloud's fields: the site, written as acme or its address, the project's key, and the token's account. */
function readJira(fields: TrackerFields, common: Omit<ReadFields, "project">): Result<ReadFields> {
  // Trailing slashes from a run's first only: tried from each, a long run is read again to its end, its length squared.
  const site = (fields.site ?? "")
    .replace(/^https?:\/\//, "")
    .replace(/(?<!\/)\/+$/, "")
    .toLowerCase();
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(site)) return invalid("invalid_body", { field: "site", reason: "malformed" });
  const project = fields.project ?? "";
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(project)) return invalid("invalid_body", { field: "project", reason: "malformed" });
  const email = fields.email ?? "";
  if (!email.includes("@")) return invalid("invalid_body", { field: "email", reason: "malformed" });
  return ok({
    project: project.toUpperCase(),
    site: site.includes(".") ? site : `${site}.atlassian.net`,
    email,
    ...(fields.issueType && { issueType: fields.issueType }),
    ...common,
  });
}
