import type { TSchema, Static } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { createClient, type ClientOptions, type Usage } from "./client.ts";
import type { Assistant, AssistantStep, QualificationContext } from "../../core/ports.ts";
import { fill, PROMPTS } from "./prompts.ts";
import { Decision, TitleAnswer, TriageAnswer } from "./schemas.ts";

interface OpenAIOptions extends ClientOptions {
  readonly model: string;
  readonly onUsage: (usage: Usage) => void;
}

const plainSchema = (schema: TSchema) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

/** The assistant on an OpenAI-compatible chat API, with structured outputs checked against our schemas. */
export function createOpenAIAssistant(options: OpenAIOptions): Assistant {
  const client = createClient(options);

  async function structured<T extends TSchema>(purpose: keyof typeof PROMPTS, system: string, input: unknown, schema: T): Promise<Static<T>> {
    const started = performance.now();
    const completion = await client.chat.completions.create({
      model: options.model,
      temperature: 0,
      messages: [
        { role: "system", content: system },
        { role: "user", content: JSON.stringify(input) },
      ],
      response_format: { type: "json_schema", json_schema: { name: purpose, schema: plainSchema(schema) } },
    });
    options.onUsage({
      purpose,
      prompt: PROMPTS[purpose].version,
      model: completion.model ?? options.model,
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
      ms: Math.round(performance.now() - started),
    });
    const content = completion.choices[0]?.message?.content ?? "";
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new Error(`${purpose}: the model did not answer JSON`);
    }
    const check = TypeCompiler.Compile(schema);
    if (!check.Check(parsed)) throw new Error(`${purpose}: the model's answer does not fit the schema`);
    return parsed;
  }

  return {
    async qualify(context: QualificationContext): Promise<AssistantStep> {
      const decision = await structured(
        "qualify",
        fill(PROMPTS.qualify.text, { language: context.language }),
        {
          report: context.report,
          conversation: context.conversation.map((t) => ({ role: t.role, text: t.text })),
          answers: context.answers,
          helpArticles: context.helpArticles.map((a) => ({ title: a.title, url: a.url, body: a.body.slice(0, 2000) })),
          features: context.features.map((f) => ({ id: f.id, name: f.name, path: f.path })),
        },
        Decision,
      );
      return toStep(decision, context);
    },

    async writeTitle(report, language) {
      return (await structured("title", fill(PROMPTS.title.text, { language }), report, TitleAnswer)).title;
    },

    async triage(report, features, language) {
      const answer: TriageAnswer = await structured(
        "triage",
        fill(PROMPTS.triage.text, { language }),
        { report, features: features.map((f) => ({ id: f.id, name: f.name, path: f.path, cues: f.cues ?? [] })) },
        TriageAnswer,
      );
      return {
        ...(answer.featureId && features.some((f) => f.id === answer.featureId) && { featureId: answer.featureId }),
        ...(answer.severity && report.kind === "problem" && { severity: answer.severity }),
        ...(answer.nature && { nature: answer.nature }),
        ...(answer.summary && { summary: answer.summary }),
        ...(answer.diagnostic &&
          report.kind === "problem" && {
            diagnostic: {
              ...(answer.diagnostic.where && { where: answer.diagnostic.where }),
              ...(answer.diagnostic.probableCause && { probableCause: answer.diagnostic.probableCause }),
              ...(answer.diagnostic.suggestedAction && { suggestedAction: answer.diagnostic.suggestedAction }),
            },
          }),
      };
    },
  };
}

/** Turns the model's decision into a step, refusing what it may not say (an article it was not given, a question-less ask). */
function toStep(decision: Decision, context: QualificationContext): AssistantStep {
  const message = decision.message?.trim() ?? "";
  switch (decision.status) {
    case "ask":
      if (!decision.questions?.length) throw new Error("qualify: an ask step without questions");
      return { status: "ask", questions: decision.questions };
    case "answer": {
      const source = decision.source;
      const known = source && context.helpArticles.some((a) => a.url === source.url);
      if (!source || !known || !decision.questions?.length) throw new Error("qualify: an answer step must cite one of the help articles given");
      return { status: "answer", source, message, questions: decision.questions };
    }
    case "ready": {
      const learnt = decision.report ?? {};
      return {
        status: "ready",
        report: {
          ...context.report,
          ...(learnt.title?.trim() && !context.report.title && { title: learnt.title.trim() }),
          ...(learnt.observed?.trim() && { observed: learnt.observed.trim() }),
          ...(learnt.expected?.trim() && { expected: learnt.expected.trim() }),
          ...(learnt.url?.trim() && !context.report.url && { url: learnt.url.trim() }),
        },
      };
    }
    default:
      return { status: decision.status, message };
  }
}
