import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { titleShownTo } from "../../core/feedback/shown-title.ts";
import type { ReportRecord } from "../../core/model.ts";

const feedback = { title: "Order 4471 for Acme: invoices are blank" };
const report = (id: string, title?: string): Pick<ReportRecord, "id" | "report"> => ({
  id,
  report: { kind: "problem", message: "The invoices page is blank", author: {}, ...(title !== undefined && { title }) },
});
const unpublished = { publication: undefined, broughtIn: new Set(["r-bob", "r-cleo"]) };

describe("the title a feedback shows a person outside the team", () => {
  test("published, it is the public title the team wrote, for everyone", () => {
    const published = { ...unpublished, publication: { title: "Blank invoices" } };
    for (const reports of [[report("r-ana")], [report("r-bob", "Mine")], []])
      assert.equal(titleShownTo(feedback, published, { reports }), "Blank invoices");
  });

  test("before, the reporter it was made from and the team read its title", () => {
    assert.equal(titleShownTo(feedback, unpublished, { reports: [report("r-ana")] }), feedback.title);
    assert.equal(titleShownTo(feedback, unpublished, { reports: [report("r-bob"), report("r-ana")] }), feedback.title);
    assert.equal(titleShownTo(feedback, unpublished, { reports: [], member: true }), feedback.title);
  });

  test("another reporter reads their own report's title, or none; a voter reads none", () => {
    assert.equal(titleShownTo(feedback, unpublished, { reports: [report("r-cleo", " Blank  invoices ")] }), "Blank invoices");
    assert.equal(titleShownTo(feedback, unpublished, { reports: [report("r-bob", "  ")] }), null);
    assert.equal(titleShownTo(feedback, unpublished, { reports: [report("r-bob")] }), null);
    assert.equal(titleShownTo(feedback, unpublished, { reports: [] }), null);
  });
});
