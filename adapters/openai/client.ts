import OpenAI from "openai";

export interface ClientOptions {
  readonly apiKey: string | undefined;
  /** Any OpenAI-compatible server (Ollama, vLLM, LM Studio). */
  readonly baseUrl: string | undefined;
  /** Per request; the SDK retries 429, 5xx and timeouts with exponential backoff. */
  readonly timeoutMs: number;
  readonly maxRetries: number;
}

/** Token use of one call, for the log. */
export interface Usage {
  readonly purpose: string;
  readonly prompt: string;
  readonly model: string;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly ms: number;
}

export const createClient = (options: ClientOptions): OpenAI =>
  new OpenAI({
    apiKey: options.apiKey ?? "not-needed",
    ...(options.baseUrl && { baseURL: options.baseUrl }),
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
  });
