// Which questions the offline assistant asks real problem reports: each report is qualified as a
// `problem` sent with `qualify` (its title and text, no address, an app without a feature map or
// help center), every question answered with a neutral answer, until the report is recorded.
//   bun bench/qualification.ts [--set FILE …] [--labels FILE] [--record]
// A set is `[{id?, title?, text}]` (or `{reports: […]}`). With --labels (`{id: [tellsWhatHappened,
// tellsWhatWasExpected]}`, 1 or 0, a person's reading of each report), only the labelled reports are
// replayed, and the two questions are checked against the labels: asked though the report told it
// (redundant), or not asked though it did not (missed).
import { appendFileSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { createLocalAssistant } from "../adapters/assistant-local/assistant.ts";
import type { Turn } from "../core/model.ts";
import type { QualificationQuestion } from "../core/schemas/qualification.ts";
import { detectLanguage } from "../core/report/detect-language.ts";

interface Sent {
  readonly id?: string;
  readonly title?: string;
  readonly text: string;
}

const QUESTIONS = ["observed", "expected", "where", "impact"] as const;
/** The facts a person reads a report for, and the question that asks each. */
const LABELLED = ["observed", "expected"] as const;

/** A plausible answer that neither changes the subject nor leaves the app. */
function answerTo(question: QualificationQuestion): { text: string; answer: Record<string, string> } {
  const choice = question.choices?.[Math.floor(question.choices.length / 2)];
  if (choice) return { text: choice.label, answer: { [question.id]: choice.id } };
  const text = "The page shows an error message after I click the button";
  return { text, answer: { [question.id]: text } };
}

/** The question ids asked, in order, until the report is recorded or dropped. */
async function questionsAsked(report: Sent): Promise<string[]> {
  const assistant = createLocalAssistant();
  const normalized = { kind: "problem" as const, message: report.text.trim(), ...(report.title && { title: report.title }), author: {} };
  const conversation: Turn[] = [{ role: "user", text: normalized.message, at: 0 }];
  let answers: Record<string, string> = {};
  const asked: string[] = [];
  for (let turn = 0; turn < 10; turn++) {
    const step = await assistant.qualify({
      appId: "app",
      report: normalized,
      language: detectLanguage(normalized.message),
      conversation,
      answers,
      helpArticles: [],
      features: [],
    });
    if (step.status !== "ask") return asked;
    const question = step.questions[0]!;
    asked.push(question.id);
    const { text, answer } = answerTo(question);
    conversation.push({ role: "assistant", text: question.prompt, at: turn }, { role: "user", text, at: turn });
    answers = { ...answers, ...answer };
  }
  throw new Error(`${report.id ?? report.text.slice(0, 40)}: more than ten questions`);
}

const args = process.argv.slice(2);
const valuesOf = (flag: string) => args.flatMap((a, i) => (args[i - 1] === flag ? [a] : []));
const files = valuesOf("--set");
const labelsFile = valuesOf("--labels")[0];
const labels: Record<string, [number, number]> | undefined = labelsFile && JSON.parse(readFileSync(labelsFile, "utf8"));
const percent = (n: number, of: number) => `${n} (${((100 * n) / Math.max(1, of)).toFixed(0)} %)`;

const rows: string[] = [];
const checks: string[] = [];
for (const file of files) {
  const parsed = JSON.parse(readFileSync(file, "utf8"));
  const all: Sent[] = Array.isArray(parsed) ? parsed : parsed.reports;
  const reports = labels ? all.filter((r) => r.id && labels[r.id]) : all;
  const count = Object.fromEntries(QUESTIONS.map((q) => [q, 0]));
  const wrong = Object.fromEntries(LABELLED.map((q) => [q, { redundant: 0, missed: 0, told: 0 }]));
  for (const report of reports) {
    const asked = await questionsAsked(report);
    for (const q of QUESTIONS) if (asked.includes(q)) count[q]!++;
    const label = report.id ? labels?.[report.id] : undefined;
    if (!label) continue;
    LABELLED.forEach((q, i) => {
      const told = label[i] === 1;
      wrong[q]!.told += told ? 1 : 0;
      if (told && asked.includes(q)) wrong[q]!.redundant++;
      if (!told && !asked.includes(q)) wrong[q]!.missed++;
    });
  }
  rows.push(`| ${basename(file)} | ${reports.length} | ${QUESTIONS.map((q) => percent(count[q]!, reports.length)).join(" | ")} |`);
  if (labels)
    checks.push(
      ...LABELLED.map(
        (q) =>
          `| ${basename(file)} | ${q} | ${wrong[q]!.told} of ${reports.length} | ${wrong[q]!.redundant} of ${wrong[q]!.told} | ${wrong[q]!.missed} of ${reports.length - wrong[q]!.told} |`,
      ),
    );
}
const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — the offline assistant's questions on real problem reports`,
  "",
  `Command: \`bun bench/qualification.ts${files.map((f) => ` --set ${f}`).join("")}${labelsFile ? ` --labels ${labelsFile}` : ""}\``,
  "",
  `| Set | Reports | ${QUESTIONS.map((q) => `Asked ${q}`).join(" | ")} |`,
  `|---|---|${QUESTIONS.map(() => "---|").join("")}`,
  ...rows,
  ...(labels
    ? ["", "| Set | Question | Reports that tell it (labels) | Asked though told | Not asked though not told |", "|---|---|---|---|---|", ...checks]
    : []),
  "",
];
if (args.includes("--record")) appendFileSync(join(import.meta.dir, "RESULTS.md"), `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
