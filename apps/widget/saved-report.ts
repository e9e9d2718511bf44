import { toHex } from "../../core/encoding.ts";
import type { QualificationStep } from "../../core/schemas/qualification.ts";
import type { WidgetReportRequest } from "../../core/schemas/widget.ts";
import { DRAFT_KEY } from "./draft-owner.ts";

/** What the person wrote so far in the report form. */
export interface Draft {
  readonly kind: string;
  readonly message: string;
  /** The e-mail they gave where the site gave none: a report sent after a reload would otherwise go without it. */
  readonly email?: string;
}

/** A report waiting on the assistant's questions: what was sent, the step shown, and the key that makes "Send as it is" happen once. */
interface Pending {
  readonly key: string;
  readonly report: WidgetReportRequest;
  readonly step: QualificationStep;
}

/** What the tab keeps across a close, a reload and the site's other pages: a draft, or a report waiting on questions. */
export interface Saved {
  /** Who wrote them (ownerOf): the loader forgets them when the site identifies someone else. */
  readonly owner?: string;
  readonly draft?: Draft;
  readonly pending?: Pending;
}

/** What the tab kept, or nothing when what it kept cannot be read. */
export function recall(): Saved {
  try {
    return JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "{}") as Saved;
  } catch {
    return {};
  }
}

/** Keeps `saved` in the tab's session storage where it fits: whole, else without the pending report's attachments, else not at all. */
export function persist(saved: Saved): void {
  for (const value of [
    saved,
    saved.pending && { owner: saved.owner, pending: { ...saved.pending, report: { ...saved.pending.report, attachments: undefined } } },
  ]) {
    if (!value) return;
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(value));
      return;
    } catch {
      // Full, or refused: a report without its screenshot, or memory alone.
    }
  }
}

/** An idempotency key; crypto.randomUUID is missing on pages served over plain http. */
export const randomKey = (): string => toHex(crypto.getRandomValues(new Uint8Array(16)));
