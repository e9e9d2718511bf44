import { afterAll, describe, expect, test } from "bun:test";
import { THIS_MACHINE } from "../support/this-machine.ts";
import { createGithubTracker } from "../../adapters/github/tracker.ts";
import { createJiraTracker } from "../../adapters/jira/tracker.ts";
import { createLinearTracker } from "../../adapters/linear/tracker.ts";
import type { IssueTracker, TrackerSettings } from "../../core/ports.ts";
import { CredentialsRefused } from "../../core/refused-credentials.ts";
import { FakeGitHub } from "../support/fake-github.ts";
import { FakeJira } from "../support/fake-jira.ts";
import { FakeLinear } from "../support/fake-linear.ts";

/** Another origin (another port): where the metadata service would be. It counts each request that reaches it. */
let reached = 0;
const elsewhere = Bun.serve({
  port: 0,
  fetch: () => {
    reached++;
    return Response.json({});
  },
});

/** A tracker's server that answers every request with a 307 to the same path on the other origin. */
const redirecting = Bun.serve({
  port: 0,
  fetch: (request) => {
    const { pathname, search } = new URL(request.url);
    return new Response(null, { status: 307, headers: { location: `${elsewhere.url.origin}${pathname}${search}` } });
  },
});

const github = new FakeGitHub().start();
const linear = new FakeLinear().start();
const jira = new FakeJira().start();

/**
 * A tracker's server whose API moved within its own origin, as GitHub's for a renamed repository:
 * under /moved it answers 301 to a GET and 307 to any other method, with the path without /moved;
 * elsewhere it passes requests to the fake tracker at `origin`.
 */
const movedWithin = (origin: string) =>
  Bun.serve({
    port: 0,
    fetch: async (request) => {
      const { pathname, search } = new URL(request.url);
      if (pathname.startsWith("/moved/"))
        return new Response(null, {
          status: request.method === "GET" ? 301 : 307,
          headers: { location: `${pathname.slice("/moved".length)}${search}` },
        });
      const body = request.method === "GET" ? undefined : await request.arrayBuffer();
      return fetch(`${origin}${pathname}${search}`, { method: request.method, headers: request.headers, body });
    },
  });
const githubMoved = movedWithin(new URL(github.url).origin);
const linearMoved = movedWithin(new URL(linear.url).origin);
const jiraMoved = movedWithin(new URL(jira.url).origin);

afterAll(() => {
  for (const server of [elsewhere, redirecting, githubMoved, linearMoved, jiraMoved]) server.stop(true);
  for (const fake of [github, linear, jira]) fake.stop();
});

const base = { webhookSecret: "secret", statuses: {} };
const trackers: [string, IssueTracker, TrackerSettings, TrackerSettings][] = [
  [
    "GitHub",
    createGithubTracker({ addresses: THIS_MACHINE }),
    { ...base, project: "acme/shop", token: "gh-token", apiUrl: redirecting.url.origin },
    { ...base, project: "acme/shop", token: "gh-token", apiUrl: `${githubMoved.url.origin}/moved` },
  ],
  [
    "Linear",
    createLinearTracker({ addresses: THIS_MACHINE }),
    { ...base, project: "ENG", token: linear.token, apiUrl: `${redirecting.url.origin}/graphql` },
    { ...base, project: "ENG", token: linear.token, apiUrl: `${linearMoved.url.origin}/moved/graphql` },
  ],
  [
    "Jira",
    createJiraTracker({ addresses: THIS_MACHINE }),
    { ...base, project: "SHOP", token: jira.token, email: jira.email, apiUrl: redirecting.url.origin },
    { ...base, project: "SHOP", token: jira.token, email: jira.email, apiUrl: `${jiraMoved.url.origin}/moved` },
  ],
];

/** The messages of a failure and of its causes, which the libraries wrap in their own errors. */
const messages = (error: unknown): string =>
  error instanceof Error ? `${error.message} ${messages(error.cause)}` : typeof error === "object" && error ? JSON.stringify(error) : "";

describe("a tracker whose address redirects", () => {
  for (const [name, tracker, crossOrigin, sameOrigin] of trackers) {
    test(`${name}: a redirect to another origin fails the operation as the tracker failing, and the other origin receives nothing`, async () => {
      const before = reached;
      const failure = await tracker.check!(crossOrigin).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(CredentialsRefused);
      expect(messages(failure)).toContain("redirected to another origin");
      expect(reached).toBe(before);
    });

    test(`${name}: a redirect on the address's own origin is followed`, async () => {
      await tracker.check!(sameOrigin);
    });
  }

  test("GitHub: opening an issue in a repository whose address moved on the API host follows the 307 with its body", async () => {
    const link = await createGithubTracker({ addresses: THIS_MACHINE }).open(trackers[0]![3], {
      title: "Export fails",
      body: "It fails",
      status: "triage",
    });
    expect(github.issues.get(Number(link.key.split("#")[1]))?.title).toBe("Export fails");
  });
});
