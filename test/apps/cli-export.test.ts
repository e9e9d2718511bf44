import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "../../apps/cli/commands.ts";
import { exportCommand, progressReporter, standardSinks } from "../../apps/cli/export.ts";
import { inProcess, type InProcess } from "../support/in-process.ts";
import { scratchDir } from "../support/scratch.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
  for (let i = 0; i < 3; i++) {
    await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message: `CLI export probe number ${i}` } });
  }
});
afterAll(() => http.close());

const refuse = (message: string): never => {
  throw new UsageError(message);
};

describe("cli export", () => {
  test("writes every matching feedback to the file, with a progress bar on standard error that ends at the total", async () => {
    const path = join(scratchDir("cli-export"), "feedbacks.csv");
    const progress: Array<[number, number, boolean]> = [];
    const printed: string[] = [];
    const sinks = { file: standardSinks.file, progress: (done: number, total: number, last: boolean) => void progress.push([done, total, last]) };
    await exportCommand(
      http.services,
      { args: ["DEMO"], options: { out: path, format: "csv", status: "all" } },
      (l) => void printed.push(l),
      refuse,
      sinks,
    );
    const rows = readFileSync(path, "utf8").trimEnd().split("\r\n");
    expect(rows[0]).toBe("key,title,kind,status,severity,app,feature,reports,votes,owner,tags,createdAt,lastActivityAt,url");
    expect(rows.length).toBe(4);
    expect([progress[0], progress.at(-1)]).toEqual([
      [0, 3, false],
      [3, 3, true],
    ]);
    expect(printed).toEqual([`3 feedbacks written to ${path}`]);
  });

  test("on a terminal the progress is one bar drawn over itself and ended by a newline; elsewhere a line at the start, each tenth and the end", () => {
    const shown = (terminal: boolean) => {
      const written: string[] = [];
      const progress = progressReporter((text) => void written.push(text), terminal);
      for (let done = 0; done <= 2000; done += 100) progress(done, 2000, false);
      progress(2000, 2000, true);
      return written.join("");
    };
    const bar = (done: number) => `[${"#".repeat(Math.round((30 * done) / 2000)).padEnd(30)}] ${done.toLocaleString("en")} / 2,000`;
    expect(shown(true)).toBe(`${Array.from({ length: 21 }, (_, i) => `\r${bar(i * 100)}`).join("")}\r${bar(2000)}\n`);
    expect(shown(false)).toBe(Array.from({ length: 11 }, (_, i) => `${bar(i * 200)}\n`).join(""));
  });

  test("a filter the list would refuse is a usage error naming the option and what it takes", async () => {
    const sinks = { file: () => new WritableStream<Uint8Array>(), progress: () => {} };
    await expect(exportCommand(http.services, { args: ["DEMO"], options: { format: "xlsx" } }, () => {}, refuse, sinks)).rejects.toThrow(
      new UsageError("--format: expected one of csv, jsonl."),
    );
    await expect(exportCommand(http.services, { args: ["NOPE"], options: {} }, () => {}, refuse, sinks)).rejects.toThrow("no organization");
    // The CLI acts for the organization, no one in it: --owner me says so.
    await expect(exportCommand(http.services, { args: ["DEMO"], options: { owner: "me" } }, () => {}, refuse, sinks)).rejects.toThrow(
      "owner: me names the person a token or an agent acts for, and an API key or the CLI acts for no one: give a member's e-mail.",
    );
  });

  test("an --out in a directory that does not exist, or that is a directory, is one line naming it, before any work", async () => {
    const sinks = { file: standardSinks.file, progress: () => {} };
    const missing = join(scratchDir("cli-export"), "nowhere", "x.csv");
    await expect(exportCommand(http.services, { args: ["DEMO"], options: { out: missing } }, () => {}, refuse, sinks)).rejects.toThrow(
      new UsageError(`cannot write --out ${missing}: its directory does not exist`),
    );
    const directory = scratchDir("cli-export");
    await expect(exportCommand(http.services, { args: ["DEMO"], options: { out: directory } }, () => {}, refuse, sinks)).rejects.toThrow(
      new UsageError(`cannot write --out ${directory}: it is a directory`),
    );
  });

  test("the progress line is a bar of how many of how many; an export of nothing is whole", () => {
    const line = (done: number, total: number) => {
      const written: string[] = [];
      progressReporter((text) => void written.push(text), false)(done, total, false);
      return written.join("");
    };
    expect(line(1, 4)).toBe(`[${"#".repeat(8)}${" ".repeat(22)}] 1 / 4\n`);
    expect(line(0, 0)).toBe(`[${"#".repeat(30)}] 0 / 0\n`);
  });
});
