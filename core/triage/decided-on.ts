import type { Kind } from "../schemas/feedback.ts";
import type { DecidedOn } from "../store/triage.ts";

/**
 * Whether a feedback still holds what a triage change was decided on: the same kind, the same tags.
 * Tags compare as stored, name for name and in order, not as sameTag does: any difference is a
 * write that landed since the read, a rename to another case among them (which sameTag would
 * miss, and the change would then undo); a difference in order alone costs only a reread.
 */
export function stillAsDecided(held: { readonly kind: Kind; readonly tags?: readonly string[] }, decidedOn: DecidedOn = {}): boolean {
  if (decidedOn.kind !== undefined && held.kind !== decidedOn.kind) return false;
  if (decidedOn.tags === undefined) return true;
  const tags = held.tags ?? [];
  return tags.length === decidedOn.tags.length && tags.every((name, i) => name === decidedOn.tags![i]);
}
