import { bareAddress, browserCollection, keptAddress } from "../apps/browser-collection.ts";
import { type Failure, fail, invalid, ok, type Result } from "../errors.ts";
import { hasFullContext } from "../plans.ts";
import type { Services } from "../services.ts";
import type { ChannelContext } from "../store/collection.ts";
import { imageSize, isOfType } from "../attachments/file-type.ts";
import type { NormalizedReport, ReportFile } from "../report/normalize.ts";
import type { BrowserContext, WidgetAttachment, WidgetReportRequest } from "../schemas/widget.ts";

const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
const REPLAY_MAX_BYTES = 5 * 1024 * 1024;
/** What a replay may expand to once decompressed: what the player would have to hold and parse. */
const REPLAY_EXPANDED_MAX_BYTES = 50 * 1024 * 1024;
const MAX_BYTES: Readonly<Record<WidgetAttachment["kind"], number>> = { screenshot: SCREENSHOT_MAX_BYTES, replay: REPLAY_MAX_BYTES };
/**
 * What a screenshot's header may declare: a widget's is the window at twice its pixels at most
 * (7,680 × 4,320 for a 4K screen). Beyond, a small file is an image bomb for the team's browser,
 * which allocates four bytes a pixel to show it (a 2 MB PNG of one colour holds over 20,000 pixels a side).
 */
const SCREENSHOT_MAX_SIDE = 16_384;
const SCREENSHOT_MAX_PIXELS = 40_000_000;

function overScreenshotSize(bytes: Uint8Array, contentType: string): boolean {
  const size = imageSize(bytes, contentType);
  return size !== null && (size.width > SCREENSHOT_MAX_SIDE || size.height > SCREENSHOT_MAX_SIDE || size.width * size.height > SCREENSHOT_MAX_PIXELS);
}

/** The size base64 text decodes to, without decoding it. */
const decodedSize = (data: string): number => Math.floor((data.length * 3) / 4) - (data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0);

function decode(data: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Whether gzip bytes expand to at most `max` bytes: decompressed as a stream and counted, stopped as
 * soon as the count passes `max`, so a small file that would expand to gigabytes costs no more than
 * `max` to refuse. Bytes that are not gzip are "broken".
 */
async function expandsWithin(bytes: Uint8Array<ArrayBuffer>, max: number): Promise<"within" | "over" | "broken"> {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  let size = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > max) {
        await reader.cancel();
        return "over";
      }
    }
    return "within";
  } catch {
    return "broken";
  }
}

/** Refuses, before anything is stored, a file over its kind's limit, two files of one kind, or a file that is not what it says. */
export function checkAttachments(attachments: readonly WidgetAttachment[]): Failure | null {
  const repeated = attachments.findIndex((a, i) => attachments.findIndex((b) => b.kind === a.kind) < i);
  if (repeated >= 0) return invalid("invalid_ingest", { field: `attachments.${repeated}.kind`, reason: "repeated" });
  if (attachments.some((a) => decodedSize(a.data) > MAX_BYTES[a.kind])) return fail("payload_too_large");
  return null;
}

/** The captured context as the app lets it be kept: page addresses without unlisted query values, requests without any. */
function keptContext(context: BrowserContext, queryParams: readonly string[]): BrowserContext {
  return {
    ...context,
    ...(context.page && { page: { ...context.page, url: keptAddress(context.page.url, queryParams) } }),
    ...(context.network && { network: context.network.map((n) => ({ ...n, url: bareAddress(n.url) })) }),
  };
}

/**
 * A widget report as the domain keeps it: its context filtered by the app's rules and its files
 * in file storage. A replay is kept only where the app records one and the plan shows it.
 */
export async function browserReport(
  deps: Pick<Services, "files" | "ids">,
  channel: ChannelContext,
  request: WidgetReportRequest,
  report: NormalizedReport,
): Promise<Result<NormalizedReport>> {
  const settings = browserCollection(channel.app);
  const replayKept = settings.replay && hasFullContext(channel.organization.plan);
  const files: ReportFile[] = [];
  for (const [at, attachment] of (request.attachments ?? []).entries()) {
    if (attachment.kind === "replay" && !replayKept) continue;
    const notItsType = invalid("invalid_ingest", { field: `attachments.${at}.data`, reason: "not_its_type" });
    const bytes = decode(attachment.data);
    if (!bytes || !isOfType(bytes, attachment.contentType)) return notItsType;
    if (attachment.kind === "screenshot" && overScreenshotSize(bytes, attachment.contentType)) return fail("payload_too_large");
    if (attachment.kind === "replay") {
      const expanded = await expandsWithin(bytes, REPLAY_EXPANDED_MAX_BYTES);
      if (expanded !== "within") return expanded === "over" ? fail("replay_too_large") : notItsType;
    }
    const id = deps.ids.id();
    const storageKey = `${channel.organization.id}/uploads/${id}`;
    await deps.files.put(storageKey, bytes);
    files.push({ id, kind: attachment.kind, contentType: attachment.contentType, storageKey });
  }
  return ok({
    ...report,
    ...(request.context && { context: keptContext(request.context, settings.queryParams) }),
    ...(files.length > 0 && { files }),
  });
}
