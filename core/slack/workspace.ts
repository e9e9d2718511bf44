import type { SlackConnection } from "../store/slack.ts";

/** The workspace a request from Slack comes from, as its body names it, and its Enterprise Grid organization (empty when none). */
export interface SlackWorkspace {
  readonly teamId: string;
  readonly enterpriseId: string;
}

/**
 * Whether a request signed with the organization's signing secret comes from the workspace its
 * bot token was installed in. Slack gives an app one signing secret for every workspace it is
 * installed in: the signature says the request is the app's, not that it is this organization's.
 * Installed on a whole Enterprise Grid organization, every workspace of it is the app's; a
 * connection that does not know its workspace (saved before it was kept) takes any.
 */
export function fromConnectedWorkspace(connection: Pick<SlackConnection, "teamId" | "enterpriseId">, workspace: SlackWorkspace): boolean {
  if (connection.teamId) return workspace.teamId === connection.teamId;
  if (connection.enterpriseId) return workspace.enterpriseId === connection.enterpriseId;
  return true;
}
