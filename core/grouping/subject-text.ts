/**
 * What of a report's text names its subject, as grouping reads it. Real reports carry text that
 * every report of an app shares whatever it is about — user-agent strings, build ids, version
 * numbers, links, stack frames, log lines, the headings of a bug template — and two unrelated
 * reports met on those words ("Upgrade ant" and "Upgrade tomcat" on `cve nvd nist gov vuln`).
 * Each rule below removes one kind of such text, or keeps only its meaningful words; together
 * they run before any word is counted, for scoring and for indexing alike.
 *
 * Anyone may send a report of 10,000 characters, so no rule may try, at each of many places, a
 * scan to the end of the text (which costs its length squared: seconds of the grouping job for
 * blank lines or unclosed `<!--`): a line's start skips spaces and tabs only, never line breaks;
 * a name starts where a run of name characters starts; a comment or a macro stops looking for its
 * end where the next one begins.
 */

/** `Mozilla/5.0 (X11; Linux x86_64; rv:68.0) Gecko/20100101 Firefox/68.0 SeaMonkey/2.53.11`, and any run of `Product/version (…)` tokens. */
const USER_AGENT = /\b(?:Mozilla|Opera|Dalvik)\/\d[^\n]*|(?:(?<![\w.-])[A-Za-z][\w.-]*\/\d[\w.]*(?:\s*\([^()\n]*\))?\s*){2,}/g;

/** A user agent is browser detail, never a subject. */
export const withoutUserAgents = (text: string): string => text.replace(USER_AGENT, " ");

/** Host labels and path segments that say nothing of a subject. */
const URL_NOISE =
  /^(?:www\d?|m|com|org|net|io|co|de|nl|fr|uk|us|eu|gov|edu|info|html?|php|aspx?|jsp|index|https?|browse|issues?|pull|jira|bugs?|show_bug|cgi)$/i;

/** A path or host part that is an identifier rather than a word: digits in it, or too short or long to be one. */
const isWordPart = (part: string): boolean => /^[a-z][a-z-]{1,29}$/i.test(part) && !URL_NOISE.test(part);

/** `https://github.com/Azure/azure-storage-java/pull/546?tab=files` → `github azure azure-storage-java`: the host and path words, without query, fragment or ids. */
export const withoutUrls = (text: string): string =>
  text.replace(/\b(?:https?|ftp):\/\/[^\s<>"'\])|]+/gi, (url) => {
    const [, host = "", path = ""] = /^[a-z]+:\/\/([^/?#]*)([^?#]*)/i.exec(url) ?? [];
    const parts = [...host.replace(/:\d+$/, "").split("."), ...path.split("/")].filter(isWordPart);
    return ` ${parts.join(" ")} `;
  });

/**
 * Stack frames (`at org.apache.Foo.bar(Foo.java:360)`, `File "x.py", line 3, in f`, `#3 0x7f… in`)
 * and log lines' stamps and levels (`2020-01-03 11:02:00,123 INFO`): a frame names code a fault
 * passed through, shared by every fault of that code. The exception a trace ends in stays.
 */
const STACK_FRAME =
  /\bat\s+[\w$.<>/-]+\((?:[\w$.-]+:\d+|Native Method|Unknown Source)\)|^[ \t]*(?:File\s+"[^"]+",\s+line\s+\d+.*|#\d+\s+0x[0-9a-f]+.*|\.\.\.\s+\d+\s+more)\s*$/gim;
const LOG_STAMP =
  /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?(?:\s+(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL))?\b/g;

export const withoutStackFrames = (text: string): string => text.replace(STACK_FRAME, " ").replace(LOG_STAMP, " ");

/**
 * What a build tool writes around a message, shared by every build log of a project: the level a
 * line starts with (`[INFO]`, `[WARNING]`, `ERROR:`, `WARN org.apache…`; bracketed, anywhere, as
 * trackers join lines) and Maven or Gradle dependency coordinates, of which the artifact stays
 * (`org.apache.hadoop:hadoop-common:jar:3.3.1:compile` → `hadoop-common`): their group, packaging,
 * version and scope are those of every dependency; and a test run's tallies (`Tests run: 5,
 * Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 9.1 s <<< FAILURE!`), the same for every
 * failing test. The message, the artifact and the test's name say the subject. A coordinate's version
 * has a dot (3.3.1, 4.12), which a host, a name and a port (`db:primary:5432`) have not.
 */
const LEVEL = "TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|SEVERE|FATAL|CRITICAL";
const LOG_LEVEL = new RegExp(`\\[(?:${LEVEL})\\]|^[ \\t]*(?:${LEVEL})(?::|[ \\t])`, "gm");
// It starts where a run of name characters starts (never inside one, which a long hyphenated or
// dotted word would have tried at each of its words, in time the square of its length).
const COORDINATE =
  /(?<![\w.-])[a-z][\w-]*(?:\.[\w-]+)*:([A-Za-z][\w.-]*):(?:(?:jar|pom|war|ear|aar|rar|ejb|zip|test-jar|maven-plugin|bundle)(?::[\w.-]+)?:)?\d+\.[\w.-]+(?::(?:compile|provided|runtime|test|system|import)\b)?/g;

const TEST_TALLY =
  /\bTests run: \d+, Failures: \d+, Errors: \d+, Skipped: \d+(?:, Flakes: \d+)?|\b\d+ tests? completed, \d+ failed(?:, \d+ skipped)?|(?:,\s*)?\bTime elapsed: [\d.,]+ ?s(?:ec)?\b|<<< (?:FAILURE|ERROR)!(?: - in\b)?/g;

export const withoutBuildLog = (text: string): string => text.replace(LOG_LEVEL, " ").replace(COORDINATE, " $1 ").replace(TEST_TALLY, " ");

/**
 * `org.apache.hadoop.fs.s3a.S3AFileSystem` → `S3AFileSystem`: a qualified name's last part names
 * the thing; its packages are shared by all the code of a project.
 */
export const withShortNames = (text: string): string => text.replace(/\b(?:[a-z][\w$]*\.){2,}([A-Za-z_$][\w$]*)\b/g, (_, last: string) => last);

/**
 * Version strings (`2.53.11b1`, `v1.2.3`, `4.1.45.Final`, `rv:68.0`), build ids and dates
 * (`20230917164801`), hashes (`9f86d081884c7d65`), UUIDs and other long numbers: what differs
 * between two reports of one subject, or is shared by unrelated reports of one release.
 */
const VERSION = /\b(?:rv:|v)?\d+(?:\.\d+)+(?:[-.]?[a-z]+\d*)?(?:[-.]final|[-.]release)?\b/gi;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const HASH = /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi;
const LONG_NUMBER = /\b\d{5,}\b/g;

export const withoutVersionsAndIds = (text: string): string =>
  text.replace(UUID, " ").replace(VERSION, " ").replace(HASH, " ").replace(LONG_NUMBER, " ");

/** Markup of bug templates and trackers: HTML comments, `{code:java}`, `{noformat}`, `**`, quoted lines' `>`, `h2.` and `#` headings. */
const MARKUP =
  /<!--(?:(?!<!--)[\s\S])*?-->|\{(?:code|noformat|quote|panel|color)(?::[^{}]*)?\}|\*\*|^[ \t]*(?:>[ \t]*)+|^[ \t]*(?:h[1-6]\.|#{1,6})\s*/gim;

/**
 * Labels of a bug template that say what follows, not what it is about, in English and French.
 * A line made of one of them (`Steps to reproduce:`, `**Expected results:**`) goes; so does the
 * label of a `Label: value` line, whose value stays.
 */
const TEMPLATE_LABEL =
  /^[ \t]*(?:steps?\s+(?:how\s+)?to\s+reproduce|to\s+reproduce|reproduction(?:\s+steps)?|actual\s+(?:results?|behaviou?r)|expected\s+(?:results?|behaviou?r)|observed\s+(?:results?|behaviou?r)|additional\s+(?:information|info|context|details)|environment|notes?|description|summary|preconditions?|workaround|problem\s+type|details|context|url|(?:é|e)tapes?\s+(?:pour|de)\s+reproduction|(?:é|e)tapes?\s+pour\s+reproduire|r(?:é|e)sultats?\s+(?:attendus?|obtenus?|observ(?:é|e)s?)|comportement\s+(?:attendu|observ(?:é|e)|actuel)|environnement|remarques?)\s*:/gim;

/**
 * Lines that describe where a report was made rather than what it is about — operating system,
 * browser, version, build, device — whatever their values: every report of one platform shares them.
 */
const ENVIRONMENT_LINE =
  /^[ \t]*(?:operating\s+system|os|platform|browser(?:\s*\/\s*version)?|version|build(?:\s+id|naam)?|user\s*-?\s*agent|useragent|device|tested\s+another\s+browser|syst(?:è|e)me(?:\s+d.exploitation)?|navigateur|appareil)\s*:.*$/gim;

export const withoutTemplate = (text: string): string => text.replace(MARKUP, " ").replace(ENVIRONMENT_LINE, " ").replace(TEMPLATE_LABEL, " ");

/** The subject text of a report: every rule above, in an order where each sees what the others left. */
export const subjectText = (text: string): string =>
  withoutVersionsAndIds(withShortNames(withoutBuildLog(withoutStackFrames(withoutUrls(withoutUserAgents(withoutTemplate(text)))))));
