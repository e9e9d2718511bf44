import { createHmac } from "node:crypto";

/**
 * A local server that answers the Jira Cloud REST v3 calls `jira.js` makes for Retour (the account,
 * its project and permissions there; create an issue, read it, list and do its transitions,
 * comment; the project's statuses) in the shapes Atlassian documents, for one
 * project, SHOP, with the simplified workflow (To Do, In Progress, Done; any status to any other).
 */
interface FakeStatus {
  id: string;
  name: string;
  category: "new" | "indeterminate" | "done";
  /** The transition that leads to it. */
  transition: string;
}

interface FakeIssue {
  id: string;
  key: string;
  summary: string;
  description: unknown;
  issueType: string;
  status: FakeStatus;
  /** Comments as plain text, read back from their Atlassian Document Format bodies. */
  comments: string[];
  /** Each comment's properties, by comment (their ids are their places, from 1). */
  commentProperties: { key: string; value: unknown }[][];
}

const CATEGORY_NAMES = { new: "To Do", indeterminate: "In Progress", done: "Done" } as const;

/** The text of an Atlassian document, its paragraphs separated by blank lines. */
export const adfText = (doc: any): string =>
  (doc?.content ?? []).map((block: any) => (block.content ?? []).map((node: any) => node.text ?? "").join("")).join("\n\n");

export class FakeJira {
  readonly email = "ops@acme.test";
  /** The one API token Jira takes, with `email`; any other is answered 401 (change it to revoke the one given). */
  token = "jira-api-token";
  /** The project permissions the account lacks, as GET /rest/api/3/mypermissions says them. */
  readonly lacking = new Set<string>();
  readonly statuses: FakeStatus[] = [
    { id: "10000", name: "To Do", category: "new", transition: "11" },
    { id: "10001", name: "In Progress", category: "indeterminate", transition: "21" },
    { id: "10002", name: "Done", category: "done", transition: "31" },
    { id: "10003", name: "Won't Do", category: "done", transition: "41" },
  ];
  readonly issues = new Map<string, FakeIssue>();
  /** `METHOD path` of each request received, in order. */
  readonly calls: string[] = [];
  /** How long each request waits before it is answered, as a slow tracker does. */
  slowMs = 0;
  /** While true, every request answers 503, as during an outage. */
  down = false;
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

  add(summary: string, statusName = "To Do"): FakeIssue {
    const number = this.issues.size + 1;
    const issue: FakeIssue = {
      id: String(10_000 + number),
      key: `SHOP-${number}`,
      summary,
      description: null,
      issueType: "Task",
      status: this.statusNamed(statusName),
      comments: [],
      commentProperties: [],
    };
    this.issues.set(issue.key, issue);
    return issue;
  }

  /** A comment's id: its issue's number, then its place. */
  private commentId = (issue: FakeIssue, place: number): string => `${issue.id}${String(place + 1).padStart(3, "0")}`;

  /** POST /rest/api/3/comment/list: comments by id, with their properties when expanded. */
  private commentsByIds(ids: number[], expand: string | null): Response {
    const values = [...this.issues.values()].flatMap((issue) =>
      issue.comments.flatMap((text, place) => {
        const id = this.commentId(issue, place);
        if (!ids.includes(Number(id))) return [];
        return [{ id, body: text, ...(expand?.split(",").includes("properties") && { properties: issue.commentProperties[place] }) }];
      }),
    );
    return Response.json({ startAt: 0, maxResults: values.length, total: values.length, isLast: true, values });
  }

  /**
   * A person moves an issue to another status in Jira: the issue changes, and the body of the
   * `jira:issue_updated` event Jira sends (with its changelog) is returned with its `X-Hub-Signature`.
   */
  move(key: string, statusName: string, secret: string): { raw: string; signature: string } {
    const issue = this.issues.get(key)!;
    const from = issue.status;
    issue.status = this.statusNamed(statusName);
    const raw = JSON.stringify({
      timestamp: Date.now(),
      webhookEvent: "jira:issue_updated",
      issue_event_type_name: "issue_generic",
      user: { accountId: "5b10a2844c20165700ede21g", displayName: "Ada" },
      issue: this.issueJson(issue),
      changelog: {
        id: "10100",
        items: [
          {
            field: "status",
            fieldtype: "jira",
            fieldId: "status",
            from: from.id,
            fromString: from.name,
            to: issue.status.id,
            toString: issue.status.name,
          },
        ],
      },
    });
    return { raw, signature: `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}` };
  }

  private statusNamed(name: string): FakeStatus {
    const status = this.statuses.find((s) => s.name === name);
    if (!status) throw new Error(`no status ${name}`);
    return status;
  }

  private statusJson(status: FakeStatus) {
    return {
      self: `${this.url}/rest/api/3/status/${status.id}`,
      id: status.id,
      name: status.name,
      statusCategory: { id: { new: 2, indeterminate: 4, done: 3 }[status.category], key: status.category, name: CATEGORY_NAMES[status.category] },
    };
  }

  private issueJson(issue: FakeIssue) {
    return {
      id: issue.id,
      key: issue.key,
      self: `${this.url}/rest/api/3/issue/${issue.id}`,
      fields: {
        summary: issue.summary,
        status: this.statusJson(issue.status),
        project: { id: "10000", key: "SHOP", name: "Shop" },
        issuetype: { name: issue.issueType },
      },
    };
  }

  /** What the token's account asks of itself: who it is (myself), the project, its permissions there. */
  private accountCalls(url: URL): Response | null {
    if (url.pathname === "/rest/api/3/myself")
      return Response.json({ accountId: "5b10a2844c20165700ede21g", emailAddress: this.email, active: true });
    // The statuses of the project, by issue type: one type here, Task, with the workflow's statuses.
    if (url.pathname === "/rest/api/3/project/SHOP/statuses")
      return Response.json([
        {
          self: `${this.url}/rest/api/3/issuetype/10001`,
          id: "10001",
          name: "Task",
          subtask: false,
          statuses: this.statuses.map((s) => this.statusJson(s)),
        },
      ]);
    const project = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(url.pathname)?.[1];
    if (project === "SHOP") return Response.json({ id: "10000", key: "SHOP", name: "Shop", projectTypeKey: "software" });
    if (project) return Response.json({ errorMessages: [`No project could be found with key '${project}'.`], errors: {} }, { status: 404 });
    if (url.pathname !== "/rest/api/3/mypermissions") return null;
    const asked = (url.searchParams.get("permissions") ?? "").split(",").filter(Boolean);
    const permissions = Object.fromEntries(
      asked.map((key) => [key, { id: key, key, name: key, type: "PROJECT", description: "", havePermission: !this.lacking.has(key) }]),
    );
    return Response.json({ permissions });
  }

  private async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    this.calls.push(`${request.method} ${url.pathname}`);
    if (this.down) return new Response("Service unavailable", { status: 503 });
    if (this.slowMs > 0) await Bun.sleep(this.slowMs);
    if (request.headers.get("authorization") !== `Basic ${btoa(`${this.email}:${this.token}`)}`)
      return new Response("Client must be authenticated to access this resource.", { status: 401 });
    const body = request.method === "POST" ? ((await request.json()) as any) : null;
    const account = this.accountCalls(url);
    if (account) return account;
    const missing = () =>
      Response.json({ errorMessages: ["Issue does not exist or you do not have permission to see it."], errors: {} }, { status: 404 });
    if (url.pathname === "/rest/api/3/issue" && request.method === "POST") {
      if (body.fields?.project?.key !== "SHOP")
        return Response.json({ errorMessages: [], errors: { project: "Specify a valid project ID or key" } }, { status: 400 });
      const issue = this.add(body.fields.summary);
      issue.description = body.fields.description;
      issue.issueType = body.fields.issuetype?.name;
      return Response.json({ id: issue.id, key: issue.key, self: `${this.url}/rest/api/3/issue/${issue.id}` }, { status: 201 });
    }
    if (url.pathname === "/rest/api/3/comment/list" && request.method === "POST") return this.commentsByIds(body.ids, url.searchParams.get("expand"));
    const match = /^\/rest\/api\/3\/issue\/([^/]+)(\/transitions|\/comment)?$/.exec(url.pathname);
    const issue = match && (this.issues.get(match[1]!) ?? [...this.issues.values()].find((i) => i.id === match[1]));
    if (!issue) return missing();
    if (!match[2] && request.method === "GET") return Response.json(this.issueJson(issue));
    if (match[2] === "/transitions" && request.method === "GET")
      return Response.json({
        transitions: this.statuses
          .filter((s) => s !== issue.status)
          .map((s) => ({ id: s.transition, name: s.name, to: this.statusJson(s), hasScreen: false, isGlobal: true })),
      });
    if (match[2] === "/transitions" && request.method === "POST") {
      const target = this.statuses.find((s) => s.transition === body.transition?.id && s !== issue.status);
      if (!target) return Response.json({ errorMessages: ["Transition id is not valid for this issue."], errors: {} }, { status: 400 });
      issue.status = target;
      return new Response(null, { status: 204 });
    }
    if (match[2] === "/comment" && request.method === "POST") {
      issue.comments.push(adfText(body.body));
      issue.commentProperties.push(body.properties ?? []);
      return Response.json({ id: this.commentId(issue, issue.comments.length - 1), body: body.body }, { status: 201 });
    }
    if (match[2] === "/comment" && request.method === "GET") {
      const newest = url.searchParams.get("orderBy") === "-created";
      const all = issue.comments.map((_, i) => ({ id: this.commentId(issue, i) }));
      const comments = (newest ? all.reverse() : all).slice(0, Number(url.searchParams.get("maxResults") ?? 50));
      return Response.json({ startAt: 0, maxResults: comments.length, total: issue.comments.length, comments });
    }
    return Response.json({ errorMessages: ["Not found"], errors: {} }, { status: 404 });
  }
}
