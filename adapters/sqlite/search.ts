import type { Database } from "bun:sqlite";

/** Keeps the full-text index: each document belongs to a feedback through search_docs. */

export function indexDocument(db: Database, feedbackId: string, text: string): void {
  // FTS5 tables do not support RETURNING; the statement's own rowid is exact inside the transaction.
  const rowid = db.query("INSERT INTO search (body) VALUES (?)").run(text).lastInsertRowid;
  db.query("INSERT INTO search_docs (rowid, feedback_id, kind) VALUES (?, ?, 'feedback')").run(rowid, feedbackId);
}

/** An FTS5 query that matches every word as a prefix; quoting makes any user text safe. */
export const matchExpression = (words: readonly string[]): string => words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(" ");
