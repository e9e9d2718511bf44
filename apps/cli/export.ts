import { createWriteStream, openSync } from "node:fs";
import { describeProblem, errorBody } from "../../adapters/http/catalog/text.ts";
import { validator } from "../../adapters/http/validate.ts";
import { exportResponse } from "../../adapters/http/export-file.ts";
import { operatorGrant } from "../../core/authorization.ts";
import { countFeedbacks } from "../../core/feedback/count-feedbacks.ts";
import { countIn } from "../../core/feedback/status.ts";
import { findOrganization } from "../../core/organizations/find-organization.ts";
import type { FeedbackSummary } from "../../core/schemas/feedback.ts";
import type { Services } from "../../core/services.ts";
import { ExportQuery, exportFeedbacks } from "../../core/triage/export-feedbacks.ts";
import type { Invocation, Out, Refuse } from "./invocation.ts";
import { whyUnwritable } from "./unwritable.ts";

/** How far an export is: `done` feedbacks of `total`; `last` once it is whole. */
type Progress = (done: number, total: number, last: boolean) => void;

/** Where an export writes: the file (or standard output) and its progress (standard error). */
interface ExportSinks {
  readonly file: (path: string | undefined) => WritableStream<Uint8Array>;
  readonly progress: Progress;
}

const BAR_WIDTH = 30;

/** The progress line of an export: a bar, how many feedbacks of how many. */
function progressLine(done: number, total: number): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * BAR_WIDTH);
  return `[${"#".repeat(filled)}${" ".repeat(BAR_WIDTH - filled)}] ${done.toLocaleString("en")} / ${total.toLocaleString("en")}`;
}

/**
 * Progress as `write` shows it. On a terminal, one bar drawn again over itself, ended by a newline.
 * Elsewhere (a log, a pipe), where a bar drawn over itself runs together, a line of its own at the
 * start, at each tenth and at the end: a million feedbacks would otherwise write 2,000 lines.
 */
export function progressReporter(write: (text: string) => void, terminal: boolean): Progress {
  if (terminal) return (done, total, last) => write(`\r${progressLine(done, total)}${last ? "\n" : ""}`);
  let shown = -1;
  return (done, total, last) => {
    const tenth = total > 0 ? Math.floor((10 * Math.min(done, total)) / total) : 10;
    // The end is written unless its line was: the tenth of a whole export is reached only at its total.
    const written = tenth === shown && (!last || done >= total);
    if (!written) write(`${progressLine(done, total)}\n`);
    shown = tenth;
  };
}

const checkExport = validator(ExportQuery);
const FILTERS = ["status", "kind", "severity", "appId", "featureId", "query", "owner", "tag", "sort", "format"] as const;

/** The standard sinks: the file or standard output, and standard error for the bar. */
export const standardSinks: ExportSinks = {
  file: (path) => {
    if (path === undefined) return new WritableStream({ write: (chunk) => void process.stdout.write(chunk) });
    // Opened at once, so that a path the CLI cannot write is refused before any work.
    const stream = createWriteStream(path, { fd: openSync(path, "w") });
    return new WritableStream({
      write: (chunk) => new Promise((done, failed) => stream.write(chunk, (error) => (error ? failed(error) : done()))),
      close: () => new Promise((done) => stream.end(done)),
    });
  },
  progress: progressReporter((text) => void process.stderr.write(text), process.stderr.isTTY === true),
};

/**
 * `export <org> [--format csv|jsonl] [--out FILE] [--status …] [--tag …] …`: every feedback the
 * filters keep, streamed to the file as the REST export streams it, with a progress bar.
 */
export async function exportCommand(
  services: Services,
  inv: Invocation,
  out: Out,
  refuse: Refuse,
  sinks: ExportSinks = standardSinks,
): Promise<void> {
  const prefix = inv.args[0];
  if (!prefix) refuse("missing <org>", true);
  const org = await findOrganization(services, prefix);
  if (!org) refuse(`no organization "${prefix}" (give its id or key prefix)`);
  const query: Record<string, unknown> = Object.fromEntries(
    FILTERS.flatMap((name) => (typeof inv.options[name] === "string" ? [[name, inv.options[name]]] : [])),
  );
  if (!checkExport.check(query)) {
    // Named as the option it came from, with what it takes: "--format: expected one of csv, jsonl".
    const { problem } = checkExport.refuse("invalid_query", query);
    refuse(
      problem ? describeProblem({ ...problem, field: `--${problem.field}` }, "en") : "a filter is invalid: they take the values of GET /v1/feedbacks",
    );
  }
  const grant = operatorGrant(org.id);
  const counted = await countFeedbacks(services, grant, query);
  const total = counted.ok ? countIn(counted.value, query.status ?? "open") : 0;
  const exported = await exportFeedbacks(services, grant, query);
  if (!exported.ok) return refuse(errorBody(exported.code, "en", exported.problem).error);
  const pages = exported.value;
  let done = 0;
  async function* counting(): AsyncGenerator<FeedbackSummary[]> {
    for await (const page of pages) {
      yield page;
      done += page.length;
      sinks.progress(done, total, false);
    }
  }
  const path = typeof inv.options.out === "string" ? inv.options.out : undefined;
  const file = openedFile(sinks, path, refuse);
  sinks.progress(0, total, false);
  await exportResponse(counting(), query.format ?? "csv", services.clock()).body!.pipeTo(file);
  sinks.progress(done, total, true);
  if (path) out(`${done} ${done === 1 ? "feedback" : "feedbacks"} written to ${path}`);
}

/** The file --out names, opened; a path that cannot be written is one line naming it, not a stack trace. */
function openedFile(sinks: ExportSinks, path: string | undefined, refuse: Refuse): WritableStream<Uint8Array> {
  try {
    return sinks.file(path);
  } catch (error) {
    return refuse(`cannot write --out ${path}: ${whyUnwritable(error)}`);
  }
}
