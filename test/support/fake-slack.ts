/**
 * A local stand-in for Slack: the Web API methods Retour calls (auth.test, users.info,
 * chat.getPermalink, views.open, chat.postMessage), answering their documented JSON shapes
 * (https://api.slack.com/methods), and response_url addresses. Every call is recorded.
 */
export interface SlackCall {
  readonly method: string;
  readonly token: string | null;
  readonly args: Record<string, any>;
}

export interface SlackPerson {
  readonly name: string;
  readonly realName: string;
  /** Absent when the workspace does not share e-mail addresses (users:read.email). */
  readonly email?: string;
}

export class FakeSlack {
  readonly calls: SlackCall[] = [];
  /** What was posted to response_url addresses, by path. */
  readonly responses: { path: string; body: Record<string, any> }[] = [];
  readonly people = new Map<string, SlackPerson>();
  /** Channels the app cannot see: chat.getPermalink answers channel_not_found there. */
  readonly hiddenChannels = new Set<string>();
  /** response_url paths Slack no longer takes (they live 30 minutes): answered 404, as Slack does. */
  readonly expiredResponses = new Set<string>();
  /** While true, every Web API call answers 503, as during an outage. */
  down = false;
  /** The one bot token Slack takes; any other is answered invalid_auth (change it to revoke the one given). */
  botToken = "xoxb-test-token";
  /** The workspace the bot token was installed in, as auth.test names it. */
  teamId = "T1";
  /** The Enterprise Grid organization of the installation: absent outside a Grid. */
  enterpriseId: string | undefined = undefined;
  /** Installed on the whole Grid organization: auth.test then says so (is_enterprise_install). */
  enterpriseInstall = false;
  private server: ReturnType<typeof Bun.serve> | null = null;

  start(): this {
    this.server = Bun.serve({ port: 0, fetch: (request) => this.handle(request) });
    return this;
  }

  /** The Web API's address, as SLACK_API_URL or --api-url take it. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.server!.port}/api/`;
  }

  /** A response_url for one command or shortcut. */
  responseUrl(name: string): string {
    return `http://127.0.0.1:${this.server!.port}/respond/${name}`;
  }

  stop(): void {
    this.server?.stop(true);
  }

  /** The calls of one Web API method, with their arguments. */
  callsOf(method: string): Record<string, any>[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  private async handle(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path.startsWith("/respond/")) {
      if (this.expiredResponses.has(path)) return new Response("expired_url", { status: 404 });
      this.responses.push({ path, body: (await request.json()) as Record<string, any> });
      return new Response("ok");
    }
    const method = path.replace(/^\/api\//, "");
    const args = await this.argsOf(request);
    this.calls.push({ method, token: request.headers.get("authorization"), args });
    if (this.down) return new Response("upstream connect error", { status: 503 });
    if (request.headers.get("authorization") !== `Bearer ${this.botToken}`) return Response.json({ ok: false, error: "invalid_auth" });
    if (method === "auth.test")
      return Response.json({
        ok: true,
        url: "https://acme.slack.com/",
        team: "Acme",
        user: "retour",
        team_id: this.teamId,
        user_id: "U0BOT",
        bot_id: "B0001",
        ...(this.enterpriseId && { enterprise_id: this.enterpriseId }),
        is_enterprise_install: this.enterpriseInstall,
      });
    if (method === "users.info") {
      const person = this.people.get(args.user);
      if (!person) return Response.json({ ok: false, error: "user_not_found" });
      return Response.json({
        ok: true,
        user: {
          id: args.user,
          name: person.name,
          real_name: person.realName,
          profile: { real_name: person.realName, display_name: person.name, ...(person.email && { email: person.email }) },
        },
      });
    }
    if (method === "chat.getPermalink") {
      if (this.hiddenChannels.has(args.channel)) return Response.json({ ok: false, error: "channel_not_found" });
      return Response.json({
        ok: true,
        channel: args.channel,
        permalink: `https://acme.slack.com/archives/${args.channel}/p${String(args.message_ts).replace(".", "")}`,
      });
    }
    if (method === "views.open") return Response.json({ ok: true, view: { id: "V1", ...JSON.parse(args.view) } });
    if (method === "chat.postMessage")
      return Response.json({ ok: true, channel: args.channel, ts: "1712345678.000200", message: { text: args.text } });
    return Response.json({ ok: false, error: "unknown_method" });
  }

  /** The Web API takes form-encoded arguments (objects as JSON text) or a JSON body. */
  private async argsOf(request: Request): Promise<Record<string, any>> {
    const text = await request.text();
    if (request.headers.get("content-type")?.includes("json")) return JSON.parse(text);
    return Object.fromEntries(new URLSearchParams(text));
  }
}
