import type { Diagnostic, FeatureRecord, ReportRecord } from "../model.ts";

const iso = (at: number): string => new Date(at).toISOString();

/** What the widget captured with the latest report that carries a capture, times as ISO 8601. */
function captured(reports: readonly ReportRecord[]): Record<string, unknown> {
  const context = reports.findLast((r) => r.report.context)?.report.context;
  if (!context) return {};
  const { console, network, breadcrumbs, ...rest } = context;
  return {
    ...rest,
    ...(console?.length && { console: console.map((c) => ({ ...c, at: iso(c.at) })) }),
    ...(network?.length && { network: network.map((n) => ({ ...n, at: iso(n.at) })) }),
    ...(breadcrumbs?.length && { breadcrumbs: breadcrumbs.map((b) => ({ ...b, at: iso(b.at) })) }),
  };
}

/**
 * The add-on's debugging context from what the service holds. A member with no data is left
 * out. The widget's capture (page, browser, system, screen, console, network, breadcrumbs and the
 * host page's metadata) comes from the latest report that has one.
 */
export function fullContext(
  reports: readonly ReportRecord[],
  feature: FeatureRecord | undefined,
  diagnostic: Diagnostic | undefined,
): Record<string, unknown> {
  const conversation = reports.flatMap((r) => r.conversation);
  const url = reports.find((r) => r.report.url)?.report.url;
  return {
    ...(diagnostic && { diagnostic }),
    ...(feature && {
      feature: {
        id: feature.id,
        path: feature.path,
        ...(feature.code && { code: feature.code }),
        ...(feature.cues && { need: feature.cues.join(", ") }),
      },
    }),
    ...(conversation.length > 0 && {
      qualification: conversation.map((t) => ({ role: t.role, text: t.text, at: iso(t.at) })),
    }),
    ...(url && { page: { url } }),
    ...captured(reports),
  };
}
