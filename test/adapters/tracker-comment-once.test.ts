import { afterAll, describe, expect, test } from "bun:test";
import { THIS_MACHINE } from "../support/this-machine.ts";
import { createGithubTracker } from "../../adapters/github/tracker.ts";
import { createJiraTracker } from "../../adapters/jira/tracker.ts";
import { createLinearTracker } from "../../adapters/linear/tracker.ts";
import type { TrackerLink } from "../../core/model.ts";
import type { IssueComment, IssueTracker, TrackerSettings } from "../../core/ports.ts";
import { FakeGitHub } from "../support/fake-github.ts";
import { FakeJira } from "../support/fake-jira.ts";
import { FakeLinear } from "../support/fake-linear.ts";

const github = new FakeGitHub().start();
const linear = new FakeLinear().start();
const jira = new FakeJira().start();
afterAll(() => {
  github.stop();
  linear.stop();
  jira.stop();
});

const secret = { webhookSecret: "secret", statuses: {} };
/** Each tracker against its local server, with an issue of its own and a way to read that issue's comments. */
const trackers: { name: string; tracker: IssueTracker; settings: TrackerSettings; link: () => TrackerLink; comments: () => string[] }[] = [
  {
    name: "GitHub",
    tracker: createGithubTracker({ addresses: THIS_MACHINE }),
    settings: { ...secret, project: "acme/shop", token: "gh-token", apiUrl: github.url },
    link: () => ({ key: `acme/shop#${github.add("Coupons applied twice").number}`, provider: "github", status: "open" }),
    comments: () => [...github.issues.values()].at(-1)!.comments,
  },
  {
    name: "Linear",
    tracker: createLinearTracker({ addresses: THIS_MACHINE }),
    settings: { ...secret, project: "ENG", token: linear.token, apiUrl: linear.url },
    link: () => ({ key: linear.add("Coupons applied twice").identifier, provider: "linear", status: "Todo" }),
    comments: () => [...linear.issues.values()].at(-1)!.comments,
  },
  {
    name: "Jira",
    tracker: createJiraTracker({ addresses: THIS_MACHINE }),
    settings: { ...secret, project: "SHOP", token: jira.token, email: jira.email, site: "acme.atlassian.net", apiUrl: jira.url },
    link: () => ({ key: jira.add("Coupons applied twice").key, provider: "jira", status: "To Do" }),
    comments: () => [...jira.issues.values()].at(-1)!.comments,
  },
];

const fixed: IssueComment = { id: "comment-fixed", text: "Fixed in #9", at: Date.now() };

describe("a status change's comment on the linked issue", () => {
  for (const { name, tracker, settings, link, comments } of trackers) {
    test(`${name}: a comment the issue holds already (its sync posted it and did not live to record so) is not posted again`, async () => {
      const issue = link();
      await tracker.follow(settings, issue, { status: "fixed", comment: fixed });
      expect(comments()).toEqual(["Fixed in #9"]);
      await tracker.follow(settings, issue, { status: "fixed", comment: fixed });
      expect(comments()).toEqual(["Fixed in #9"]);
    });

    test(`${name}: another comment, even of the same words, is posted`, async () => {
      const issue = link();
      await tracker.follow(settings, issue, { status: "fixed", comment: fixed });
      await tracker.follow(settings, issue, { status: "fixed", comment: { ...fixed, id: "comment-again" } });
      expect(comments()).toEqual(["Fixed in #9", "Fixed in #9"]);
    });
  }

  test("on GitHub, the comment's body names it in an HTML comment, which GitHub does not show", async () => {
    const issue = link("GitHub");
    await trackers[0]!.tracker.follow(trackers[0]!.settings, issue, { status: "fixed", comment: fixed });
    expect([...github.issues.values()].at(-1)!.bodies).toEqual(["Fixed in #9\n\n<!-- retour:comment:comment-fixed -->"]);
  });

  test("on Linear, the comment is kept under an id it is given, of the UUID form Linear takes", async () => {
    const issue = link("Linear");
    await trackers[1]!.tracker.follow(trackers[1]!.settings, issue, { status: "fixed", comment: fixed });
    const [id] = [...linear.issues.values()].at(-1)!.commentIds;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test("on Jira, the comment carries a property naming it, which Jira keeps and does not show", async () => {
    const issue = link("Jira");
    await trackers[2]!.tracker.follow(trackers[2]!.settings, issue, { status: "fixed", comment: fixed });
    expect([...jira.issues.values()].at(-1)!.commentProperties).toEqual([[{ key: "retour.comment", value: { id: "comment-fixed" } }]]);
  });
});

function link(name: string): TrackerLink {
  return trackers.find((t) => t.name === name)!.link();
}
