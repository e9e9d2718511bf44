/**
 * Every text the HTTP adapter shows (web pages, consent screen, error bodies), in English.
 * The French catalog has the same shape; TypeScript and test/adapters/http/catalog.test.ts keep them aligned.
 */
export const EN = {
  web: {
    /** Words several pages say alike: the pages' names, the fields and buttons they share. */
    common: {
      inbox: "Inbox",
      possibleDuplicates: "Possible duplicates",
      trends: "Trends",
      settings: "Settings",
      agents: "Agents",
      plan: "Plan and quota",
      apps: "Apps and channels",
      members: "Members",
      webhooks: "Webhooks",
      tokens: "Access tokens",
      organization: "Organization",
      status: "Status",
      kind: "Kind",
      app: "App",
      feature: "Feature",
      key: "Key",
      reports: "Reports",
      followers: "Followers",
      lastActivity: "Last report",
      email: "E-mail",
      filters: "Filters",
      /** "Any" for a filter whose name is feminine in French (severity, app, feature). */
      anyFeminine: "Any",
      apply: "Apply",
      save: "Save",
      create: "Create",
      remove: "Remove",
      back: "Back to the inbox",
      never: "never",
      lastUsed: "Last used",
      adminsOnly: "Only Admins can change this.",
      noApps: "No app yet: an Admin creates one in the settings.",
      reportVia: "Report via",
      anonymous: "anonymous",
      /** Said where a feedback has no severity (an idea or praise, or not yet qualified). */
      noSeverity: "No severity",
      score: "score",
      formExpired: "This form has expired. Please try again.",
      otherSite: "This form can only be sent from its own page.",
      /** Where a report came from, after "Report via". */
      sources: { api: "API", form: "the hosted form", widget: "the widget", agent: "an agent" },
    },
    /** The header of every signed-in page, and the page of a person in no organization. */
    layout: {
      signOut: "Sign out",
      signedInAs: "Signed in as",
      switchOrganization: "Switch",
      language: "Français",
      languageCode: "fr",
      skip: "Skip to content",
      noOrganization: "You are not a member of any organization yet.",
      noOrganizationNext:
        "Ask an Admin of your organization to add you in Settings → Members, then reload this page. Whoever runs this server can add you from the command line:",
    },
    /** The settings pages' frame: their sections, and the page that confirms a destructive action. */
    settings: {
      cancel: "Cancel",
    },
    /** The inbox: its filters, its list and its paging. */
    inbox: {
      search: "Search",
      severity: "Severity",
      any: "Any",
      open: "Open",
      closed: "Closed",
      all: "All",
      sortBy: "Sort by",
      orders: { activity: "Last report", reports: "Most reports", severity: "Severity" },
      reset: "Reset",
      nothing: "No feedback matches these filters.",
      title: "Title",
      next: "Next page",
      firstPage: "First page",
      keyboardHint:
        "Keyboard: j and k move through the list, Enter opens, s changes a feedback's status, / searches (Escape leaves the search field).",
    },
    /** A feedback's page, and the page that plays a report's replay. */
    feedback: {
      notFound: "There is no such feedback in this organization.",
      summary: "Summary",
      observed: "Observed",
      expected: "Expected",
      conversation: "Qualification",
      assistant: "Assistant",
      reporter: "Reporter",
      changeStatus: "Change the status",
      comment: "Comment (for dismissed: the reason)",
      readOnly: "As a Reader you can read everything here and change nothing.",
      statusSaved: "Status saved.",
      tracker: "Tracker issue",
      noFollowers: "Nobody follows this feedback.",
      follow: "Follow",
      unfollow: "Unfollow",
      splitOut: "Split out",
      replayTitle: "Replay",
      replayNote: "The last minute before the report. Text and fields were masked as it was recorded.",
      play: "Play",
      pause: "Pause",
    },
    /** A feedback's activity: reports, comments, merges and splits, the tracker, the followers told. */
    activity: {
      activity: "Activity",
      byGrouping: "by grouping",
      mergedHere: "merged into this feedback",
      mergedInto: "Merged into",
      unmergedHere: "taken back out of this feedback",
      unmergedFrom: "Taken back out of",
      splitTo: "A report moved to a feedback of its own:",
      trackerSynced: "Tracker issue in line:",
      notifiedOne: "1 follower was told it was delivered",
      notifiedMany: "followers were told it was delivered",
      /** The control that unfolds the rest of a long report. */
      wholeReport: "Show the whole report",
      /** Between a report's position and the number of reports: "2 of 3". */
      of: "of",
    },
    /** What a report captured in the browser, and the assistant's diagnostic. */
    context: {
      context: "Context from the browser",
      diagnostic: "The assistant's diagnostic",
      where: "Where",
      probableCause: "Probable cause",
      suggestedAction: "Suggested action",
      page: "Page",
      browser: "Browser",
      screen: "Screen",
      consoleErrors: "Console errors and warnings",
      failedRequests: "Failed requests",
      breadcrumbs: "Before the report",
      networkError: "network error",
      screenshotAlt: "Screenshot sent with the report (fields and marked areas blocked out)",
      playReplay: "Play the replay",
    },
    /** The grouping side of a feedback's page: the feedbacks alike, those merged here, merging by key. */
    grouping: {
      similarFeedbacks: "Similar feedbacks",
      noSimilar: "No open feedback of this app looks alike.",
      sureDuplicate: "sure duplicate",
      matchedWords: "Matched words",
      mergeHere: "Merge into this one",
      mergeThisInto: "Merge this one into",
      notDuplicate: "Not duplicates",
      mergedFeedbacks: "Merged here",
      unmerge: "Unmerge",
      mergeInto: "Merge this feedback into",
      mergeIntoHint: "The key of the feedback that keeps both, for example DEMO-12. You can undo it.",
      merge: "Merge",
      mergedNotice: "Merged. The merge can be undone from the feedback that holds both.",
      unmergedNotice: "The merge was undone: this feedback has its reports, followers and status back.",
      dismissedNotice: "Noted: this pair will not be suggested again.",
      splitNotice: "The report has a feedback of its own now.",
    },
    /** The inbox of an organization that has no feedback yet: how to send the first report. */
    firstReport: {
      title: "No feedback yet",
      intro: "What people report about {app} arrives here. Send the first report:",
      api: "From a server or a terminal, with the app's API key:",
      widget: "From your web pages, with the widget (first let your site's origin send, in Settings → Apps):",
      form: "Or share the hosted form, which works without JavaScript:",
      keys: "An Admin finds the app's keys in Settings → Apps.",
      sample: "The export button does nothing",
    },
    /** The Possible duplicates page. */
    duplicates: {
      duplicatesIntro:
        "Pairs that grouping found alike but left for a person. Merge them, or say they are not duplicates: grouping will not suggest or merge that pair again.",
      noSuggestions:
        "No possible duplicates right now. Grouping lists here the pairs it finds alike without being sure, and, for apps in review mode, every likely duplicate.",
      oneReport: "1 report",
      manyReports: "reports",
      mayDuplicate: "may duplicate",
      mergeNewer: "Merge",
      into: "into",
    },
    /** The Trends page. */
    trends: {
      period: "Period",
      lastDays: "Last {n} days",
      reportsPerDay: "Reports per day",
      reportsPerDaySummary: "{total} reports in {n} days, {max} on the busiest day.",
      byFeature: "Reports by feature",
      noFeature: "No feature",
      growing: "Growing this week",
      growingNone: "No feature received more reports in the last 7 days than in the 7 before.",
      thisWeek: "Last 7 days",
      lastWeek: "7 days before",
      change: "Change",
      figures: "Figures per day",
      date: "Date",
    },
    /** Settings: the plan and this month's quota. */
    plan: {
      planName: "Plan",
      quotaUse: "Reports this month",
      unlimited: "unlimited",
    },
    /** Settings: the apps, their channels, browser collection, grouping mode, feature map and help center. */
    apps: {
      createApp: "Create an app",
      name: "Name",
      channels: "Channels",
      active: "active",
      disabled: "disabled",
      disable: "Disable",
      enable: "Enable",
      createChannel: "Add a channel",
      confirmDisableChannel: "Disable this channel? Reports sent with its key are refused at once.",
      browserCollection: "Widget in browsers",
      allowedOrigins: "Allowed origins",
      originsHint: "One exact origin per line, such as https://app.example.com or http://localhost:5173. The widget is refused everywhere else.",
      keptQueryParams: "Query parameters kept in page addresses (the values of all others are dropped)",
      recordReplay: "Keep a replay of the last minute (text and fields masked; on plans with full context)",
      grouping: "Grouping",
      groupingAuto: "Automatic: sure duplicates are merged, likely ones wait in Possible duplicates",
      groupingReview: "Review: nothing is merged without a person; every likely duplicate waits in Possible duplicates",
      featureMap: "Feature map",
      importJson: "Import (JSON, replaces the map)",
      helpCenter: "Help center",
      importHelp: "Import (JSON array of {title, url, body}, replaces the articles)",
      import: "Import",
      articles: "articles",
    },
    /** Settings: the members and their roles. */
    members: {
      role: "Role",
      addMember: "Add or change a member",
      confirmRemoveMember: "Remove this member from the organization? They lose access at once.",
    },
    /** Settings: personal access tokens. */
    tokens: {
      label: "Label",
      scopes: "Scopes",
      expires: "Expires",
      revoke: "Revoke",
      createToken: "Create a token",
      tokenOnce: "Your new token, shown once — copy it now:",
      confirmRevokeToken: "Revoke this token? Whatever uses it stops working at once.",
    },
    /** Settings: webhooks. */
    webhooks: {
      events: "Events",
      lastDelivery: "Last delivery",
      sendTest: "Send a test",
      rotate: "Rotate the secret",
      delete: "Delete",
      createWebhook: "Create a webhook",
      secretOnce: "Signing secret, shown once — copy it now:",
      noWebhooks: "No webhook yet. Create one below: each event you choose is sent to its address, signed with its secret.",
      testDelivered: "Test delivered",
      testRefused: "The test was not accepted",
      testUnreachable: "no answer (the address could not be reached, or did not answer in time)",
      confirmDeleteWebhook: "Delete this webhook? Deliveries to it stop at once.",
    },
    /** Settings: the agents connected with OAuth. */
    agents: {
      application: "Application",
      person: "Person",
      can: "Can",
      noAgents: "No agent is connected.",
      removeAgentHint: "Removing an agent cuts it off at once.",
      confirmRemoveAgent: "Remove this agent? It is cut off at once.",
    },
    /** The sign-in page. */
    signIn: {
      signInTitle: "Sign in to Retour",
      signIn: "Sign in",
      password: "Password",
      wrongPassword: "Wrong e-mail or password.",
      tooManyAttempts: "Too many attempts. Wait a minute and try again.",
    },
  },
  /** Display names of statuses, kinds and roles. */
  values: {
    triage: "Triage",
    prioritized: "Prioritized",
    in_development: "In development",
    fixed: "Fixed",
    delivered: "Delivered",
    dismissed: "Dismissed",
    problem: "Problem",
    idea: "Idea",
    praise: "Praise",
    admin: "Admin",
    member: "Member",
    reader: "Reader",
  },
  /** The hosted form a form channel publishes at /f/{key}. */
  form: {
    title: "Send feedback",
    about: "About",
    kind: "What is it about?",
    message: "Your message",
    messageHint: "What happened, and what did you expect?",
    email: "Your e-mail (optional, to hear back)",
    send: "Send",
    next: "Continue",
    orWrite: "Or write your answer",
    yes: "Yes",
    no: "No",
    thanks: "Thank you! Your feedback was sent.",
    track: "Follow its progress",
    again: "Send another",
    source: "Read the help article",
    notFound: "There is no form at this address.",
    honeypot: "Leave this field empty",
  },
  tracking: {
    title: "Your report",
    notFound: "There is nothing at this address.",
    status: "Status:",
    received: "Received",
    about: "Your report about",
    meaning: {
      triage: "The team has received it and will look at it soon.",
      prioritized: "The team has planned to work on it.",
      in_development: "The team is working on it.",
      fixed: "A fix is ready; it reaches you with the next update.",
      delivered: "It is done and available to you. Thank you for telling us.",
      dismissed: "The team decided not to act on it this time.",
    },
    history: "What happened",
  },
  unsubscribe: {
    title: "Unsubscribe",
    ask: "Stop receiving news about this report at",
    button: "Unsubscribe",
    done: "Done: you will receive no more news about this report.",
    invalid: "This link is not valid.",
  },
  /** What an agent may be allowed to do, as the consent screen and the agents page name it. */
  scopes: {
    "feedbacks:read": { name: "Read", description: "List and read feedbacks, reports, apps and the feature map" },
    "reports:write": { name: "Send", description: "Create reports" },
    "feedbacks:write": { name: "Update", description: "Change the status of feedbacks and comment them" },
  },
  /** The `error` of `{error, code}`, by code. */
  errors: {
    invalid_json: "The request body is not valid JSON.",
    invalid_ingest: "A field of the report is missing or invalid.",
    invalid_idempotency_key: "The idempotency key must be 1 to 255 characters long.",
    invalid_answer: "The answer is invalid.",
    missing_answer: "Send a text or at least one choice.",
    invalid_query: "A filter is unknown or invalid.",
    invalid_cursor: "The cursor cannot be read.",
    invalid_body: "The request body is invalid.",
    unauthorized: "An access token is required.",
    invalid_token: "The access token is unknown, expired or revoked.",
    insufficient_scope: "The access token lacks the scope this request needs.",
    forbidden: "Your role does not allow this change.",
    channel_mismatch: "This key's channel does not take requests at this address.",
    channel_inactive: "This channel is disabled.",
    origin_not_allowed: "This page's origin is not in the app's list of allowed origins.",
    unknown_app: "No app has this key.",
    not_found: "Not found.",
    qualification_not_found: "This qualification is unknown or has expired.",
    idempotency_in_progress: "A request with this idempotency key is still running.",
    message_too_long: "The message is longer than 10000 characters.",
    method_not_allowed: "This address does not answer to this method; the Allow header lists those it answers to.",
    payload_too_large:
      "The request body, or a file it carries, is larger than allowed (256 KB for a report; 2 MB for a screenshot and 5 MB for a replay from the widget).",
    replay_too_large:
      "The replay expands to more than 50 MB once decompressed, more than a player can hold: it is refused. Send the report without it, or with a shorter recording.",
    idempotency_key_reused: "This idempotency key was already used with another body.",
    rate_limited: "Too many requests. Try again later.",
    quota_exceeded: "The monthly feedback quota of the plan is used up.",
    qualification_failed: "The AI assistant did not answer. Send the report again without qualify.",
    invalid_link: "This link is invalid or has expired.",
    no_tracker: "This app has no issue tracker. An operator sets one with the CLI.",
    invalid_webhook:
      "The webhook address must be https, public and on port 443 or 8443, and its events among feedback.created, feedback.status_changed, feedback.shipped, feedback.merged and feedback.unmerged.",
    webhook_limit_reached: "An organization may have at most 5 webhooks.",
    invalid_feature_map:
      "The feature map is refused whole: an app has at most 2000 features, each with at most 50 cues and an id of its own (a feature without an id takes one from its path).",
    weak_password: "A password must be at least 10 characters long.",
    user_exists: "A person with this e-mail address exists.",
    last_admin: "An organization needs at least one Admin: make another member Admin first.",
    prefix_taken: "Another organization has this key prefix: choose another.",
    cannot_merge: "These feedbacks cannot be merged: they must be two different feedbacks of one app, neither merged already.",
    cannot_unmerge: "This feedback is not merged into another, or the feedback it was merged into was merged since: unmerge that one first.",
    cannot_split: "This report cannot be split out: it is the feedback's only report, or not one of its reports.",
    missing_host: "The request has no Host header.",
    invalid_signature: "The signature of this request does not match.",
    unsupported_media_type: "Send the body as JSON, with Content-Type: application/json.",
    internal_error: "Something went wrong on our side. It has been logged.",
    unknown_owner: "The owner must be the e-mail address of a member of the organization.",
    unknown_feature: "This feature is not in the feature map of the feedback's app.",
  },
  /** Why a merge, an unmerge or a split is refused, naming the feedbacks: said instead of the code's message. */
  refusals: {
    unknown_feedback: (feedback: string) => `No feedback ${feedback} in this organization.`,
    same_feedback: (feedback: string) => `A feedback cannot be merged into itself: ${feedback} was named twice. Give the key of another feedback.`,
    other_app: (feedback: string, target: string) => `${feedback} and ${target} belong to different apps: only feedbacks of one app can be merged.`,
    already_merged: (feedback: string) =>
      `${feedback} is merged into another feedback already: merge into the feedback that holds it, or unmerge ${feedback} first.`,
    not_merged: (feedback: string) => `${feedback} is not merged into another feedback: there is nothing to unmerge.`,
    target_merged: (feedback: string, target: string) =>
      `${target}, which ${feedback} was merged into, has been merged into another feedback since: unmerge ${target} first.`,
    reports_left: (feedback: string, target: string, count: number, holders: readonly string[]) => {
      const now = holders.join(", ");
      const where = (one: boolean) => (now ? `${one ? "is" : "are"} now in ${now}` : `${one ? "has" : "have"} left ${target} since`);
      const back = now
        ? `Merge ${now} back into ${target} first`
        : `Merge ${count === 1 ? "its feedback" : "their feedbacks"} back into ${target} first`;
      return count === 1
        ? `A report that ${feedback} brought into ${target} ${where(true)}: unmerging would not give it back. ${back}, or leave ${feedback} merged.`
        : `${count} reports that ${feedback} brought into ${target} ${where(false)}: unmerging would not give them back. ${back}, or leave ${feedback} merged.`;
    },
    target_emptied: (feedback: string, target: string) =>
      `${target} holds only the reports that ${feedback} brought, its own having been split off since: unmerging would leave ${target} empty. Leave ${feedback} merged.`,
    only_report: (feedback: string) => `This report is the only one of ${feedback}: it has a feedback of its own already.`,
  },
  /** A webhook address refused: the condition that failed and what was given, said before the rule. */
  addressRefused: {
    not_url: (given: string) => `The address must be absolute (https://host/path): "${given}" was given.`,
    not_https: (given: string) =>
      `The address must use https: ${given} was given (http is allowed in development only, with WEBHOOKS_ALLOW_PRIVATE).`,
    credentials: () => "The address must not carry a user name or a password.",
    port: (given: string) => `The address must use port 443 or 8443: port ${given} was given.`,
    private_address: (host: string, resolved?: string) =>
      `The address must be public: ${resolved ? `${host} resolves to ${resolved}, which is` : `${host} is`} a loopback, private, link-local or otherwise non-public address (allowed in development only, with WEBHOOKS_ALLOW_PRIVATE).`,
    unresolvable: (host: string) => `The host name must resolve to an address: ${host} resolves to none (a machine without network resolves none).`,
  },
  /** The sentence naming a refused field: "limit: expected an integer from 1 to 100." */
  problems: {
    body: "body",
    says: (field: string, why: string) => `${field}: ${why}.`,
    unknown: "not a known field",
    missing: "required",
    repeated: "given more than once",
    not_url: "not an absolute address (https://host/path)",
    not_https: "not https (http is allowed only in development, with WEBHOOKS_ALLOW_PRIVATE)",
    credentials: "carries a user name or a password",
    port: "on a port other than 443 and 8443",
    private_address: "a loopback, private, link-local or otherwise non-public address, or a host name that resolves to one",
    unresolvable: "the host name does not resolve to any address (a machine without network resolves none)",
    widget_key_only: "a widget key is expected here; API channel keys and form keys go to POST /v1/reports",
    server_key_only: "a widget key works only from the widget (POST /v1/widget/reports); this endpoint takes an API channel key or a form key",
    expected: (what: string) => `expected ${what}`,
    oneOf: (values: string) => `one of ${values}`,
    integer: "an integer",
    number: "a number",
    range: (min: number, max: number) => ` from ${min} to ${max}`,
    boolean: "true or false",
    list: "a list",
    atMostItems: (max: number) => ` of at most ${max} items`,
    object: "an object",
    text: "a text",
    nonEmpty: "a non-empty text",
    atMost: (max: number) => ` of at most ${max} characters`,
    visible: " with at least one visible character",
  },
  /** A tool call refused for its arguments, as a model reads it: arguments, not a request body. */
  toolArguments: {
    invalid: "An argument is missing or invalid.",
    unknown: "not a known argument",
    arguments: "arguments",
  },
} as const;

/** Strings widened from their English literals, so that another language can fill the same shape. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Widen<T[K]> };

export type Catalog = Widen<typeof EN>;
