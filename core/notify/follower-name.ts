import type { Language } from "../language.ts";

/** What a feedback is called in a message to one follower (publicFaces decides it for each). */
export interface FollowerName {
  /** The title it shows them (titleShownTo); null: none that is theirs to read. */
  readonly title: string | null;
  /**
   * Whether they reported it: one of its reports (its own, or one a merge brought in) is theirs. A
   * tracking link does not say it: a report split off since keeps its link, and a voter whose report
   * was merged in later follows without one.
   */
  readonly reporter: boolean;
}

/** A feedback as the messages to a follower word its name, in the follower's language. */
interface Naming {
  /** Standing alone, as in a subject line: the title; else "your report KEY" to its reporter; else its key. */
  readonly alone: string;
  /** In a sentence: the title, quoted; else "your report (KEY)" to its reporter; else its key. */
  readonly quoted: string;
  /** After its key, as in a list: the title, or "your report" to its reporter; null where its key alone names it. */
  readonly afterKey: string | null;
}

/**
 * How every message to a follower names a feedback: by the title it shows them; without one, as
 * their report to the one who reported it, so that they know it for theirs; by its key alone to
 * others, never by another customer's words.
 */
export function namingFor(language: Language, name: FollowerName, key: string): Naming {
  const fr = language === "fr";
  const { title } = name;
  const yours = name.reporter ? (fr ? "votre signalement" : "your report") : null;
  return {
    alone: title ?? (yours ? `${yours} ${key}` : key),
    quoted: title !== null ? (fr ? `«\u202f${title}\u202f»` : `"${title}"`) : yours ? `${yours} (${key})` : key,
    afterKey: title ?? yours,
  };
}
