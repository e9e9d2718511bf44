import { describe } from "bun:test";
import type { Store } from "../../core/services.ts";
import { organizationsContract } from "./store-contract/organizations.ts";
import { appSetupContract } from "./store-contract/app-setup.ts";
import { catalogContract } from "./store-contract/catalog.ts";
import { helpCenterContract } from "./store-contract/help-center.ts";
import { usersContract } from "./store-contract/users.ts";
import { accountsContract } from "./store-contract/accounts.ts";
import { tokensContract } from "./store-contract/tokens.ts";
import { accessContract } from "./store-contract/access.ts";
import { oauthContract } from "./store-contract/oauth.ts";
import { collectionContract } from "./store-contract/collection.ts";
import { idempotencyContract } from "./store-contract/idempotency.ts";
import { rateLimitsContract } from "./store-contract/rate-limits.ts";
import { qualificationsContract } from "./store-contract/qualifications.ts";
import { feedbacksContract } from "./store-contract/feedbacks.ts";
import { groupingContract } from "./store-contract/grouping.ts";
import { mergesContract } from "./store-contract/merges.ts";
import { suggestionsContract } from "./store-contract/suggestions.ts";
import { followersContract } from "./store-contract/followers.ts";
import { trendsContract } from "./store-contract/trends.ts";
import { jobsContract } from "./store-contract/jobs.ts";
import { webhooksContract } from "./store-contract/webhooks.ts";
import { trackersContract } from "./store-contract/trackers.ts";
import { attachmentsContract } from "./store-contract/attachments.ts";
import { serviceSecretContract } from "./store-contract/service-secret.ts";
import { changelogContract } from "./store-contract/changelog.ts";
import { commentsContract } from "./store-contract/comments.ts";
import { slackContract } from "./store-contract/slack.ts";
import { teamContract } from "./store-contract/team.ts";
import { invitationsContract } from "./store-contract/invitations.ts";
import { passwordResetsContract } from "./store-contract/password-resets.ts";
import { savedViewsContract } from "./store-contract/saved-views.ts";
import { votesContract } from "./store-contract/votes.ts";
import { portalPeopleContract } from "./store-contract/portal-people.ts";
import { portalsContract } from "./store-contract/portals.ts";
import { publicationsContract } from "./store-contract/publications.ts";
import { triageContract } from "./store-contract/triage.ts";
import { apiKeysContract } from "./store-contract/api-keys.ts";
import { upkeepContract } from "./store-contract/upkeep.ts";

/** One suite per store role (test/adapters/store-contract/), as lucia's testAdapter: every store adapter runs them all. */
const ROLE_CONTRACTS: ReadonlyArray<(makeStore: () => Promise<Store>) => void> = [
  organizationsContract,
  appSetupContract,
  catalogContract,
  helpCenterContract,
  usersContract,
  accountsContract,
  tokensContract,
  accessContract,
  oauthContract,
  collectionContract,
  idempotencyContract,
  rateLimitsContract,
  qualificationsContract,
  feedbacksContract,
  groupingContract,
  mergesContract,
  suggestionsContract,
  followersContract,
  trendsContract,
  jobsContract,
  webhooksContract,
  trackersContract,
  attachmentsContract,
  serviceSecretContract,
  changelogContract,
  commentsContract,
  slackContract,
  teamContract,
  invitationsContract,
  passwordResetsContract,
  savedViewsContract,
  votesContract,
  portalPeopleContract,
  portalsContract,
  publicationsContract,
  triageContract,
  apiKeysContract,
  upkeepContract,
];

/**
 * The behaviour every store adapter must have, on plain data. Each adapter's test file calls
 * this with a factory that returns a fresh, empty store.
 */
export function storeContract(name: string, makeStore: () => Promise<Store>) {
  describe(`${name} store contract`, () => {
    for (const contract of ROLE_CONTRACTS) contract(makeStore);
  });
}
