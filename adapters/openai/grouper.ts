import { groupingKeys } from "../../core/grouping/analyze.ts";
import { linkMatches } from "../../core/grouping/linkage.ts";
import { subjectText } from "../../core/grouping/subject-text.ts";
import { titleOf, titlesAgree } from "../../core/grouping/titles-agree.ts";
import type { Grouper } from "../../core/ports.ts";
import { createClient, type ClientOptions, type Usage } from "./client.ts";

interface EmbeddingGrouperOptions extends ClientOptions {
  readonly model: string;
  /** Cosine similarity from which two texts are the same subject. */
  readonly threshold: number;
  /** Cosine similarity from which two texts are worth a person's look. */
  readonly suggestionThreshold: number;
  readonly onUsage: (usage: Usage) => void;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * Grouping by embeddings: candidates come from the lexical index, their vectors from the store
 * (kept when each was indexed); only texts without a vector are embedded, in one call. What is
 * embedded is a text's subject (subjectText), as the lexical grouper scores it.
 */
export function createEmbeddingGrouper(options: EmbeddingGrouperOptions): Grouper {
  const client = createClient(options);
  return {
    keys: groupingKeys,

    async compare(text, candidates) {
      const missing = candidates.filter((c) => !c.vector);
      const started = performance.now();
      const response = await client.embeddings.create({
        model: options.model,
        input: [subjectText(text), ...missing.map((c) => subjectText(c.text))],
      });
      options.onUsage({
        purpose: "embed",
        prompt: "-",
        model: response.model ?? options.model,
        promptTokens: response.usage?.prompt_tokens ?? 0,
        completionTokens: 0,
        ms: Math.round(performance.now() - started),
      });
      const vectors = [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      const mine = vectors[0];
      if (!mine || vectors.length !== missing.length + 1) throw new Error("embeddings: the provider did not embed every text");
      const fresh = new Map(missing.map((c, i) => [c.id, vectors[i + 1]!]));
      // Single linkage (core's linkMatches): a feedback ranks by its closest text, but is a sure
      // duplicate only of its own text, under the lexical grouper's rule: close enough, and titles that agree.
      const compared = candidates.map((candidate) => {
        const score = cosine(mine, candidate.vector ?? fresh.get(candidate.id)!);
        return {
          id: candidate.id,
          score,
          closest: null,
          ...(candidate.own && { same: score >= options.threshold && titlesAgree(titleOf(text), titleOf(candidate.text)) }),
        };
      });
      return { matches: linkMatches(compared, options.suggestionThreshold, () => []), vector: mine };
    },
  };
}
