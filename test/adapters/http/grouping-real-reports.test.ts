import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import slice from "../../fixtures/gitbugs-slice.json";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

describe("grouping on real reports (a GitBugs slice: templated site reports, version upgrades, labelled duplicates)", () => {
  test("posted in arrival order, no automatic merge joins reports the trackers keep distinct", async () => {
    const groupOfKey = new Map<string, string>();
    for (const report of slice.reports) {
      const posted = await http.request("POST", "/v1/reports", {
        body: { publicKey: http.demo.publicKey, kind: "problem", title: report.title, message: report.text },
      });
      expect(posted.status).toBe(201);
      groupOfKey.set(posted.body.ticketId, report.group);
      // The grouping job of each report runs before the next arrives, as on a quiet server.
      expect(await http.runJobs()).toBeGreaterThan(0);
    }
    const merged: Array<[string, string]> = [];
    for (const key of groupOfKey.keys()) {
      const read = await http.request("GET", `/v1/feedbacks/${key}`, { token: http.demo.tokens.reader });
      if (read.body.mergedInto) merged.push([key, read.body.mergedInto]);
    }
    const wrong = merged.filter(([key, into]) => groupOfKey.get(key) !== groupOfKey.get(into));
    expect(wrong).toEqual([]);
    // Some duplicates in the slice are certain enough to merge on their own.
    expect(merged.length).toBeGreaterThan(0);
  });
});
