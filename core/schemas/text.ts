import { Kind, type StringOptions, type TUnsafe, Type, TypeRegistry } from "@sinclair/typebox";

/**
 * The length of a text as people and JSON Schema count it: in Unicode code points. JavaScript's
 * `length` counts UTF-16 units, in which an emoji is two.
 */
export function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * Characters that reorder or hide text: bidirectional controls such as U+202E, and other control
 * characters. In a name or title shown to others they make it read as something else
 * ("Add CSV export ‮(official) - 999 votes").
 */
const REORDERING = /[\p{Bidi_Control}\p{Cc}]/u;
const EVERY_REORDERING = new RegExp(REORDERING.source, "gu");

/** Whether a text holds characters that reorder or hide what it shows. */
export const reordersText = (text: string): boolean => REORDERING.test(text);

/** A text without the characters that reorder or hide it: a refused name put back in its form, showing what was typed. */
export const withoutReordering = (text: string): string => text.replace(EVERY_REORDERING, "");

/**
 * A name shown where it cannot be refused any more (an e-mail's sender), in one line: each run of
 * characters that reorder or hide it, line breaks among them, and of spaces, made one space.
 */
export const shownInOneLine = (text: string): string => text.replace(/[\p{Bidi_Control}\p{Cc}\s]+/gu, " ").trim();

const TEXT = "Text";
const patterns = new Map<string, RegExp>();
const patternOf = (source: string): RegExp => {
  const known = patterns.get(source);
  if (known) return known;
  const compiled = new RegExp(source, "u");
  patterns.set(source, compiled);
  return compiled;
};

TypeRegistry.Set<StringOptions>(TEXT, (schema, value) => {
  if (typeof value !== "string") return false;
  // A text no longer in units than the bound is within it in code points too: skip the count.
  const length = schema.maxLength !== undefined && value.length > schema.maxLength ? codePoints(value) : null;
  if (schema.maxLength !== undefined && length !== null && length > schema.maxLength) return false;
  if (schema.minLength !== undefined && value.length < 2 * schema.minLength && (length ?? codePoints(value)) < schema.minLength) return false;
  return schema.pattern === undefined || patternOf(schema.pattern).test(value);
});

/**
 * A JSON Schema string whose lengths are checked in code points, as `/openapi.json` promises
 * (TypeBox's own string counts UTF-16 units). It publishes as `{type: "string", …}`.
 */
export const Text = (options: StringOptions = {}): TUnsafe<string> => Type.Unsafe<string>({ ...options, type: "string", [Kind]: TEXT });
