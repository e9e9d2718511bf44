import type { ReportCount } from "../trends/trends.ts";

/** What the trends page counts. */
export interface TrendStore {
  /**
   * The reports an app received in [from, to) (whole UTC days), counted per day, kind of their
   * feedback and its feature. A report counts for the feedback that holds it now. Its cost follows
   * the days asked for, not the reports stored.
   */
  countReportsByDay(orgId: string, appId: string, from: number, to: number): Promise<ReportCount[]>;
}
