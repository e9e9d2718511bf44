/**
 * Control characters (all but tab and line feed) and bidirectional controls, each shown as U+FFFD.
 * The CLI prints what organizations wrote (app names, API key names, portal titles): an escape
 * sequence in one would reach the operator's terminal, where it can erase or rewrite the lines
 * around it, retitle the window or, in some terminals, write the clipboard.
 */
const UNPRINTABLE = /(?![\t\n])[\p{Cc}\p{Bidi_Control}]/gu;

/** A line of the CLI's output as the terminal may show it: text only, never a command to the terminal. */
export const terminalLine = (line: string): string => line.replace(UNPRINTABLE, "\uFFFD");
