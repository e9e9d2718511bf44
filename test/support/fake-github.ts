/**
 * A local server that emulates the GitHub endpoints Retour uses, as Octokit calls them: the
 * repository acme/shop (read as the token sees it, when the token is saved) and its issues.
 */
interface FakeIssue {
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  state_reason: string | null;
  labels: string[];
  /** Comments as GitHub shows them: without the HTML comments their bodies may hold. */
  comments: string[];
  /** Comments as GitHub keeps them. */
  bodies: string[];
}

export class FakeGitHub {
  readonly issues = new Map<number, FakeIssue>();
  readonly calls: string[] = [];
  /** How long each request waits before it is answered, as a slow tracker does. */
  slowMs = 0;
  /** While true, every call answers 503, as during an outage. */
  down = false;
  /** The one token GitHub takes; any other is answered 401 Bad credentials (change it to revoke the one given). */
  token = "gh-token";
  /** What the token's account may do in acme/shop, as GET /repos/{owner}/{repo} says it. */
  permissions = { admin: false, maintain: false, push: true, triage: true, pull: true };
  private server: ReturnType<typeof Bun.serve> | null = null;

  start(): this {
    this.server = Bun.serve({ port: 0, fetch: (request) => this.handle(request) });
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.server!.port}`;
  }

  stop(): void {
    this.server?.stop(true);
  }

  add(title: string): FakeIssue {
    const issue: FakeIssue = {
      number: this.issues.size + 1,
      title,
      body: "",
      state: "open",
      state_reason: null,
      labels: [],
      comments: [],
      bodies: [],
    };
    this.issues.set(issue.number, issue);
    return issue;
  }

  private json({ bodies: _, ...issue }: FakeIssue) {
    return Response.json({
      ...issue,
      labels: issue.labels.map((name) => ({ name })),
      html_url: `https://github.test/acme/shop/issues/${issue.number}`,
    });
  }

  private async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    this.calls.push(`${request.method} ${url.pathname}`);
    if (this.down) return Response.json({ message: "Service unavailable" }, { status: 503 });
    if (this.slowMs > 0) await Bun.sleep(this.slowMs);
    if (request.headers.get("authorization") !== `token ${this.token}`)
      return Response.json({ message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" }, { status: 401 });
    if (url.pathname === "/repos/acme/shop" && request.method === "GET")
      return Response.json({ id: 1, name: "shop", full_name: "acme/shop", private: true, has_issues: true, permissions: this.permissions });
    const body = request.method === "GET" ? {} : ((await request.json()) as any);
    const match = /^\/repos\/acme\/shop\/issues(?:\/(\d+))?(\/labels|\/comments)?$/.exec(url.pathname);
    if (!match) return Response.json({ message: "Not Found" }, { status: 404 });
    if (!match[1] && request.method === "POST") {
      const issue = this.add(body.title);
      issue.body = body.body ?? "";
      issue.labels = body.labels ?? [];
      return this.json(issue);
    }
    const issue = this.issues.get(Number(match[1]));
    if (!issue) return Response.json({ message: "Not Found" }, { status: 404 });
    if (match[2] === "/labels" && request.method === "PUT") issue.labels = body.labels;
    else if (match[2] === "/comments" && request.method === "POST") {
      issue.bodies.push(body.body);
      issue.comments.push(body.body.replace(/<!--[\s\S]*?-->/g, "").trim());
    } else if (match[2] === "/comments" && request.method === "GET")
      return Response.json(issue.bodies.map((text, i) => ({ id: i + 1, body: text, created_at: new Date().toISOString() })));
    else if (request.method === "PATCH") {
      if (body.state) issue.state = body.state;
      issue.state_reason = body.state_reason ?? (body.state === "open" ? "reopened" : issue.state_reason);
    }
    return this.json(issue);
  }
}
