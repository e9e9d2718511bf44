import { type Failure, invalid, limitReached } from "../errors.ts";
import { reordersText } from "../schemas/text.ts";
import type { TagRecord } from "../store/triage.ts";
import { tagName } from "./tag-names.ts";

/**
 * Tags an organization may have: many times the labels a team triages with, few enough for the
 * tag menus and Settings → Tags, which list them all. Tags are made by tagging, without a form.
 */
const MAX_TAGS_PER_ORGANIZATION = 500;

/**
 * Why the tags a change would create (`created`, among the names `typed` at `field`) may not be:
 * a name that reorders or hides text, said at its place among those typed; or more tags than an
 * organization holding `known` may have. A tag it has already is used as it is. Null when they may.
 * Two changes at the same moment may each create the last one: the bound is passed by a few at most.
 */
export function newTagsRefused(typed: readonly string[], created: readonly TagRecord[], known: number, field: string): Failure | null {
  const unreadable = created.find((tag) => reordersText(tag.name));
  if (unreadable)
    return invalid("invalid_body", { field: `${field}.${typed.findIndex((name) => tagName(name) === unreadable.name)}`, reason: "reordering" });
  if (created.length > 0 && known + created.length > MAX_TAGS_PER_ORGANIZATION) return limitReached("tag", MAX_TAGS_PER_ORGANIZATION);
  return null;
}
