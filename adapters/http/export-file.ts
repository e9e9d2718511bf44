import { stringify } from "csv-stringify/sync";
import type { FeedbackSummary } from "../../core/schemas/feedback.ts";
import { EXPORT_COLUMNS, exportRow } from "../../core/triage/export-feedbacks.ts";

/**
 * A cell a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a return):
 * anyone who sends a report writes titles, so such a cell is written after a `'`, which a
 * spreadsheet shows as text (OWASP, "CSV injection").
 */
const FORMULA = /^[=+\-@\t\r]/;
const asText = (value: string): string => (FORMULA.test(value) ? `'${value}` : value);

/** RFC 4180: CRLF after each record, a field quoted when it must be (a line break of either kind among them). */
const csv = (rows: FeedbackSummary[], header: boolean) =>
  stringify(rows.map(exportRow), {
    header,
    columns: [...EXPORT_COLUMNS],
    record_delimiter: "windows",
    quoted_match: /[\r\n]/,
    cast: { string: asText },
  });

/** Each format: its content type, what the file starts with, and a page of feedbacks as text. */
const FORMATS = {
  csv: { type: "text/csv; charset=utf-8", start: csv([], true), encode: (page: FeedbackSummary[]) => csv(page, false) },
  jsonl: {
    type: "application/x-ndjson; charset=utf-8",
    start: "",
    encode: (page: FeedbackSummary[]) => page.map((f) => `${JSON.stringify(f)}\n`).join(""),
  },
} as const;

/**
 * An export as a download, streamed: the next page is read from the store only when the client has
 * taken the previous one, so an export holds one page at a time whatever the number of feedbacks.
 * Its file is named for the day it was made (UTC), so that two exports do not overwrite each other.
 */
export function exportResponse(pages: AsyncIterable<FeedbackSummary[]>, format: keyof typeof FORMATS, at: number): Response {
  const iterator = pages[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const { type, start, encode } = FORMATS[format];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A CSV export of nothing is still its header row.
      if (start) controller.enqueue(encoder.encode(start));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(encode(next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="feedbacks-${new Date(at).toISOString().slice(0, 10)}.${format}"`,
      "cache-control": "no-store",
    },
  });
}
