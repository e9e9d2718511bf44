/**
 * A local OpenAI-compatible server for tests: chat completions answer with whatever the test
 * scripts, and it can fail with 429s or answer too late, as real providers do.
 */
export class FakeOpenAI {
  readonly requests: Array<{ path: string; body: any }> = [];
  /** Answers to chat completions, as the JSON the model would write. */
  reply: (body: any) => unknown = () => ({});
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
