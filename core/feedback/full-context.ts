import type { Attachment, Diagnostic, FeatureRecord, ReportRecord } from "../model.ts";

const iso = (at: number): string => new Date(at).toISOString();

/** A signed link to an attachment, valid until `expiresAt` (ISO 8601). */
interface SignedLink {
  readonly url: string;
  readonly expiresAt: string;
}

/** The signed links to the files one report carries: its latest screenshot and replay. */
export type ReportLinks = Partial<Record<Attachment["kind"], SignedLink>>;

/** What the widget captured with one report, times as ISO 8601. */
function captured(report: ReportRecord): Record<string, unknown> {
  const context = report.report.context;
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
 * What one report carried, as `fullContext` members (page, browser, system, screen, console,
 * network, breadcrumbs, metadata, screenshot, replay), from that report alone: its address when
 * the widget named no page, its capture, and its files. A member with no data is left out.
 */
function browserMembers(report: ReportRecord, links: ReportLinks): Record<string, unknown> {
  return {
    ...(report.report.url && { page: { url: report.report.url } }),
    ...captured(report),
    ...links,
  };
}

/** The `fullContext` members of one report alone: its qualification conversation and what it carried. */
export function reportContext(report: ReportRecord, links: ReportLinks): Record<string, unknown> {
  return {
    ...(report.conversation.length > 0 && {
      qualification: report.conversation.map((t) => ({ role: t.role, text: t.text, at: iso(t.at) })),
    }),
    ...browserMembers(report, links),
  };
}

/**
 * The add-on's debugging context of a feedback from what the service holds. A member with no data
 * is left out. The browser members all come from one report, the latest that has any, named by
 * `reportId`, so that the page, the screen, the errors and the screenshot tell one story.
 */
export function fullContext(
  reports: readonly ReportRecord[],
  links: ReadonlyMap<string, ReportLinks>,
  feature: FeatureRecord | undefined,
  diagnostic: Diagnostic | undefined,
): Record<string, unknown> {
  const conversation = reports.flatMap((r) => r.conversation);
  const browser = reports
    .map((r) => ({ reportId: r.id, members: browserMembers(r, links.get(r.id) ?? {}) }))
    .findLast((r) => Object.keys(r.members).length > 0);
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
    ...(browser && { ...browser.members, reportId: browser.reportId }),
  };
}
