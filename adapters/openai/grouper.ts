import { groupingKeys } from "../../core/grouping/analyze.ts";
import type { Grouper } from "../../core/ports.ts";
import { createClient, type ClientOptions, type Usage } from "./client.ts";

export interface EmbeddingGrouperOptions extends ClientOptions {
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
 * (kept when each was indexed); only texts without a vector are embedded, in one call.
 */
export function createEmbeddingGrouper(options: EmbeddingGrouperOptions): Grouper {
  const client = createClient(options);
  return {
    keys: groupingKeys,

    async compare(text, candidates) {
      const missing = candidates.filter((c) => !c.vector);
      const started = performance.now();
      const response = await client.embeddings.create({ model: options.model, input: [text, ...missing.map((c) => c.text)] });
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
      // A feedback answers with its closest text (single linkage).
      const best = new Map<string, number>();
      for (const candidate of candidates) {
        const score = cosine(mine, candidate.vector ?? fresh.get(candidate.id)!);
        if (score >= options.suggestionThreshold && score > (best.get(candidate.id) ?? -1)) best.set(candidate.id, score);
      }
      const matches = [...best]
        .map(([id, score]) => ({ id, score: Math.round(score * 1000) / 1000, same: score >= options.threshold, matched: [] }))
        .sort((a, b) => b.score - a.score);
      return { matches, vector: mine };
    },
  };
}
