import type { Assistant, AssistantStep, QualificationContext } from "../../core/ports.ts";
import type { NormalizedReport } from "../../core/report/normalize.ts";
import type { FeatureRecord } from "../../core/model.ts";
import type { Language } from "../../core/language.ts";
import { titleFromMessage } from "../../core/report/title.ts";
import { localTriage } from "./triage.ts";
import { toldInReport } from "./told.ts";
import { answeringArticle, excerpt } from "./help.ts";
import {
  changesSubject,
  helpedQuestion,
  impactQuestion,
  isOffTopic,
  isUnrelated,
  MESSAGES,
  NEEDS,
  textQuestion,
  touchesQuestion,
  whereQuestion,
  type Need,
} from "./rules.ts";

/** What a precise report of each kind must tell. Praise needs nothing more. */
const REQUIRED: Readonly<Record<NormalizedReport["kind"], readonly Need["id"][]>> = {
  problem: ["observed", "expected", "where"],
  idea: ["need"],
  praise: [],
};

/** The page a report was sent from: the address sent with it, or the page the widget described. */
const pageOf = (report: NormalizedReport): string | undefined => report.url ?? report.context?.page?.url;

/** Facts already known, from the report's fields or from earlier answers. */
function known(report: NormalizedReport, answers: Readonly<Record<string, string>>): Partial<Record<Need["id"], string>> {
  const page = pageOf(report);
  return {
    ...(report.observed && { observed: report.observed }),
    ...(report.expected && { expected: report.expected }),
    ...(page && { where: page }),
    ...answers,
  };
}

/** The report, completed with what the qualification learnt; a chosen feature is named, not given by id. */
function completed(
  report: NormalizedReport,
  facts: Partial<Record<Need["id"], string>>,
  answers: Readonly<Record<string, string>>,
  features: readonly FeatureRecord[],
  language: Language,
): NormalizedReport {
  // The report's own page is kept where it is, not repeated in its text.
  const learnt = facts.where === pageOf(report) ? undefined : facts.where;
  const where = learnt && !report.url && /^https?:\/\//i.test(learnt) ? { url: learnt } : {};
  const place = learnt && !where.url ? (features.find((f) => f.id === learnt)?.name ?? learnt) : undefined;
  // Said as a place, not left as a bare word under the text ("Where: Search", not "Search").
  const extra = [facts.need, place && `${MESSAGES.where[language]}${place}`].filter(Boolean);
  return {
    ...report,
    ...(facts.observed && { observed: facts.observed }),
    ...(facts.expected && { expected: facts.expected }),
    ...where,
    // The impact scale's choice ids are its steps, "1" to "5"; triage grades the problem by it.
    ...(/^[1-5]$/.test(answers.impact ?? "") && { impact: Number(answers.impact) }),
    message: extra.length > 0 ? `${report.message}\n\n${extra.join("\n")}` : report.message,
  };
}

/**
 * The offline assistant: deterministic rules, no network. It asks, one question at a time, for
 * what a precise report of its kind needs, and records the report once it has all of it.
 */
export function createLocalAssistant(): Assistant {
  return {
    async qualify(context: QualificationContext): Promise<AssistantStep> {
      const { report, language, answers, features } = context;
      const lastAnswer = context.conversation.at(-1);
      const answering = Object.keys(answers).length > 0 && lastAnswer?.role === "user";
      const said = context.conversation.filter((t) => t.role === "user").map((t) => t.text);
      if ((!answering && isOffTopic(report.message)) || isUnrelated(said.length > 0 ? said : [report.message], features))
        return { status: "drop", message: MESSAGES.drop[language] };
      if (answering && changesSubject(lastAnswer.text)) return { status: "restart", message: MESSAGES.restart[language] };
      if (!answering && report.kind === "problem") {
        const article = answeringArticle([report.title, report.message].filter(Boolean).join(" "), context.helpArticles);
        if (article)
          return {
            status: "answer",
            source: { title: article.title, url: article.url },
            message: excerpt(article),
            questions: [helpedQuestion(language)],
          };
      }
      const facts = known(report, answers);
      // What the report's own words tell is not asked again; it stays in its text, where it was said.
      const told = toldInReport([report.title, report.message].filter(Boolean).join("\n"), features);
      const missing = REQUIRED[report.kind].find((id) => !facts[id]?.trim() && !told[id]);
      if (missing)
        return { status: "ask", questions: [missing === "where" ? whereQuestion(language, features) : textQuestion(NEEDS[missing], language)] };
      // Once a conversation is under way, one more question tells how much it matters.
      if (answering && report.kind === "problem" && !answers.impact) return { status: "ask", questions: [impactQuestion(language)] };
      if (answering && report.kind === "idea" && features.length > 0 && !answers.touches)
        return { status: "ask", questions: [touchesQuestion(language, features)] };
      return { status: "ready", report: completed(report, facts, answers, features, language) };
    },

    async triage(report, features, language) {
      return localTriage(report, features, language);
    },

    async writeTitle(report) {
      return titleFromMessage(report.message);
    },
  };
}
