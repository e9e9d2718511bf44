import { record } from "@rrweb/record";

/** A minute of the page, kept in memory until someone reports; text and fields are masked as recorded. */
export interface Recorder {
  /** The recorded events, as gzip-compressed JSON; null when nothing was recorded. */
  export(): Promise<Blob | null>;
  stop(): void;
}

const SEGMENT_MS = 60_000;

/**
 * Records the page in segments of a minute, each starting with a full snapshot, and keeps the
 * current and the previous segment: at least the last minute, never more than two. Every text and
 * every field value is masked before an event exists, so nothing typed or shown is ever held;
 * the widget itself, hidden inputs and `[data-retour-block]` are left out entirely.
 */
export function startRecorder(): Recorder {
  let previous: unknown[] = [];
  let current: unknown[] = [];
  const stop = record({
    emit(event, isCheckout) {
      if (isCheckout) {
        previous = current;
        current = [];
      }
      current.push(event);
    },
    checkoutEveryNms: SEGMENT_MS,
    maskAllInputs: true,
    maskTextSelector: "*",
    blockSelector: "[data-retour-widget], [data-retour-block], input[type=hidden]",
    slimDOMOptions: "all",
    inlineImages: false,
    collectFonts: false,
  });
  return {
    async export() {
      const events = [...previous, ...current];
      if (events.length === 0) return null;
      const compressed = new Blob([JSON.stringify(events)]).stream().pipeThrough(new CompressionStream("gzip"));
      return new Response(compressed).blob();
    },
    stop: () => stop?.(),
  };
}
