import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { groupingText, reportGroupingText } from "../../core/grouping/compare.ts";
import { initialTitle } from "../../core/report/title.ts";
import type { ReportRecord } from "../../core/model.ts";
import type { NormalizedReport } from "../../core/report/normalize.ts";

const record = (report: NormalizedReport) => ({ report }) as ReportRecord;

describe("the grouping text of a report", () => {
  test("is the grouping text of the new feedback the report makes, with the title drawn from its message", () => {
    const report: NormalizedReport = { kind: "problem", message: "Search finds nothing. Since 2.3, every query.", author: {} };
    assert.equal(reportGroupingText(report), groupingText({ title: initialTitle(report) }, [record(report)]));
    assert.equal(reportGroupingText(report), "Search finds nothing\nSearch finds nothing. Since 2.3, every query.");
  });

  test("takes the title the report gives, when it gives one", () => {
    const report: NormalizedReport = { kind: "idea", title: "Dark mode", message: "Please add a dark theme.", author: {} };
    assert.equal(reportGroupingText(report), "Dark mode\nPlease add a dark theme.");
  });
});
