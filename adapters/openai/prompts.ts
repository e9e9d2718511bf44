import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Prompts are versioned files beside this adapter; a change of wording is a new version. */
const read = (name: string): string => readFileSync(join(import.meta.dir, "prompts", name), "utf8");

export const PROMPTS = {
  qualify: { version: "qualify.v1", text: read("qualify.v1.md") },
  title: { version: "title.v1", text: read("title.v1.md") },
  triage: { version: "triage.v4", text: read("triage.v4.md") },
} as const;

export const fill = (template: string, values: Record<string, string>): string => template.replace(/\{\{(\w+)\}\}/g, (_, key) => values[key] ?? "");
