import { createHmac } from "node:crypto";

/**
 * A local server that answers the GraphQL operations `@linear/sdk` sends for Retour (viewer, teams,
 * workflowStates, issue, issueCreate, issueUpdate, comment, commentCreate) in the shapes Linear documents,
 * for one team, ENG, with Linear's default workflow.
 */
interface FakeState {
  id: string;
  name: string;
  type: string;
  position: number;
}

interface FakeIssue {
  id: string;
  identifier: string;
  title: string;
  description: string;
  stateId: string;
  comments: string[];
  /** The id of each comment, as given by the client or made here. */
  commentIds: string[];
}

const TEAM = { id: "team-eng", key: "ENG", name: "Engineering" };
const PAGE = { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null };

export class FakeLinear {
  /** The one API key Linear takes; any other is answered with an authentication error (change it to revoke the one given). */
  token = "lin_api_test";
  readonly states: FakeState[] = [
    { id: "st-backlog", name: "Backlog", type: "backlog", position: 0 },
    { id: "st-todo", name: "Todo", type: "unstarted", position: 1 },
    { id: "st-progress", name: "In Progress", type: "started", position: 2 },
    { id: "st-review", name: "In Review", type: "started", position: 3 },
    { id: "st-done", name: "Done", type: "completed", position: 4 },
    { id: "st-canceled", name: "Canceled", type: "canceled", position: 5 },
  ];
  readonly issues = new Map<string, FakeIssue>();
  /** The root field of each operation received, in order. */
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
    return `http://127.0.0.1:${this.server!.port}/graphql`;
  }

  stop(): void {
    this.server?.stop(true);
  }

  add(title: string, stateName = "Todo"): FakeIssue {
    const number = this.issues.size + 1;
    const issue: FakeIssue = {
      id: `issue-${number}`,
      identifier: `ENG-${number}`,
      title,
      description: "",
      stateId: this.stateNamed(stateName).id,
      comments: [],
      commentIds: [],
    };
    this.issues.set(issue.identifier, issue);
    return issue;
  }

  stateOf(identifier: string): string {
    return this.states.find((s) => s.id === this.issues.get(identifier)?.stateId)?.name ?? "";
  }

  /**
   * A person moves an issue to another state in Linear: the issue changes and the body of the
   * webhook Linear sends (an Issue `update` with `updatedFrom.stateId`) is returned with its signature.
   */
  move(identifier: string, stateName: string, secret: string, sentAt = Date.now()): { raw: string; signature: string } {
    const issue = this.issues.get(identifier)!;
    const from = issue.stateId;
    const state = this.stateNamed(stateName);
    issue.stateId = state.id;
    const raw = JSON.stringify({
      action: "update",
      actor: { id: "user-1", name: "Ada", type: "user" },
      createdAt: new Date(sentAt).toISOString(),
      data: {
        id: issue.id,
        identifier: issue.identifier,
        title: issue.title,
        stateId: state.id,
        state: { id: state.id, name: state.name, type: state.type, color: "#5e6ad2" },
        teamId: TEAM.id,
        team: TEAM,
        url: this.issueUrl(issue),
      },
      updatedFrom: { stateId: from, updatedAt: new Date(sentAt - 1000).toISOString() },
      url: this.issueUrl(issue),
      type: "Issue",
      organizationId: "org-acme",
      webhookTimestamp: sentAt,
      webhookId: "webhook-1",
    });
    return { raw, signature: createHmac("sha256", secret).update(raw).digest("hex") };
  }

  private stateNamed(name: string): FakeState {
    const state = this.states.find((s) => s.name === name);
    if (!state) throw new Error(`no state ${name}`);
    return state;
  }

  private issueUrl = (issue: FakeIssue) => `https://linear.app/acme/issue/${issue.identifier}`;

  private issueData(issue: FakeIssue) {
    return {
      __typename: "Issue",
      id: issue.id,
      identifier: issue.identifier,
      number: Number(issue.identifier.split("-")[1]),
      title: issue.title,
      description: issue.description,
      url: this.issueUrl(issue),
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      state: { id: issue.stateId },
      team: { id: TEAM.id },
      // Non-null in Linear's schema: the SDK's Issue model reads them.
      reactions: [],
      labelIds: [],
      sharedAccess: { isShared: false, sharedWithCount: 0, viewerHasOnlySharedAccess: false, disallowedIssueFields: [], sharedWithUsers: [] },
    };
  }

  private find(id: string): FakeIssue | undefined {
    return this.issues.get(id) ?? [...this.issues.values()].find((issue) => issue.id === id);
  }

  private async handle(request: Request): Promise<Response> {
    if (this.down) return new Response("Service unavailable", { status: 503 });
    if (new URL(request.url).pathname !== "/graphql" || request.method !== "POST") return new Response("Not found", { status: 404 });
    const { query, variables = {} } = (await request.json()) as { query: string; variables?: any };
    const field = /^\s*(?:query|mutation)\b[^{]*\{\s*(\w+)/.exec(query)?.[1] ?? "";
    // Counted as it arrives, as the other fakes count theirs: a call its client gave up on while it waited was made all the same.
    this.calls.push(field);
    if (this.slowMs > 0) await Bun.sleep(this.slowMs);
    if (request.headers.get("authorization") !== this.token)
      return Response.json(
        {
          data: null,
          errors: [{ message: "Authentication required, not authenticated", extensions: { type: "authentication error", userError: true } }],
        },
        { status: 400 },
      );
    const data = (value: unknown) => Response.json({ data: { [field]: value } });
    const notFound = (entity = "Issue") =>
      Response.json({
        data: null,
        errors: [
          {
            message: `Entity not found: ${entity}`,
            path: [field],
            extensions: {
              type: "invalid input",
              code: "INPUT_ERROR",
              userError: true,
              userPresentableMessage: `Could not find referenced ${entity}.`,
            },
          },
        ],
      });
    switch (field) {
      case "viewer":
        return data({
          __typename: "User",
          id: "user-ops",
          name: "Ops",
          displayName: "ops",
          email: "ops@acme.test",
          active: true,
          admin: false,
          createdAt: "2026-01-01T00:00:00.000Z",
          updatedAt: "2026-01-01T00:00:00.000Z",
        });
      case "teams":
        return data({ nodes: variables.filter?.key?.eq === TEAM.key ? [{ __typename: "Team", ...TEAM }] : [], pageInfo: PAGE });
      case "workflowStates": {
        const own = variables.filter?.team?.key?.eq === TEAM.key;
        return data({ nodes: own ? this.states.map((s) => ({ __typename: "WorkflowState", ...s, team: { id: TEAM.id } })) : [], pageInfo: PAGE });
      }
      case "issue": {
        const issue = this.find(variables.id);
        return issue ? data(this.issueData(issue)) : notFound();
      }
      case "issueCreate": {
        const issue = this.add(variables.input.title, this.states.find((s) => s.id === variables.input.stateId)?.name ?? "Backlog");
        issue.description = variables.input.description ?? "";
        return data({ __typename: "IssuePayload", lastSyncId: 1, success: true, issue: { id: issue.id } });
      }
      case "issueUpdate": {
        const issue = this.find(variables.id);
        if (!issue) return notFound();
        if (variables.input.stateId) issue.stateId = variables.input.stateId;
        return data({ __typename: "IssuePayload", lastSyncId: 2, success: true, issue: { id: issue.id } });
      }
      case "comment": {
        const issue = [...this.issues.values()].find((i) => i.commentIds.includes(variables.id));
        if (!issue) return notFound("Comment");
        const place = issue.commentIds.indexOf(variables.id);
        return data({
          __typename: "Comment",
          id: variables.id,
          body: issue.comments[place],
          createdAt: "2026-01-01T00:00:00.000Z",
          updatedAt: "2026-01-01T00:00:00.000Z",
          issue: { id: issue.id },
          reactionData: {},
          reactions: [],
        });
      }
      case "commentCreate": {
        const issue = this.find(variables.input.issueId);
        if (!issue) return notFound();
        // Linear refuses a comment id it has already: a client that gives ids must look first.
        const id = variables.input.id ?? `comment-${issue.comments.length + 1}`;
        if ([...this.issues.values()].some((i) => i.commentIds.includes(id)))
          return Response.json({
            data: null,
            errors: [{ message: "Entity already exists", path: [field], extensions: { type: "invalid input", userError: true } }],
          });
        issue.comments.push(variables.input.body);
        issue.commentIds.push(id);
        return data({ __typename: "CommentPayload", lastSyncId: 3, success: true, comment: { id } });
      }
      default:
        return Response.json(
          { data: null, errors: [{ message: `Cannot query field "${field}"`, extensions: { type: "graphql error" } }] },
          { status: 400 },
        );
    }
  }
}
