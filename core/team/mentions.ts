import type { JobRequest } from "../feedback/events.ts";

/** Who a mention can name: a member's e-mail, and their name when they gave one. */
interface Named {
  readonly userId: string;
  readonly email: string;
  readonly name?: string;
}

/**
 * `@word` at the start of the text or after a character that is not part of a word (so an e-mail
 * address written in a sentence is not a mention); the word may itself be an e-mail address.
 */
const MENTION = /(?<![\p{L}\p{N}._%+-])@([\p{L}\p{N}._%+-]+(?:@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)?)/gu;

/**
 * The words a text mentions, in lower case, without the punctuation that may end a sentence (from the
 * first of a run only: tried from each, a long run is read again to its end, its length squared).
 */
export function mentionedWords(text: string): string[] {
  const words = [...text.matchAll(MENTION)].map((m) => m[1]!.replace(/(?<![._%+-])[._%+-]+$/u, "").toLowerCase()).filter(Boolean);
  return [...new Set(words)];
}

const squash = (name: string): string => name.toLowerCase().replace(/[\s._-]+/gu, "");
const localPart = (email: string): string => email.slice(0, email.indexOf("@"));

/**
 * The members a text mentions: `@ann@acme.test` (the e-mail), `@ann` or `@ann.lee` (the e-mail's
 * local part), `@AnnLee` or `@ann.lee` (the name, spaces and dots aside), or `@ann` (the first
 * name, when one member alone has it). A word that names no one, or several, mentions nobody.
 */
export function resolveMentions<T extends Named>(text: string, members: readonly T[]): T[] {
  const found = new Map<string, T>();
  for (const word of mentionedWords(text)) {
    const squashed = squash(word);
    const tiers: Array<(m: T) => boolean> = [
      (m) => m.email === word,
      (m) => localPart(m.email) === word,
      (m) => !!m.name && squash(m.name) === squashed,
      (m) => !!m.name && m.name.trim().split(/\s+/u)[0]!.toLowerCase() === word,
    ];
    for (const matches of tiers) {
      const named = members.filter(matches);
      if (named.length === 1) {
        found.set(named[0]!.userId, named[0]!);
        break;
      }
      if (named.length > 1) break;
    }
  }
  return [...found.values()];
}

/**
 * The job a comment asks for when it mentions someone: whoever writes a comment (the status change
 * of the inbox and the API, or any other comment) queues it with the comment, in one transaction.
 */
export const mentionJobs = (orgId: string, feedbackId: string, comment: string | undefined): JobRequest[] =>
  comment && mentionedWords(comment).length > 0 ? [{ kind: "notify_mentions", orgId, feedbackId }] : [];
