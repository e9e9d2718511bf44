import type { Diagnostic, FeatureRecord, ReportRecord } from "../model.ts";

/**
 * The add-on's debugging context from what the service holds. A member with no data is left
 * out; browser telemetry members appear once a channel that carries them exists.
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
      qualification: conversation.map((t) => ({ role: t.role, text: t.text, at: new Date(t.at).toISOString() })),
    }),
    ...(url && { page: { url } }),
  };
}
