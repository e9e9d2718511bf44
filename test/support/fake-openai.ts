/**
 * A local OpenAI-compatible server for tests: chat completions answer with whatever the test
 * scripts, and it can fail with 429s or answer too late, as real providers do.
 */
export class FakeOpenAI {
  readonly requests: Array<{ path: string; body: any }> = [];
  /** Answers to chat completions, as the JSON the model would write. */
  reply: (body: any) => unknown = () => ({});
  /** Embeddings: by default, one axis per topic word, so texts on one subject point the same way. */
  embed: (text: string) => number[] = (text) => {
    const topics = ["export", "login", "payment", "search"];
    const vector = topics.map((t) => (text.toLowerCase().includes(t) ? 1 : 0));
    return [...vector, vector.every((x) => x === 0) ? 1 : 0.0625];
  };
  /** Number of next requests to refuse with 429. */
  rateLimited = 0;
  /** Delay before answering, in milliseconds. */
  delayMs = 0;
  private server: ReturnType<typeof Bun.serve> | null = null;

  start(): this {
    this.server = Bun.serve({
      port: 0,
      fetch: async (request) => {
        const body = await request.json();
        const path = new URL(request.url).pathname;
        this.requests.push({ path, body });
        if (this.delayMs) await Bun.sleep(this.delayMs);
        if (this.rateLimited > 0) {
          this.rateLimited--;
          return Response.json(
            { error: { message: "Rate limit reached", type: "rate_limit_error" } },
            { status: 429, headers: { "retry-after-ms": "10" } },
          );
        }
        if (path.endsWith("/chat/completions")) {
          return Response.json({
            id: "chatcmpl-test",
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: JSON.stringify(this.reply(body)) } }],
            usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
          });
        }
        if (path.endsWith("/embeddings")) {
          const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
          return Response.json({
            object: "list",
            model: body.model,
            // As real servers do: base64 of float32 when asked (the SDK asks by default), else numbers.
            data: inputs.map((text, index) => {
              const vector = this.embed(text);
              const embedding = body.encoding_format === "base64" ? Buffer.from(new Float32Array(vector).buffer).toString("base64") : vector;
              return { object: "embedding", index, embedding };
            }),
            usage: { prompt_tokens: inputs.length * 8, total_tokens: inputs.length * 8 },
          });
        }
        return Response.json({ error: { message: "not found" } }, { status: 404 });
      },
    });
    return this;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.server!.port}/v1`;
  }

  stop(): void {
    this.server?.stop(true);
  }

  /** The purpose (json_schema name) of each chat completion received. */
  purposes(): string[] {
    return this.requests.map((r) => r.body.response_format?.json_schema?.name);
  }
}
