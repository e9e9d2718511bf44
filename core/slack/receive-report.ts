import type { AppRecord } from "../model.ts";
import { MESSAGE_MAX_LENGTH } from "../schemas/report.ts";
import { codePoints } from "../schemas/text.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { JobQueue } from "../store/jobs.ts";
import type { SlackConnection } from "../store/slack.ts";
import { type SlackSecretDeps, slackAccess } from "./connect-slack.ts";
import { appPicker } from "./messages.ts";
import { kindAndMessage, type SlackReportRequest } from "./slack-request.ts";
import { fromConnectedWorkspace, type SlackWorkspace } from "./workspace.ts";

/** What receiving a report from Slack reads and calls. */
type ReceiveSlackReportDeps = SlackSecretDeps &
  Pick<Services, "clock" | "slack"> & { readonly store: Pick<CatalogStore, "listApps"> & Pick<JobQueue, "queueJob"> };

/**
 * What Slack is answered at once: the report is on its way, the dialog to pick its app is open, or
 * there is nothing to send it to (or it comes from a workspace the organization did not connect).
 */
type SlackReceipt = "queued" | "picking" | "other_workspace" | "no_text" | "too_long" | "no_app" | "no_dialog";

/** The app a report goes to: the one picked, else the organization's default, else its only app. */
function targetApp(apps: readonly AppRecord[], connection: SlackConnection, picked: string | undefined): AppRecord | "pick" | null {
  const chosen = picked ?? connection.appId;
  if (chosen) return apps.find((a) => a.id === chosen) ?? null;
  if (apps.length === 1) return apps[0]!;
  return apps.length > 1 ? "pick" : null;
}

/**
 * A command or shortcut from Slack, within its three seconds: the report is queued (the job asks
 * Slack who wrote it and where, records it, and answers through the response_url); with several
 * apps and no default, the dialog that asks which opens first (its trigger lives three seconds).
 * One from another workspace of the app is refused: nothing is queued, no dialog opens.
 */
export async function receiveSlackReport(
  services: ReceiveSlackReportDeps,
  connection: SlackConnection,
  request: SlackReportRequest,
  from: SlackWorkspace,
): Promise<SlackReceipt> {
  if (!fromConnectedWorkspace(connection, from)) return "other_workspace";
  const { message } = kindAndMessage(request.text);
  if (!message) return "no_text";
  if (codePoints(message) > MESSAGE_MAX_LENGTH) return "too_long";
  const apps = await services.store.listApps(connection.orgId);
  const app = targetApp(apps, connection, request.appId);
  if (!app) return "no_app";
  if (app === "pick") {
    // The trigger lives three seconds: a dialog Slack did not open now will not open later.
    const opened = await services.slack.openView(await slackAccess(services, connection), request.triggerId, appPicker(apps, request)).then(
      () => true,
      () => false,
    );
    return opened ? "picking" : "no_dialog";
  }
  await services.store.queueJob(
    { kind: "slack_report", orgId: connection.orgId, feedbackId: "", detail: JSON.stringify({ ...request, appId: app.id }) },
    services.clock(),
  );
  return "queued";
}
