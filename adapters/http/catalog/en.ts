/**
 * Every text the HTTP adapter shows (web pages, consent screen, error bodies), in English.
 * The French catalog has the same shape; TypeScript and test/adapters/http/catalog.test.ts keep them aligned.
 */

/** An issue of a tracker's project, given as an example: GitHub names its issues by number, Linear and Jira by key. */
export interface IssueExample {
  readonly by: "number" | "key";
  readonly key: string;
  readonly address: string;
}

/** Who may give a tracker an address on this machine or its private network (GitHub Enterprise, a bridge). */
const BY_THE_OPERATOR =
  "for a tracker on the server's private network, its operator may allow such addresses (TRACKERS_ALLOW_PRIVATE=true) or set the tracker with the CLI (npm run cli -- tracker set …)";

export const EN = {
  web: {
    /** Words several pages say alike: the pages' names, the fields and buttons they share. */
    common: {
      /** A name refused for such characters, put back in its field without them: what was done, and what to do. */
      reorderingRemoved:
        "text-direction and other control characters (such as U+202E), which would make it read as something else, were removed: check what remains and send it again",
      inbox: "Inbox",
      changelog: "Changelog",
      possibleDuplicates: "Possible duplicates",
      trends: "Trends",
      settings: "Settings",
      agents: "Agents",
      plan: "Plan and quota",
      apps: "Apps",
      members: "Members",
      webhooks: "Webhooks",
      slack: "Slack",
      tokens: "Access tokens",
      account: "Your account",
      organization: "Organization",
      status: "Status",
      kind: "Kind",
      app: "App",
      feature: "Feature",
      key: "Key",
      reports: "Reports",
      followers: "Followers",
      votes: "Votes",
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
      never: "Never",
      lastUsed: "Last used",
      adminsOnly: "Only Admins can change this.",
      noApps: "No app yet: an Admin creates one in the settings.",
      reportVia: "Report via",
      anonymous: "anonymous",
      /** Said where a feedback has no severity (an idea or praise, or not yet qualified). */
      noSeverity: "No severity",
      score: "score",
      /** A tag chip leads to the inbox filtered by its tag: said on hover and to screen readers. */
      taggedList: "Feedbacks tagged {tag}",
      formExpired: "This form has expired. Please try again.",
      otherSite: "This form can only be sent from its own page.",
      /** Fields held back from a save: someone else changed `fields` (their labels; `one`: a single field) since the page was shown; the rest was saved, or nothing else was changed. */
      heldPartly: (fields: string, one: boolean) =>
        one
          ? `Saved, except ${fields}: someone else changed it since this page was shown. The form shows their value; change it again to replace it.`
          : `Saved, except ${fields}: someone else changed them since this page was shown. The form shows their values; change them again to replace them.`,
      heldAll: (fields: string, one: boolean) =>
        `Not saved: someone else changed ${fields} since this page was shown. ${one ? "The form shows their value; change it again to replace it." : "The form shows their values; change them again to replace them."}`,
      /** Where a report came from, after "Report via". */
      sources: { api: "API", form: "the hosted form", widget: "the widget", agent: "an agent", slack: "Slack", portal: "the portal" },
      /** Between a label and what it names ("Status: Triage → Prioritized"); French puts a narrow no-break space before it. */
      colon: ": ",
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
        "Ask an Admin of your organization to invite you from Settings → Members, and accept the invitation with this account. Whoever runs this server can add you from the command line:",
    },
    /** The Copy button beside a value to copy (copy-buttons.ts), what it says once copied, and where the clipboard is refused. */
    copy: {
      copy: "Copy",
      copied: "Copied",
      copyByHand: "Press Ctrl+C (⌘C on a Mac) to copy",
      copyOf: (what: string) => `Copy: ${what}`,
    },
    /** The settings pages' frame: their sections, and the page that confirms a destructive action. */
    settings: {
      cancel: "Cancel",
      apiKeys: "API keys",
      tags: "Tags",
      /** Under a warning that a service could not be reached: what the connection said, as it said it. */
      connectionError: (said: string) => `Connection error: ${said}`,
    },
    /** The inbox: its filters, its list and its paging. */
    inbox: {
      /** Under a row's title: the monthly spend of the companies asking (the revenue order). */
      monthlySpend: "Companies asking spend {amount} a month",
      /**
       * Under a row's title, beside its owner: its due date, and the same once the day is over while it is
       * still open; joined to the day by a no-break space, so a narrow title column never ends a line on "Due".
       */
      dueOn: "Due\u00a0{day}",
      overdue: "Overdue (due\u00a0{day})",
      search: "Search",
      severity: "Severity",
      any: "Any",
      open: "Open",
      closed: "Closed",
      all: "All",
      sortBy: "Sort by",
      /** The filter by publication on the public portal, and its two choices. */
      onPortal: "On the portal",
      portalChoices: { true: "Published", false: "Not published" },
      orders: {
        activity: "Last report",
        reports: "Most reports",
        severity: "Severity",
        votes: "Most votes",
        revenue: "Highest monthly spend",
        due: "Due date",
      },
      reset: "Reset",
      nothing: "No feedback matches these filters.",
      /** On a phone, above the saved views, tabs and filters: the way past them. */
      toList: "Skip to the feedbacks",
      /** The list's table's name, for screen readers (the page's heading, far above it, names the page). */
      listCaption: "Feedbacks in the inbox",
      /**
       * The page's title after a search, or a filter, which reloads the page: how many the list holds (all its
       * pages), the first thing a screen reader says of the result; worded as the portal's board names a search.
       */
      searchedTitle: (count: number, words: string) => `Inbox: ${count === 1 ? "1 result" : `${count} results`} for “${words}”`,
      filteredTitle: (count: number) => `Inbox: ${count === 1 ? "1 feedback" : `${count} feedbacks`}, filtered`,
      title: "Title",
      /** The head of the reports column, which may break where its word is long (French), so that the table fits. */
      reportsColumn: "Reports",
      /** The way through the pages of the list: its name, then its links. */
      pages: "Pages",
      previous: "Previous page",
      next: "Next page",
      firstPage: "First page",
      keyboardHint:
        "Keyboard: j and k move through the list, x ticks a feedback for the changes below it, Enter opens, s changes a feedback's status, / searches (Escape leaves the search field).",
      /** The same for a Reader, who ticks nothing. */
      keyboardHintReading: "Keyboard: j and k move through the list, Enter opens, / searches (Escape leaves the search field).",
    },
    /** A feedback's page, and the page that plays a report's replay. */
    feedback: {
      /** Said of the merge as it was: a report split out since has left, so "are here" could be false. */
      mergedHere: (key: string) => `${key} was merged into this feedback, which took its reports, followers and votes.`,
      notFound: "There is no such feedback in this organization.",
      summary: "Summary",
      observed: "Observed",
      expected: "Expected",
      conversation: "Qualification",
      assistant: "Assistant",
      reporter: "Reporter",
      changeStatus: "Change the status",
      /** The side panel's name: its status, triage, details, tracker, followers and votes. */
      sidePanel: "Status, triage and details",
      /** Among its details: the changelog entries that ship it. */
      shippedIn: "Changelog",
      draftEntry: "draft",
      /**
       * Beside the way to the status form, on a phone, where both come after the activity: the triage
       * form's first fields, in its order; short enough for one line at 390 px in French too.
       */
      toTriage: "Owner, due date, severity",
      comment: "Note for the team, not shown on the portal (optional; when dismissing, say why)",
      readOnly: "As a Reader you can read everything here and change nothing.",
      /** Beside the way back: the feedbacks before and after this one in the inbox list last shown (j and k go there too). */
      /** Under the way through the list: the keys of a feedback's page, for a person who may change it, then for a Reader. */
      keyboardHint: "Keyboard: j and k go to the next and previous feedback of the list, s to the status (Escape leaves it).",
      keyboardHintReading: "Keyboard: j and k go to the next and previous feedback of the list.",
      previousInList: "Previous in the list",
      nextInList: "Next in the list",
      statusSaved: "Status saved.",
      /** A form saved as it was shown: nothing to write. */
      nothingChanged: "Nothing changed: the form was saved as it was.",
      /** The status form changed nothing: someone else set `{status}` since the page was shown; or the feedback was merged into the one shown. */
      statusHeld: "Not changed: someone else set the status to {status} since this page was shown. Choose yours again to replace it.",
      commentKept: "Your comment was added.",
      statusMoved: "Not changed: the feedback you were on was merged into this one meanwhile. Check its status here.",
      /** Beside the key, under the title: who owns the feedback, and by when it is due. */
      ownedBy: "Owner: {owner}",
      dueOn: "Due:\u00a0{day}",
      /** The facts of the feedback in the side column: app, feature, reports, votes, last report, tracker. */
      details: "About this feedback",
      noFollowers: "Nobody follows this feedback.",
      /** After Follow or Unfollow: what it changed for the person, and whether e-mail reaches them here. */
      followed: (delivers: boolean) =>
        delivers
          ? "You follow this feedback: its changes reach you by e-mail."
          : "You follow this feedback. This service sends no e-mail (SMTP_URL is not set), so its changes reach no one yet.",
      unfollowed: "You no longer follow this feedback.",
      follow: "Follow",
      unfollow: "Unfollow",
      splitOut: "Split out",
      /** After Split out under a report, visually hidden: who sent it and how it starts, as one person's two reports differ. */
      reportBy: (author: string | undefined, start: string) => (author ? `report by ${author}: “${start}”` : `report “${start}”`),
      replayTitle: "Replay",
      replayNote: "The last minute or two before the report. Text and fields were masked as it was recorded.",
      play: "Play",
      pause: "Pause",
    },
    /** A feedback's activity: reports, comments, merges and splits, the tracker, the followers told. */
    activity: {
      activity: "Activity",
      fromReporter: "the reporter, from their tracking page",
      byGrouping: "by grouping",
      /** Who set the feature, severity or title the assistant found. */
      byAssistant: "The assistant",
      /** An organization API key that wrote or changed something, by its name. */
      apiKey: (name: string) => `API key ${name}`,
      trackerIssue: (tracker: string) => `the linked ${tracker} issue`,
      mergedHere: "merged into this feedback",
      mergedInto: "Merged into",
      unmergedHere: "taken back out of this feedback",
      unmergedFrom: "Taken back out of",
      splitFrom: "Made of a report taken out of",
      splitTo: "A report moved to a feedback of its own:",
      trackerSynced: "Tracker issue in line:",
      /** Beside a status change that publishing a changelog entry made, before the entry's title. */
      publishedIn: "published in the changelog",
      /** E-mails sent about the feedback, by what they told: for one, and for a number (which goes first). */
      notices: {
        delivered: ["1 follower was told it was delivered", "followers were told it was delivered"],
        reply: ["1 follower was sent a public reply", "e-mails sent public replies to followers"],
        answer: ["1 e-mail told the team of the reporter's answer", "e-mails told the team of reporters' answers"],
        assigned: ["1 e-mail told the owner it was assigned to them", "e-mails told owners it was assigned to them"],
        mention: ["1 e-mail told a person mentioned in a comment", "e-mails told the people mentioned in comments"],
        other: ["1 e-mail was sent about it", "e-mails were sent about it"],
      },
      /** The control that unfolds the rest of a long report. */
      wholeReport: "Show the whole report",
      /** In place of a report's text that an earlier report of the feedback said word for word, with a link to it. */
      sameWords: "The same words as report",
      /** Between a report's position and the number of reports: "2 of 3". */
      of: "of",
      /** A change made by hand, each field by name: "Status: Triage → Prioritized", "Owner: — → ann@example.com". */
      changed: {
        status: "Status",
        title: "Title",
        kind: "Kind",
        severity: "Severity",
        featureId: "Feature",
        owner: "Owner",
        dueAt: "Due date",
        tags: "Tags",
      },
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
      /** A pair whose two feedbacks are each the other's closest waiting match, which the queue shows first. */
      closestPair: "closest to each other",
      /** Said of a pair whose match rests on little (core/grouping/weak-match.ts), with the words it rests on. */
      weakMatch: {
        label: "Weak match:",
        common_names: (...words: string[]) => `they share only ${words.map((w) => `“${w}”`).join(", ")}, which many feedbacks of this app name.`,
        form_words: () => "they share only words of a report form, and name nothing else in common.",
        common_words: () => "they share only words any report uses, and name nothing in common.",
      },
      matchedWords: "Matched words: ",
      /** "Merge DEMO-7 into this one": the key goes between. */
      mergeHere: ["Merge", "into this one"],
      mergeThisInto: "Merge this one into",
      notDuplicate: "Not duplicates",
      /** After Not duplicates, visually hidden: the pair's two keys. */
      pairOf: (one: string, other: string) => `(${one} and ${other})`,
      mergedFeedbacks: "Merged here",
      /** Under a feedback merged here: the triage a merge does not move, which it gets back when unmerged (status named already). */
      keptApart: (key: string, kept: { readonly status?: string; readonly owner?: string; readonly tags?: readonly string[] }) =>
        `${key} kept apart until unmerged: ${[
          kept.status && `status ${kept.status}`,
          kept.owner && `owner ${kept.owner}`,
          kept.tags && `${kept.tags.length > 1 ? "tags" : "tag"} ${kept.tags.join(", ")}`,
        ]
          .filter(Boolean)
          .join(", ")}.`,
      unmerge: "Unmerge",
      mergeInto: "Merge this feedback into",
      mergeIntoHint: "The key of the feedback that keeps both, for example DEMO-12. You can undo it.",
      intoNeeded: "Write in “Merge this feedback into” the key of the feedback that keeps both.",
      merge: "Merge",
      mergedNotice: "Merged. The merge can be undone from the feedback that holds both.",
      unmergedNotice: "The merge was undone: this feedback has its reports, followers and status back.",
      dismissedNotice: "Noted: this pair will not be suggested again.",
      restoredNotice: "Undone: the pair is back for review.",
      /** "Undo" on the notice of a dismissal: the pair is suggested again. */
      undo: "Undo",
      /** A merge and a dismissal, naming the pair: the words before, between and after the two keys (linked). */
      mergedPair: ["Merged ", " into ", "."],
      dismissedPair: ["Noted: ", " and ", " will not be suggested together again."],
      restoredPair: ["Undone: ", " and ", " are back for review."],
      togetherPair: ["Nothing to do: ", " and ", " are one feedback now, merged meanwhile. The merge can be undone from its page."],
      togetherNotice: "Nothing to do: the two are one feedback now, merged meanwhile. The merge can be undone from its page.",
      /** "Undo" of a "Not duplicates" that is not recorded (posted by hand, or undone already): nothing was taken back. */
      undecidedPair: ["Nothing to undo: ", " and ", " are already back for review."],
      undecidedNotice: "Nothing to undo: the two are already back for review.",
      /** "Undo" of a merge undone already: nothing was taken back. */
      putBackPair: ["Nothing to undo: ", " and ", " were already put back."],
      putBackNotice: "Nothing to undo: the two were already put back.",
      /** "Undo" of a merge undone already, the first feedback merged again since: that later merge stays. */
      mergedAgainPair: [
        "Nothing to undo: ",
        " was merged again since its merge into ",
        " was undone (by grouping or by a person). To take that back, unmerge it from its page.",
      ],
      mergedAgainNotice: "Nothing to undo: the feedback was merged again since this merge was undone. To take that back, unmerge it from its page.",
      splitNotice: "The report has a feedback of its own now.",
    },
    /** A feedback's votes on its page: who voted, and a customer's vote recorded by the team. */
    votes: {
      votersTitle: (n: number) => (n === 1 ? "1 vote" : `${n} votes`),
      noVoters: "No one has voted for it yet.",
      relayVoteEmail: "Record a customer's vote: their e-mail",
      relayVoteName: "Their name (optional)",
      relayVote: "Record the vote",
      voteCounted: "Vote recorded. The person follows this feedback now.",
      voteAlready: "This person's vote was already counted.",
    },
    /** A feedback's issue in its app's tracker: open one there, link one, or, for an Admin, how a tracker is connected. */
    trackerIssue: {
      title: "Tracker issue",
      noIssue: "No issue linked yet.",
      createIn: (tracker: string) => `Create issue in ${tracker}`,
      linkExisting: "Link an existing issue",
      /** Under the field: what it takes, with an issue of this tracker's project when issues have a shape (17, ENG-17). */
      linkHint: (example: IssueExample | null) =>
        example ? `The issue's address, or its ${example.by} (${example.key}).` : "The issue's address, or its key.",
      link: "Link",
      linkAnother: "Link another issue instead",
      opened: (key: string, tracker: string) => `Issue ${key} created in ${tracker} and linked.`,
      linked: (key: string) => `Issue ${key} linked.`,
      /** Create pressed on a page shown before someone linked an issue (a teammate, a second press): no second issue is opened. */
      taken: (key: string) => `No issue created: ${key} was linked meanwhile.`,
      /** Create pressed while another press, or a teammate's, is creating the issue: it shows once created. */
      beingCreated: "No second issue created: one is being created for this feedback. Reload the page in a moment to see it.",
      missingIssue: "Give the issue's address or key.",
      noSuchIssue: (issue: string, tracker: string, project: string) => `${tracker} has no issue “${issue}” in ${project}. Check its address or key.`,
      /** Text that names no issue of the project, refused before the tracker is asked. */
      notAnIssue: (typed: string, project: string, example: IssueExample) =>
        `“${typed}” is not an issue ${example.by} or address of ${project}. Give its ${example.by}, as ${example.key}, or its address, as ${example.address}.`,
      /** The tracker not reached at the host the service called, or answering with an error of its own: the token is not in question. */
      unavailable: (tracker: string, host: string) =>
        `${tracker} could not be reached at ${host}, or failed to answer. Nothing was linked; try again in a moment, and if it keeps failing check that this server reaches that address.`,
      /** An opening the tracker did not answer in time: it may have made the issue all the same. */
      mayHaveOpened: (tracker: string, project: string) =>
        `${tracker} did not answer in time, and may have created the issue all the same. Look in ${project} for an issue with this feedback's title and, if it is there, link it under Link an existing issue rather than creating another one.`,
      /** The tracker answered 401 or 403: trying again will not help. */
      tokenRefused: (tracker: string, project: string) =>
        `${tracker} refused the token set for this app (wrong, revoked or expired, or without access to ${project}). Nothing was linked; an Admin gives a new token in the app's tracker settings.`,
      /** An issue opened that the feedback could not be linked to (our store failed), named by its key and address, which the link form holds. */
      unlinked: (issue: string, tracker: string) =>
        `Issue ${issue} was created in ${tracker}, but could not be linked to this feedback: something went wrong on our side, and it has been logged. It is filled in under Link an existing issue: press Link rather than creating another one.`,
      /** What the tracker answered, as it said it. */
      itSaid: (why: string) => `It said: ${why}`,
      /** To an Admin, followed by the link to the app's tracker settings (settingsOf), where the form connects one. */
      noTracker: "This app has no issue tracker yet. Connect GitHub, Linear or Jira in",
      settingsOf: (app: string) => `Settings → Apps → ${app} → Issue tracker`,
    },
    /** The inbox of an organization that has no feedback yet: how to send the first report. */
    firstReport: {
      /** What each Copy button copies, in its accessible name. */
      command: "the command",
      snippet: "the widget's snippet",
      title: "No feedback yet",
      intro: "What people report about {app} arrives here. Send the first report:",
      api: "From a server or a terminal, with the app's API key:",
      widget: "From your web pages, with the widget (first let your site's origin send, in Settings → Apps):",
      form: "Or share the hosted form, which works without JavaScript:",
      keys: "An Admin finds the app's keys in Settings → Apps.",
      noChannel: "{app} has no way in yet: an Admin adds a channel for it (an API key, the widget or the hosted form) in",
      channels: "Settings → Apps → Channels",
      noApp: "There is no app yet to report about: an Admin creates the first one in",
      /** To an Admin, followed by the link to Settings → Apps; the others read `noApp`. */
      noAppAdmin: "There is no app yet to report about: create the first one in",
      appsSettings: "Settings → Apps",
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
      /** How many pairs wait (formatted), one or more; `atLeast` when more than that many wait. */
      pairsWaiting: (count: string, one: boolean, atLeast: boolean) =>
        atLeast ? `More than ${count} pairs wait for review.` : one ? "1 pair waits for review." : `${count} pairs wait for review.`,
      moreSuggestions: (shown: number) => `These are the first ${shown}; merge or dismiss them to see the next.`,
      mayDuplicate: "may be a duplicate of",
      mergeNewer: "Merge",
      into: "into",
    },
    /** The Trends page. */
    trends: {
      /** To an Admin, followed by the link to Settings → Apps; the others read `noApps`. */
      noAppsAdmin: "No app yet: create the first one in",
      appsSettings: "Settings → Apps",
      allApps: "All apps",
      period: "Period",
      lastDays: "Last {n} days",
      reportsPerDay: "Reports per day",
      reportsPerDaySummary: (count: number, total: string, days: number, max: string) =>
        `${total} ${count === 1 ? "report" : "reports"} in ${days} days, ${max} on the busiest day.`,
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
      planNames: { free: "Free", growth: "Growth", enterprise: "Enterprise" },
      quotaUse: "Reports this month",
      unlimited: "unlimited",
    },
    /** Settings: the apps, their channels, browser collection, grouping mode, feature map and help center. */
    apps: {
      createApp: "Create an app",
      /** Settings → Apps of an organization with none yet: what an app is for, and what it needs next. */
      noAppYet:
        "No app yet. An app is what reports are about: create it below, then give it a channel (an API key, the widget or the hosted form) in its settings.",
      name: "Name",
      nameNeeded: "Give the app a name, of at most 100 characters.",
      /** After a change of an app's settings (its allowed origins, grouping, feature map…), on the tab it was made on. */
      sectionSaved: (section: string) => `${section}: saved.`,
      appKinds: { web: "Web", ios: "iOS", android: "Android", desktop: "Desktop", api: "API", other: "Other" },
      channels: "Channels",
      active: "Active",
      disabled: "Disabled",
      channelKinds: { api: "API (from a server)", form: "Hosted form", widget: "Widget (in web pages)" },
      disable: "Disable",
      enable: "Enable",
      /** After Disable or Enable on a channel's row, visually hidden: the channel, by the end of its key. */
      channelEnding: (end: string) => `channel whose key ends in ${end}`,
      createChannel: "Add a channel",
      noChannel: "none yet: nothing can send it feedback",
      /** The grouping mode on an app's card, in a word. */
      groupingShort: { auto: "Automatic", review: "Review by a person" },
      /** The Channels tab just after the app was created: done, and what comes next. */
      appCreated: (app: string) => `${app} is created. Next, give it a channel: until it has one, nothing can send it feedback.`,
      /** The Channels tab of an app with no channel: the ways feedback arrives, a line each, each created in one click. */
      waysTitle: (app: string) => `How will feedback reach ${app}?`,
      waysLead: "Choose one or more ways below: each is one click, and you can add the others later.",
      waysAdminsOnly: "An Admin adds one or more of these:",
      ways: {
        widget: {
          name: "Widget in your web pages",
          line: "A feedback button on your site, which sends the page and the browser with each report.",
          create: "Create a widget",
        },
        form: {
          name: "Hosted form link",
          line: "A ready-made page to link to from an e-mail, your app or a help page; it works without JavaScript.",
          create: "Create a form link",
        },
        api: {
          name: "API key for a server",
          line: "Your server, or a script, sends reports with it to POST /v1/reports.",
          create: "Create an API key",
        },
      },
      /** A channel just created: what to do with it. The widget's words go around the link to the tab of its snippet. */
      widgetCreated: { before: "Widget created. Its snippet for your pages is in the tab", after: ", where you first allow your site's origin." },
      formCreated: "Hosted form created. Share its link; anyone who opens it can send feedback:",
      apiCreated: "API key created. Your server sends a report with it like this:",
      confirmDisableChannel: "Disable this channel? Reports sent with its key are refused at once.",
      browserCollection: "Widget in browsers",
      allowedOrigins: "Allowed origins",
      originsHint: "One exact origin per line, such as https://app.example.com or http://localhost:5173. The widget is refused everywhere else.",
      keptQueryParams: "Query parameters kept in page addresses (the values of all others are dropped)",
      embedTitle: "On your pages",
      embedHint:
        "Put this before the closing </body> of your pages, once their origin is in the list above: the widget draws its button and sends with this app's widget key.",
      noWidgetChannel: "This app has no widget channel yet: an Admin adds one in",
      recordReplay: "Keep a replay of the last minute or two (text and fields masked; on plans with full context)",
      grouping: "Grouping",
      groupingAuto: "Automatic: sure duplicates are merged, likely ones wait in Possible duplicates",
      groupingReview: "Review: nothing is merged without a person; every likely duplicate waits in Possible duplicates",
      featureMap: "Feature map",
      importJson: "Import (JSON, replaces the map)",
      helpCenter: "Help center",
      importHelp: "Import (JSON array of {title, url, body}, replaces the articles)",
      import: "Import",
      allApps: "All apps",
      appSettings: "Settings of this app",
      openSettings: "Open its settings",
      /** An app's channels on its card in the list: how many of them are active; none, and what that means. */
      channelsActive: (active: number, total: number) => `${active} of ${total} active`,
      noOrigins: "none yet: the widget is refused everywhere",
      issueTracker: "Issue tracker",
      featureCount: "Features",
      articleCount: "Help articles",
      articlesHeld: (n: number) => `Help articles: ${n}`,
      path: "Path",
      minimumSeverity: "Minimum severity",
      cues: "Words that point to it (comma-separated)",
      noFloor: "None",
      saveFeatures: "Save the feature map",
      featuresHint: "A path names a part of the app (checkout/payment); reports are matched to it by its words. Empty rows are ignored.",
      featureRow: "Feature",
      newFeature: "New feature",
    },
    /** Settings: the members and their roles. */
    members: {
      role: "Role",
      /** The label of a member's role select, on their row (visually hidden: the row shows whose it is). */
      roleOf: (email: string) => `Role of ${email}`,
      /** After Save on a member's row, visually hidden: what it saves, so that the buttons, listed apart from their rows, tell the rows apart. */
      saveRoleOf: (email: string) => `role of ${email}`,
      /** Said once a member's role is changed, the role by its name. */
      nowRole: (email: string, role: string) => `${email} is now ${role}.`,
      /** A role asked for someone who is not a member (removed meanwhile, say): the list shows who is. */
      notAMember: "This person is not a member of the organization (any more, perhaps): nothing was changed. The list below shows who is.",
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
      /** After Revoke on a token's row, visually hidden. */
      tokenNamed: (label: string) => `token “${label}”`,
    },
    /** Settings: webhooks. */
    webhooks: {
      whoMay: "Only Admins manage the organization's webhooks.",
      events: "Events",
      lastDelivery: "Last delivery",
      sendTest: "Send a test",
      rotate: "Rotate the secret",
      delete: "Delete",
      createWebhook: "Create a webhook",
      secretOnce: (url: string) => `Signing secret of ${url}, shown once — copy it now:`,
      rotatedOnce: (url: string) =>
        `New signing secret of ${url}, shown once — copy it now (the former one signs too for 24 hours, so that the receiver can be given it):`,
      noWebhooks: "No webhook yet. Create one below: each event you choose is sent to its address, signed with its secret.",
      /** How a receiver checks a delivery, around the header and the signed text, which the page writes as code. */
      signatureCarries: "Each delivery carries",
      unixSeconds: "unix seconds",
      rawBody: "raw body",
      signatureIs: "is the HMAC-SHA256, keyed with the whole secret, of",
      signatureCheck:
        "Compute it on the body exactly as received, before parsing it, compare in constant time, and refuse a t more than 5 minutes from your clock. While a secret is rotated, two v1 are sent: either may match.",
      testDelivered: "Test delivered",
      testRefused: "The test was not accepted",
      testUnreachable: "no answer (the address could not be reached, or did not answer in time)",
      confirmDeleteWebhook: "Delete this webhook? Deliveries to it stop at once.",
      /** After "Send a test", "Rotate the secret" and "Delete" on a webhook's row, visually hidden. */
      testTo: (url: string) => `to ${url}`,
      secretOf: (url: string) => `of ${url}`,
      webhookNamed: (url: string) => `webhook ${url}`,
    },
    /** Settings: the organization's Slack app. */
    slackSettings: {
      whoMay: "Only Admins connect Slack and choose what it is told.",
      connected: "Connected. Slack's requests are checked with its signing secret; the secrets are kept sealed and never shown again.",
      /** In place of "Connected" right after a save Slack could not be asked about: saved, the bot token not yet checked. */
      savedUnchecked:
        "Saved, not checked yet: Slack's requests will be checked with its signing secret; the secrets are kept sealed and never shown again.",
      notConnected: "Not connected. Create the Slack app from the manifest below, then paste its two secrets here.",
      httpsNeeded: (base: string) =>
        `Slack sends its requests to public https addresses only: these are made of BASE_URL (${base}), and Slack will refuse them. Set BASE_URL to the service's public https address before you create the Slack app.`,
      manifest: "The Slack app's manifest",
      manifestHint:
        "At api.slack.com/apps: Create New App → From an app manifest, choose the workspace, paste this, and install the app. Then paste below its Signing Secret (Basic Information) and its Bot User OAuth Token (OAuth & Permissions).",
      requestUrls: "Request URLs for the Slack app",
      slashCommand: "Slash command /retour",
      interactivity: "Interactivity (the Send to Retour shortcut)",
      eventsUrl: "Events",
      signingSecret: "Signing secret",
      botToken: "Bot token (xoxb-…)",
      keepSecret: "Leave blank to keep the one saved.",
      defaultApp: "App reports from Slack go to",
      askEachTime: "The only app, or ask in a dialog",
      channel: "Channel for notices (its ID, such as C0123456789)",
      channelHint: "New feedbacks and status changes are posted there (invite the app to it). Blank: nothing is posted.",
      kinds: "Kinds posted (none checked: all)",
      minSeverity: "Severities posted",
      anySeverity: "Any, graded or not",
      /** An option of the severities posted: this grade and the graver ones (P0 the gravest). */
      severityAndGraver: (severity: string) => (severity === "P0" ? "P0 only" : `${severity} and graver (P0 to ${severity})`),
      disconnect: "Disconnect Slack",
      confirmDisconnect: "Disconnect Slack? Its requests are refused at once, and nothing more is posted.",
      saved: "Slack settings saved.",
      /** The settings saved, the bot token unchecked: Slack did not answer (its connection's error is said beneath, muted). */
      unchecked:
        "Saved, but the bot token is unchecked: Slack could not be reached. Check that this server reaches Slack; should Slack refuse the token, the first notice that fails says so here.",
      lastFailure: (when: string, error: string) =>
        `The last call to Slack failed, ${when}: ${error}. Notices wait and are tried again for about a day; this goes once one goes through.`,
      lastFailureRefused: (when: string, error: string) =>
        `The last call to Slack failed, ${when}: Slack refused the bot token (${error}). Paste a new bot token below; notices wait until then, for about a day.`,
    },
    /** Settings: the agents connected with OAuth. */
    agents: {
      application: "Application",
      /** Where the application is sent back to after it is allowed: what tells two of one name apart. */
      sentBackTo: "Sent back to",
      /** A loopback address: an application listening on the computer it was connected from (on this port, when it names one). */
      localApp: (port: string) => (port ? `Local app on port\u00a0${port}` : "Local app"),
      person: "Person",
      /** Under the application's name: what its person allowed it to reach (one row for all its resources). */
      through: { mcp: "Through MCP", rest: "Through the REST\u00a0API", both: "Through MCP and the REST\u00a0API" },
      can: "Can",
      noAgents: "No agent is connected.",
      /** Followed by the MCP server's address: how one gets here. */
      connectAt: "An AI agent connects through MCP, after you sign in and allow it, at",
      removeAgentHint: "Removing an agent cuts it off at once.",
      confirmRemoveAgent: "Remove this agent? It is cut off at once.",
      connected: "Connected",
      confirmRemoveNamed: (client: string, email: string, at: string) => `Remove ${client}, connected by ${email} on ${at}? It is cut off at once.`,
      removed: (client: string) => `${client} is removed: it was cut off at once.`,
      /** After Remove on an agent's row, visually hidden: the application, where it is sent back to, and to an Admin, who connected it. */
      agentNamed: (client: string, places: string, email?: string) => `${client} (${places})${email ? `, connected by ${email}` : ""}`,
    },
    /** The OAuth consent page, where a person allows an agent, and its refusals. */
    consent: {
      allow: "Allow",
      deny: "Deny",
      title: (client: string) => `Allow ${client}?`,
      asks: (client: string, email: string) => `${client} (declared by the application) asks to act in your name, ${email}, with your rights.`,
      sentBack: "You will be sent back to",
      /** After Allow, for an application with its own scheme: the browser hands it the code and stays on this page. */
      handedOver: (client: string) => `Retour sent you back to ${client}.`,
      nothingLeft: "Your application has its answer",
      closeTab: "You can close this tab.",
      openAgain: (client: string) => `Open ${client} again`,
      ableTo: "It will be able to:",
      /**
       * Said under what it will be able to do: an application authorized again loses the access it
       * had to what it asks for now, and keeps its access to another resource (core/oauth/replaced-agents.ts).
       */
      replaces: (client: string, organizations: string, several: boolean, reach: string) =>
        several
          ? `${client} is already connected for you in ${organizations}: allowing it again in one of them replaces its earlier access ${reach} there.`
          : `${client} is already connected for you in ${organizations}: allowing it again there replaces its earlier access ${reach}.`,
      /** What the application asks to reach, as `replaces` ends. */
      reach: { mcp: "to the MCP server", rest: "to the REST API", both: "to the MCP server and the REST API" },
      asRole: (role: string, scopes: string) => `as ${role}: ${scopes}`,
      nothing: "nothing",
      cannotGoOn: "This authorization cannot go on",
      startAgain: "Go back to the application and connect it again.",
      noOrganization: "You are not a member of any organization.",
      sessionEnded: "Your session has ended. Start the connection again from the application.",
      consentExpired: "This form has expired. Start the connection again from the application.",
      chooseOrganization: "Choose one of your organizations.",
      unknownClient: "This application is not known to this service, or no longer is.",
      unregisteredRedirect: "This application asked to be sent back to an address it did not register.",
      repeatedClient: "This link names more than one application, or more than one address to send you back to, so it cannot be trusted.",
      /** A request the application sent wrong (its OAuth error follows), and the link that takes the error back to it. */
      wrongRequest: (client: string) => `${client} sent a request this service cannot accept`,
      backWithError: (client: string) => `Go back to ${client} with this error`,
    },
    /** The sign-in page. */
    signIn: {
      signInTitle: "Sign in to Retour",
      signIn: "Sign in",
      password: "Password",
      wrongPassword: "Wrong e-mail or password.",
      tooManyAttempts: "Too many attempts. Wait a minute and try again.",
      forgotPassword: "Forgot your password?",
      /** A form sent after the session had ended: nothing of it was kept. */
      unsent: "Your session had ended, so what you sent was not saved. Sign in, then send it again.",
      /** Said once on the sign-in page that signing out leads to. */
      signedOut: "You are signed out.",
      /** The form refused as sent from elsewhere, when the browser's address differs from the service's by its scheme alone: a proxy that ends TLS, without BASE_URL. */
      behindProxy: (opened: string, own: string) =>
        `This page was opened at ${opened}, but the service takes its own address to be ${own}. Whoever runs it sets BASE_URL to ${opened} and starts it again (README, Quick start).`,
    },
    /** "Forgot password", and the page a reset link opens. */
    password: {
      forgotTitle: "Reset your password",
      forgotHint: "Give the e-mail address you sign in with: we send it a link to choose a new password.",
      sendLink: "Send the link",
      sent: "If an account uses this address, a link to choose a new password is on its way. It works once, for 30 minutes.",
      noEmail: "This service does not send e-mail, so it cannot send you a link. Ask an Admin of your organization to set a new password for you.",
      tooManyRequests: "Too many requests. Wait a while and try again.",
      resetTitle: "Choose a new password",
      newPassword: "New password",
      passwordHint: "At least 10 characters. Your other sessions end.",
      setPassword: "Set the password",
      weakPassword: "The password must be at least 10 characters long.",
      linkInvalid: "This link no longer works",
      linkInvalidHint: "It was used already, or its 30 minutes are over. Ask for a new one.",
      askAgain: "Ask for a new link",
      backToSignIn: "Back to sign in",
    },
    /** The page an invitation link opens. */
    join: {
      joinTitle: "Join",
      invitedAs: "You are invited as",
      yourName: "Your name",
      nameNeeded: "Write your name in “Your name”.",
      newAccountHint: "Choose your name and a password (at least 10 characters).",
      existingAccountHint: "You already have a Retour account: give its password to join.",
      joinButton: "Join the organization",
      expired: "This invitation has expired",
      expiredHint: "An invitation works for 7 days. Ask an Admin for a new one.",
      used: "This invitation was used already",
      usedHint: "Sign in with the account it made.",
      revoked: "This invitation was revoked",
      revokedHint: "Ask an Admin whether you should join.",
      unknown: "This invitation link does not work",
      unknownHint: "Check that the whole link was copied, or ask an Admin for a new one.",
      goToSignIn: "Go to sign in",
      password: "Password",
      wrongPassword: "Wrong password.",
      tooManyAttempts: "Too many attempts. Wait a minute and try again.",
      weakPassword: "The password must be at least 10 characters long.",
    },
    /** Invitations, on the members settings page. */
    invitations: {
      invite: "Invite someone",
      inviteHint: "They receive a link, valid 7 days, to choose their name and password.",
      inviteHintNoEmail:
        "This service does not send e-mail: the link, valid 7 days, is shown to you once the invitation is made, for you to hand over.",
      sendInvitation: "Send the invitation",
      makeInvitation: "Make the invitation link",
      pending: "Pending invitations",
      noPending: "No pending invitation.",
      expires: "Expires",
      expiredLabel: "expired",
      /** After Revoke on an invitation's row, visually hidden. */
      invitationFor: (email: string) => `invitation for ${email}`,
      revoke: "Revoke",
      role: "Role",
      /** A fourth invitation to one address within the hour, or a 51st from the organization. */
      tooMany: (email: string, minutes: number) =>
        `${email} cannot be invited again yet: an address receives at most 3 invitations an hour, and an organization sends at most 50. Try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.`,
    },
    /** What inviting and revoking answer. */
    inviting: {
      revoke: "Revoke",
      confirmRevoke: "Revoke this invitation? Its link will no longer work.",
      linkOnce: (email: string) =>
        `Invitation made for ${email}; its e-mail is on its way. Its link, shown this once, to hand over another way if need be:`,
      linkOnceNoEmail: (email: string) => `Invitation made for ${email}. This service does not send e-mail: hand over its link, shown this once:`,
    },
    /** The account page: the e-mails a person receives. */
    account: {
      notifications: "E-mail notifications",
      notificationsHint:
        "You receive an e-mail when a feedback is assigned to you, when someone mentions you in a comment (@name), and when a reporter answers from their tracking page on a feedback you own (Admins: on one that has no owner).",
      digest: "Send me a daily digest: new feedbacks, new P0 and P1, the most voted this week",
      mailLanguage: "Language of the e-mails",
      saved: "Saved.",
    },
    /** Saved views, in the inbox's side bar. */
    views: {
      savedViews: "Saved views",
      noViews: "No saved view yet: filter the list, then save it here.",
      viewName: "Name of this view",
      nameNeeded: "Write a name in “Name of this view” to save it.",
      saveView: "Save this view",
      deleteView: "Delete",
      confirmDeleteView: "Delete this saved view?",
      /** After Delete beside a saved view, visually hidden. */
      viewNamed: (name: string) => `view “${name}”`,
      viewSaved: (name: string) => `View “${name}” saved.`,
      viewDeleted: "View deleted.",
    },
    /** Times said relative to now, the exact time on hover. */
    time: {
      justNow: "just now",
    },
    /** Settings: the issue tracker an app's feedbacks follow, and the state each status goes to. */
    trackers: {
      tracker: "Issue tracker",
      /** A bridge to another tracker has no form: the CLI is its only way in. */
      noTracker:
        "None. An Admin connects GitHub, Linear or Jira here; a bridge to another tracker is set by an operator with the CLI: npm run cli -- tracker set … bridge …",
      connectTracker: "Connect a tracker",
      changeTracker: "Change the tracker",
      provider: "Tracker",
      project: "Project",
      projectHint: "GitHub: the repository, owner/name. Linear: the team's key, as ENG in ENG-12. Jira: the project's key, as SHOP in SHOP-12.",
      token: "Token",
      tokenHint: "GitHub: a token that can write issues. Linear: an API key (lin_api_…). Jira: an Atlassian API token of the account below.",
      keepToken: "Leave blank to keep the token saved; it is never shown.",
      jiraSite: "Jira site",
      siteHint:
        "Jira Cloud only: acme or acme.atlassian.net. Jira Data Center and Server cannot be connected here: an operator connects them through a bridge.",
      jiraEmail: "Jira account e-mail",
      emailHint: "Jira only: the e-mail of the Atlassian account the token belongs to.",
      apiUrl: "API address (optional)",
      /** `anyNetwork`: the operator allows trackers on private networks (TRACKERS_ALLOW_PRIVATE). */
      apiUrlHint: (anyNetwork: boolean) =>
        `For GitHub Enterprise, at ${anyNetwork ? "its https or http address, public or on this server's network" : "a public https address"}; leave blank for the tracker's own (Jira: its Cloud site, above).`,
      /** An address an Admin gave, refused before any call: the condition that failed and what was given, then who may set it otherwise. */
      addressRefused: {
        not_https: (given: string) => `must use https: ${given} was given; ${BY_THE_OPERATOR}`,
        credentials: () => "must not carry a user name or a password",
        private_address: (host: string, resolved?: string) =>
          `must be public: ${resolved ? `${host} resolves to ${resolved}, which is` : `${host} is`} a loopback, private, link-local or otherwise non-public address; ${BY_THE_OPERATOR}`,
      },
      checkAndSave: "Check the token and save",
      savedWebhook: (tracker: string) => `Saved. Give ${tracker} this webhook address and secret, so its issues' changes come back:`,
      webhookSecret: "Secret",
      secretKept: "It is the secret the tracker had: its webhook needs no change.",
      /** The settings saved, the token unchecked: the tracker did not answer at the address the service called. */
      unchecked: (tracker: string, address: string) =>
        `Saved, but the token is unchecked: ${tracker} could not be reached at ${address}. Check that address, and that this server reaches it; a sync that fails will be said here.`,
      projectOf: { github: "repository", bridge: "project", linear: "team", jira: "project" },
      webhookAddress: "Its webhook address",
      statusMapping: "State for each status",
      statusMappingHint:
        "The name of the state each status moves the issue to; when the team moves the issue to that state, the feedback takes the status. Leave blank for the default.",
      stateKinds: { backlog: "backlog", unstarted: "not started", started: "started", completed: "completed", canceled: "canceled" },
      defaultState: (kind: string, orKind?: string) => `Default: the first “${kind}”${orKind ? ` or “${orKind}”` : ""} state`,
      lastFailure: (tracker: string, when: string, error: string) =>
        `The last call to ${tracker} failed, ${when}: ${error}. Syncs are tried again for about a day; this goes once one goes through.`,
      lastFailureRefused: (tracker: string, when: string, error: string) =>
        `The last call to ${tracker} failed, ${when}: ${tracker} refused the token (${error}). An Admin gives a new one in this section, or an operator with tracker set; syncs wait until then, for about a day.`,
    },
    /** The inbox's changelog: entries written, previewed, linked to feedbacks, published. */
    changelog: {
      intro: (delivers: boolean) =>
        delivers
          ? "Tell the people who asked what shipped. Publishing moves the linked feedbacks to Delivered and e-mails each of their followers once."
          : "Tell the people who asked what shipped. Publishing moves the linked feedbacks to Delivered; this service sends no e-mail (SMTP_URL is not set), so no one is e-mailed about it.",
      newEntry: "New entry",
      drafts: "Drafts",
      published: "Published",
      noDrafts: "No draft.",
      noPublished: "Nothing published yet.",
      draft: "Draft",
      entryTitle: "Title",
      body: "Text",
      bodyHint: "Markdown: **bold**, _italic_, lists, links (http, https, mailto). HTML is shown as text.",
      linked: "Feedbacks it ships",
      noLinked: "No feedback linked yet.",
      keys: "Add feedbacks by key",
      keysHint: "Keys separated by spaces or commas, e.g. DEMO-4 DEMO-7.",
      find: "Find feedbacks",
      search: "Search",
      found: "Found",
      link: "Link",
      unlink: "Unlink",
      saveDraft: "Save draft",
      preview: "Preview",
      previewTitle: "Preview",
      publish: "Publish",
      /** What publishing now would do: to the feedbacks linked, for the people who follow them (each counted once), and whether e-mail is sent. */
      publishTells: (linked: number, people: number, delivers: boolean) =>
        linked === 0
          ? "No feedback is linked yet: publishing moves none to Delivered and e-mails no one. It cannot be undone."
          : people === 0
            ? "Publishing moves the linked feedbacks to Delivered. No one follows them, so no one will be e-mailed. It cannot be undone."
            : !delivers
              ? `Publishing moves the linked feedbacks to Delivered. It would e-mail ${people === 1 ? "the one person who follows them" : `the ${people} people who follow them, once each`}, but this service sends no e-mail (SMTP_URL is not set): the server's log has a line for each e-mail instead. It cannot be undone.`
              : `Publishing moves the linked feedbacks to Delivered and e-mails ${people === 1 ? "the one person who follows them" : `the ${people} people who follow them, once each`}. It cannot be undone.`,
      publishAndTell: (people: number) => `Publish and e-mail ${people === 1 ? "1 person" : `${people} people`}`,
      /** The page that asks once more before publishing, which e-mails people and cannot be undone. */
      publishQuestion: (title: string) => `Publish “${title}”?`,
      asPublished: "As it will read",
      backToDraft: "Back to the draft",
      changedSinceAsked:
        "Someone saved this draft after you were asked to publish it, so it was not published. Here is the draft as they saved it: read it, then press Publish again.",
      publishedOn: (date: string) => `Published ${date}`,
      nothingLinked:
        "No feedback is linked: published like this, it tells no one. Go back to the draft to link the feedbacks it ships, or publish it as it is.",
      unsaved: "Not saved yet: press Save draft to keep these changes (linking or unlinking a feedback saves them too).",
      deleteDraft: "Delete draft",
      confirmDeleteDraft: "Delete this draft? What it says and the feedbacks it links are lost.",
      saved: "Draft saved.",
      publishedNotice: (people: number) =>
        `Published: ${people === 1 ? "the one person who follows its feedbacks is" : `the ${people} people who follow its feedbacks are`} being told.`,
      publishedToNoOne: "Published. No one follows its feedbacks, so no one is told.",
      /** Published where no e-mail leaves: who would have been told, and where a trial run sees it. */
      publishedUnsent: (people: number) =>
        `Published. This service sends no e-mail (SMTP_URL is not set), so ${people === 1 ? "the one person who follows its feedbacks is" : `the ${people} people who follow its feedbacks are`} not told: the server's log has a line for each e-mail instead.`,
      /** Beside a linked feedback not published on the portal: the public changelog leaves it out. */
      notOnPortal: "not on the portal: the public changelog leaves it out",
      correct: "Correct this entry",
      correctHint:
        "The public page and its feed show the correction at once. No one is e-mailed again, and the feedbacks it shipped stay as they are.",
      saveCorrection: "Save the correction",
      correctedNotice: "Correction saved: the public page shows it.",
      deleted: "Draft deleted.",
      publicPage: "Public changelog",
      edit: "Edit",
      allEntries: "All entries",
      /** Several typed keys name no feedback: each is marked in the list, the count said above it. */
      unknownKeys: (n: number) => `Feedbacks it ships: ${n} keys name no feedback of this organization; each is marked below.`,
      noSuchEntry: "There is no such changelog entry in this organization: a draft may have been deleted.",
      draftGone: "This draft was deleted meanwhile. What you typed is kept here: Save draft makes a new entry of it.",
      savedMeanwhile:
        "Someone saved this draft since you opened it, so nothing was written or published. What you typed is kept here: saving it again puts it in place of theirs; opening the draft again shows theirs.",
      publishedMeanwhile:
        "This entry was published meanwhile, so it is no longer a draft: nothing was changed. Correct this entry, on its page, changes its text.",
    },
    /** The public changelog at /p/{slug}/changelog. */
    publicChangelog: {
      title: "What's new",
      empty: "Nothing published yet.",
      feed: "Follow with a feed reader (Atom)",
      shipped: "What you asked for",
      voteCount: (n: number) => (n === 1 ? "1 vote" : `${n} votes`),
    },
    /** A feedback's triage by hand (owner, due date, severity, kind, feature, title, tags), the companies behind it, and the inbox's bulk changes and export. */
    triage: {
      triage: "Triage",
      owner: "Owner",
      noOwner: "No owner",
      ownerMe: "Me",
      anyOwner: "Anyone",
      tag: "Tag",
      anyTag: "Any",
      dueAt: "Due date",
      /** The inbox's filter by due date: any, and each choice of it. */
      anyDue: "Any",
      dueChoices: { overdue: "Overdue", set: "With a due date", none: "Without a due date" },
      severity: "Severity",
      noFeature: "No feature",
      title: "Title",
      tags: "Tags",
      tagsHint: "Separated by commas. A new name creates its tag.",
      saveTriage: "Update the triage",
      triageSaved: "Triage saved.",
      triageUnchanged: "Nothing changed: the triage was saved as it was.",
      triageMoved: "Not saved: the feedback you were editing was merged into this one meanwhile. Check the triage here before you change it.",
      companies: "Who is asking",
      noCompanies: "No report named its company.",
      perMonth: "a month",
      oneReport: "1 report",
      manyReports: "{n} reports",
      select: "Select",
      /** The checkbox at the head of the list that ticks every row of the page (or none). */
      selectAll: "Select all on this page",
      /** Beside the bulk form's title, as rows are ticked: "(1 ticked)", "(3 ticked)". */
      tickedOne: "(1 ticked)",
      tickedMany: "({n} ticked)",
      /** Above the list, once select all ticked the whole page of a longer list: the bulk form may apply to the list itself. */
      pageTicked: "All {n} on this page are ticked.",
      tickList: "Tick all {n} of this list",
      /** A bulk change takes at most {max}: past that, the list's first, in the order it is shown. */
      tickFirst: "Tick the first {max} of this list, in its order",
      listTicked: "All {n} of this list are ticked.",
      firstTicked: "The first {max} of this list, in its order, are ticked.",
      /** Beside the bulk form's button, while it applies to the list. */
      appliesToList: "Applies to {n} feedbacks of this list",
      bulkTitle: "Change the selected feedbacks",
      unchanged: "Unchanged",
      newStatus: "New status",
      newOwner: "New owner",
      newDueAt: "New due date",
      noDueAt: "Remove the due date",
      bulkComment: "Comment (with the change, or alone as a note on each)",
      addTag: "Add tags (commas between)",
      removeTag: "Remove tags (commas between)",
      applyBulk: "Apply to the selected",
      /** Applied, not "changed": a tag removed that a feedback did not have leaves it as it was. */
      bulkBeyond: "The list holds more than the 100 a change reaches: narrow it with a filter (a status, an owner, a tag) to reach the others.",
      bulkAllDone: (n: number) => (n === 1 ? "Applied to 1 feedback." : `Applied to ${n} feedbacks.`),
      bulkNoted: (n: number) => (n === 1 ? "Note added to 1 feedback." : `Note added to ${n} feedbacks.`),
      bulkLeft: (failed: number, which: string) => `Left as they were (${failed}): ${which}.`,
      bulkMerged: "{key} had been merged into {into} meanwhile: {into} was changed.",
      bulkNone: "Select at least one feedback, and a change.",
      bulkInvalid: "Nothing was changed: at most 20 tags at once, each of at most 40 characters; a comment at most 5,000.",
      bulkDueDate: "Nothing was changed: the new due date is no day of the calendar (write it as 2026-12-15).",
      bulkDueBoth: "Nothing was changed: give a new due date, or remove it, not both.",
      bulkTagUnreadable:
        "Nothing was changed: the tag added held text-direction or other control characters (such as U+202E), which would make it read as something else. They were removed: check the tag and send it again.",
      bulkTagLimit: "Nothing was changed: the organization has as many tags as it may (500): add one it has, or merge two in Settings → Tags.",
      exportCsv: "Export CSV",
      exportJsonl: "Export JSON Lines",
    },
    /** Settings: the organization's API keys. */
    apiKeys: {
      pageTitle: "API keys",
      name: "Name",
      scopes: "Scopes",
      nameNeeded: "Write a name in “Name” to create the key.",
      scopesNeeded: "Tick at least one scope under “Scopes” to create the key.",
      created: "Created",
      neverUsed: "Never",
      noKeys: "No API key yet. A key lets a script read and change feedbacks, or send reports, as the organization.",
      createKey: "Create an API key",
      keyOnce: "Your new API key, shown once — copy it now:",
      revokeKey: "Revoke",
      confirmRevokeKey: "Revoke this API key? Whatever uses it stops working at once.",
      /** After Revoke on a key's row, visually hidden. */
      keyNamed: (name: string) => `key “${name}”`,
      whoMay: "Only Admins manage the organization's API keys.",
    },
    /** Settings: the organization's tags, their colours, and renaming one on every feedback. */
    tags: {
      pageTitle: "Tags",
      intro: "A tag is created the first time a feedback carries it. Give it a colour to spot it at a glance in the inbox.",
      renameIntro:
        "Renaming a tag renames it on every feedback that carries it. Rename it to a tag you already have to merge the two: a feedback that carried both keeps one.",
      tag: "Tag",
      colour: "Colour",
      noColour: "No colour",
      noTags: "No tag yet. Tag a feedback on its page, or several at once from the inbox.",
      readersRead: "Admins and Members choose the colours of the tags and rename them.",
      colourSaved: "Colour saved.",
      rename: "Rename",
      /** After Save and Rename on a tag's row, visually hidden. */
      colourOf: (name: string) => `colour of “${name}”`,
      tagNamed: (name: string) => `tag “${name}”`,
      newName: "New name",
      renamed: (from: string, to: string, feedbacks: string) => `“${from}” is now “${to}”, on ${feedbacks}.`,
      merged: (from: string, to: string, feedbacks: string) => `“${from}” is merged into “${to}”, on ${feedbacks}.`,
      unchanged: (name: string) => `“${name}” already has that name: nothing changed.`,
      feedbacks: (n: number, formatted: string) => (n === 1 ? "1 feedback" : `${formatted} feedbacks`),
      gone: "This tag no longer exists: someone renamed it meanwhile. The list shows the tags as they are now.",
      colours: {
        gray: "Gray",
        red: "Red",
        orange: "Orange",
        yellow: "Yellow",
        green: "Green",
        teal: "Teal",
        blue: "Blue",
        purple: "Purple",
        pink: "Pink",
      },
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
    /** A page of the assistant's questions: its title and heading, so that a screen reader tells it from the form. */
    asking: (questions: number) => (questions > 1 ? "Questions about your report" : "A question about your report"),
    notSent: "Not sent yet. Answer to help the team understand, or send it as it is.",
    sendAsIs: "Send as it is",
    orWrite: "Or write your answer",
    yes: "Yes",
    no: "No",
    thanks: "Thank you! Your feedback was sent.",
    track: "Follow its progress",
    keepLink: "Keep this link (a bookmark will do): it leads back to your report and the team's answers.",
    again: "Send another",
    source: "Read the help article",
    notFound: "There is no form at this address.",
    honeypot: "Leave this field empty",
    writeMessage: "Write your message first: a few words on what happened are enough.",
    messageTooLong: (max: number) => `Your message is too long: at most ${max.toLocaleString("en")} characters.`,
    emailInvalid: "This e-mail address does not look right: check it, or leave the field empty.",
    questionsOver: "These questions have expired",
    questionsOverHint: "Your report waited too long for its answers and was not sent. Send it again: it takes a minute.",
    stillSending: "Your report is still being sent. Press Send again in a moment, without changing it: it will be recorded once.",
  },
  tracking: {
    title: "Your report",
    notFound: "There is nothing at this address.",
    notFoundHint: "A link to a report works only whole: open it again from the message or the page that gave it to you.",
    status: "Status:",
    received: "Received",
    about: "Your report about",
    /** A post from the portal's form: the person wrote a post, not a report. */
    post: "Your post",
    postAbout: "Your post about",
    whatYouWrote: "What you wrote",
    meaning: {
      triage: "The team has received it and will look at it soon.",
      prioritized: "The team has planned to work on it.",
      in_development: "The team is working on it.",
      fixed: "A fix is ready; it reaches you with the next update.",
      delivered: "It is done and available to you. Thank you for telling us.",
      dismissed: "The team decided not to act on it this time.",
    },
    history: "What happened",
    conversation: "Messages",
    noMessages: "No message yet.",
    you: "You",
    answer: "Add a message for the team",
    answerHint: "The team reads it with your report. At most 5,000 characters.",
    honeypot: "Leave this field empty",
    send: "Send",
    sent: "Sent: the team will read your message.",
    empty: "Write a message before sending.",
    tooMany: "Too many messages from your address: try again in a while.",
    /** Beside the name of a team member (or the team's) who replied: their replies are the team's. */
    team: "Team",
    /** A reply signed by no member's name nor the portal's title. */
    theTeam: "The team",
    /** The feedback's page on the portal, once the team published it there. */
    onPortal: "See it on the portal",
    /** The language switch: what it is, and the other language, named in itself. */
    language: "Language",
    otherLanguage: "Français",
    /** Before the changelog entries that shipped the feedback. */
    shippedIn: "Delivered with the update:",
  },
  /** An address of no page, asked for by a browser. */
  pageNotFound: {
    title: "Page not found",
    text: "There is no page at this address: the link may be mistyped, or the page may have moved.",
    home: "Go to the inbox",
    /** The way out of a feedback's form address (its tracker or status form, visited): the feedback's page, where the form was. */
    backTo: (key: string) => `Back to ${key}`,
    formOnlyTitle: "This address takes a form",
    formOnlyText: "A form of this service sends what was filled in here; there is no page to show. Go back to the page the form was on.",
  },
  unsubscribe: {
    title: "Unsubscribe",
    ask: "Stop receiving news about this subject at",
    /** Before the address, then the list of what the link stops: a feedback's key, and its public title once published. */
    stopSending: "Stop sending news to",
    about: "about:",
    /** The link opened again once what it names was stopped: before the address, then the list. */
    noLonger: "Already unsubscribed: no more news is sent to",
    button: "Unsubscribe",
    done: "Done: you will receive no more news about this subject.",
    doneAbout: "Done: you will receive no more news about:",
    invalid: "This link is not valid.",
    /** Beside what the link stops: the follower's tracking page, and the feedback's page on the portal once published there. */
    seeReport: "See your report",
    seeOnPortal: "See it on the portal",
    /** Once unsubscribed: the undo, which brings back exactly what was stopped. */
    changedYourMind: "Changed your mind?",
    undo: "Subscribe again",
    undone: "Done: you will receive news about this subject again.",
    undoneAbout: "Done: you will receive news again about:",
  },
  /** What an agent may be allowed to do, as the consent screen and the agents page name it. */
  scopes: {
    "feedbacks:read": { name: "Read", description: "List and read feedbacks, reports, apps and the feature map" },
    "reports:write": { name: "Send", description: "Create reports" },
    "feedbacks:write": {
      name: "Update",
      description:
        "Change feedbacks (status, owner, due date, severity, kind, feature, title, tags), comment on them, merge and unmerge them, and publish changelog entries. Setting a status to Delivered e-mails the feedback's followers; comments may be public replies, e-mailed to them too",
    },
  },
  /** The `error` of `{error, code}`, by code. */
  errors: {
    invalid_json: "The request body is not valid JSON: send JSON, with Content-Type: application/json.",
    invalid_ingest: "A field of the report is missing or invalid.",
    invalid_idempotency_key: "The idempotency key must be 1 to 255 characters long.",
    invalid_answer: "The answer is invalid.",
    missing_answer: "Send a text or at least one choice.",
    invalid_query: "A filter is unknown or invalid.",
    invalid_cursor: "The cursor cannot be read, or was given for another list (other filters or order): ask for the first page again, without it.",
    invalid_body: "The request body is invalid.",
    unauthorized: "An access token is required: send it in the header Authorization: Bearer <token>.",
    invalid_token: "The access token is unknown, expired or revoked, or was issued for another resource (a token for /v1 does not open /mcp).",
    insufficient_scope: "The access token lacks the scope this request needs.",
    forbidden: "Your role does not allow this.",
    channel_mismatch: "This key's channel does not take requests at this address.",
    channel_inactive: "This channel is disabled.",
    origin_not_allowed: "This page's origin is not in the app's list of allowed origins: add it in Settings → Apps.",
    unknown_app: "No app has this key: copy the key of an app's channel from Settings → Apps.",
    not_found: "Not found.",
    qualification_not_found: "This qualification is unknown or has expired.",
    idempotency_in_progress: "A request with this idempotency key is still running.",
    message_too_long: "The message is longer than 10000 characters.",
    method_not_allowed: "This address does not answer to this method; the Allow header lists those it answers to.",
    payload_too_large:
      "The request body, or a file it carries, is larger than allowed (256 KB for a report or another API request; 1 MB for what Slack or a tracker sends to its integration address; 2 MB for a screenshot and 5 MB for a replay from the widget).",
    replay_too_large:
      "The replay expands to more than 50 MB once decompressed, more than a player can hold: it is refused. Send the report without it, or with a shorter recording.",
    idempotency_key_reused: "This idempotency key was already used with another body.",
    rate_limited: "Too many requests. Try again later.",
    quota_exceeded: "The monthly feedback quota of the plan is used up.",
    qualification_failed: "The AI assistant did not answer. Send the report again without qualify.",
    invalid_link: "This link is invalid or has expired.",
    no_tracker: "This app has no issue tracker: an Admin connects one in Settings → Apps (or an operator with the CLI).",
    tracker_linked: "This feedback is already linked to a tracker issue: no second one is created. Name an existing issue to link it instead.",
    invalid_webhook:
      "The webhook address must be https, public and on port 443 or 8443, and its events among feedback.created, feedback.status_changed, feedback.shipped, feedback.merged, feedback.unmerged, changelog.published, feedback.voted and comment.created.",
    webhook_limit_reached: "An organization may have at most 5 webhooks: delete one before adding another.",
    limit_reached: "The organization holds as many of these as it may: remove one before adding another.",
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
    tracker_unavailable: "The app's issue tracker could not be reached, or refused the request (check its token). Try again in a moment.",
    email_unavailable: "The e-mail could not be sent just now: the mail server did not take it. Try again in a moment.",
    internal_error: "Something went wrong on our side. It has been logged.",
    store_unavailable: "The service cannot save anything just now: its storage is out of service. Nothing was recorded; send it again in a moment.",
    changelog_published: "This changelog entry is published: it cannot be deleted, published again, or ship other feedbacks.",
    already_member: "This person is already a member of the organization.",
    cannot_vote: "This feedback takes no votes: it is delivered or dismissed.",
    slug_taken: "Another portal already has this address (slug). Choose another one.",
    unknown_owner:
      "The owner must be the e-mail address of a member of the organization, or me for the person the token or agent acts for; null removes the owner.",
    unknown_feature:
      "This feature is not in the feature map of the feedback's app: give the id of one of its features (GET /v1/apps/{id}/features; over MCP, list_features), not its name or path.",
    invalid_sso_token: "The single sign-on token is invalid or has expired: the site signs in again and passes a new one to Retour.identify.",
    comment_published: "This comment is already on the portal: only a comment still waiting for review can be rejected.",
  },
  /** limit_reached naming what the organization may hold no more of, and what to do: instead of the code's message. */
  limitReached: {
    app: (max: number) =>
      `An organization may have at most ${max.toLocaleString("en")} apps, and an app is never deleted: give one of its apps a channel rather than create another app.`,
    channel: (max: number) =>
      `An app may have at most ${max.toLocaleString("en")} channels, disabled ones included, and a channel is never deleted: enable one of its disabled channels rather than add another.`,
    api_key: (max: number) => `An organization may have at most ${max.toLocaleString("en")} API keys: revoke one before creating another.`,
    help_article: (max: number) =>
      `An app's help center holds at most ${max.toLocaleString("en")} articles: import at most ${max.toLocaleString("en")}, which replace those it has.`,
    tag: (max: number) =>
      `An organization may have at most ${max.toLocaleString("en")} tags: tag with one it has, or rename a tag into another to merge them (Settings → Tags) before creating one.`,
  },
  /** A 404 for an id the request named (an app, a feature, a changelog entry), said back: instead of the code's message. */
  missing: {
    app: (id: string) => `No app '${id}' in this organization.`,
    feature: (id: string) => `No feature '${id}' in this organization.`,
    changelog_entry: (id: string) => `No changelog entry '${id}' in this organization.`,
  },
  /** insufficient_scope naming the scope the request needs: said instead of the code's message. */
  scopeLacking: (scope: string) =>
    `The access token lacks the scope this request needs: ${scope}. Authorize the agent again with it, or use a token or an API key that holds it.`,
  /** invalid_sso_token saying why the token is refused (for the site's developers): said instead of the code's message. */
  ssoTokenRefused: (why: string) =>
    `The single sign-on token is refused: ${why}. The site's server signs {sub, email, name?, exp} with the portal's single sign-on secret (HS256), exp in the future, and passes the token to Retour.identify.`,
  /** A service the request needed refused its token: said instead of the code's message, since trying again will not help. */
  refusedToken: {
    tracker_unavailable:
      "The app's issue tracker refused its token (wrong, revoked or expired, or without access to the project): trying again will not help. An operator gives a new token with tracker set.",
  },
  /** An opening the tracker did not answer in time (tracker_unavailable): said instead of the code's message, since it may have opened the issue. */
  mayHaveOpened:
    "The app's issue tracker did not answer in time, and may have opened the issue all the same: look for it in the tracker and link it by name (send it as issue) rather than opening another one.",
  /** An issue the tracker opened that the feedback could not be linked to (internal_error): said instead of the code's message, naming it to be linked rather than opened again. */
  unlinkedIssue: (issue: string) =>
    `The issue ${issue} was opened in the app's tracker, but the feedback could not be linked to it: something went wrong on our side, and it has been logged. Link that issue by naming it (send it as issue) rather than opening another one.`,
  /** Why a merge, an unmerge or a split is refused, naming the feedbacks: said instead of the code's message. */
  refusals: {
    unknown_feedback: (feedback: string) => `No feedback ${feedback} in this organization.`,
    same_feedback: (feedback: string) => `A feedback cannot be merged into itself: ${feedback} was named twice. Give the key of another feedback.`,
    other_app: (feedback: string, target: string) => `${feedback} and ${target} belong to different apps: only feedbacks of one app can be merged.`,
    already_merged: (feedback: string, holder?: string) =>
      holder
        ? `${feedback} is merged into ${holder} already: merge into ${holder}, or unmerge ${feedback} first.`
        : `${feedback} is merged into another feedback already: merge into the feedback that holds it, or unmerge ${feedback} first.`,
    /** `merged`: the keys of the feedbacks merged into it, said as a list ("" when none). */
    not_merged: (feedback: string, merged: string) =>
      merged
        ? `${feedback} is not merged into another feedback; others were merged into it: unmerge one of ${merged}.`
        : `${feedback} is not merged into another feedback: there is nothing to unmerge.`,
    /** Said to the Undo of a merge's notice only: REST and MCP name no merge to undo. */
    merge_undone: (feedback: string, mergedAgain: boolean) =>
      mergedAgain
        ? `This merge of ${feedback} was undone already, and ${feedback} was merged again since (by grouping or by a person): nothing was changed.`
        : `This merge of ${feedback} was undone already: nothing was changed.`,
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
    report_moved: (feedback: string, target: string) =>
      `This report is no longer in ${feedback}: it is in ${target} now (split off or merged meanwhile). Split it from ${target}, if it still should be.`,
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
  /** A webhook's events refused, said before the field at fault: the address half of the rule would point at a sound address. */
  eventsRefused: "A webhook subscribes to one or more of the events Retour sends.",
  /** The sentence naming a refused field: "limit: expected an integer from 1 to 100." */
  problems: {
    body: "body",
    says: (field: string, why: string) => `${field}: ${why}.`,
    unknown: "not a known field",
    missing: "required",
    missingBeside: (names: string) => `required (not a known field: ${names})`,
    repeated: "given more than once",
    no_change: "a change is required (status, owner, dueAt, addTags or removeTags); a comment goes with one",
    no_update:
      "required, or a triage field (owner, dueAt, severity, kind, featureId, title, tags); a comment alone is added as a comment (POST /v1/feedbacks/{key}/comments; over MCP, add_comment)",
    not_url: "not an absolute address (https://host/path)",
    not_https: "not https (http is allowed only in development, with WEBHOOKS_ALLOW_PRIVATE)",
    credentials: "carries a user name or a password",
    port: "on a port other than 443 and 8443",
    private_address: "a loopback, private, link-local or otherwise non-public address, or a host name that resolves to one",
    unresolvable: "the host name does not resolve to any address (a machine without network resolves none)",
    widget_key_only: "a widget key is expected here; API channel keys and form keys go to POST /v1/reports",
    server_key_only: "a widget key works only from the widget (POST /v1/widget/reports); this endpoint takes an API channel key or a form key",
    unknown_feedback: "a key that names no feedback of this organization",
    no_person: "me names the person a token or an agent acts for, and an API key or the CLI acts for no one: give a member's e-mail",
    not_mapped: "a status mapping is for Linear and Jira states: GitHub issues carry a retour:<status> label, and a bridge the status itself",
    reordering: "text-direction and other control characters (such as U+202E) would make it read as something else",
    not_json: "not valid JSON",
    malformed: "not written as this field needs",
    not_a_choice: "not the id of a choice of the question asked (send one, or several where its mode is multi)",
    choices_only: "the question asked takes one of its choices (choiceIds), not a text",
    not_its_type: "not a file of its contentType in base64 (a replay: gzip-compressed JSON)",
    not_bot_token: "not a bot token: paste the Bot User OAuth Token, which starts with xoxb- (OAuth & Permissions of the Slack app)",
    token_refused: (said: string) =>
      `refused by the service it is for (it answered: ${said}): check that it is the whole token, and that it is not revoked or expired`,
    project_unseen: (said: string) =>
      `the service shows this token no such project (it answered: ${said}): check the name, and that the token's account may see it`,
    cannot_write: (said: string) =>
      `the service says this token's account may not write issues there (it answered: ${said}): give the token of an account that can create, change and comment issues in the project`,
    unknownKey: (key: string) => `${key} names no feedback of this organization`,
    /** `members`: their e-mails, said as a list. */
    notMember: (given: string, members: string) => `${given} is no member of the organization, whose members are ${members}`,
    /** A mapped state the tracker's workflow lacks; `states`: the names of those it has, said as a list. */
    unknownState: (given: string, states: string) => `the tracker has no state named “${given}”; its workflow's states are ${states}`,
    /** A field known by another name, `name`. */
    misnamed: (name: string) => `not a known field; its name is ${name}`,
    /** After the first names of a long list: how many it leaves out. */
    andMore: (count: number) => `and ${count} more`,
    expected: (what: string) => `expected ${what}`,
    oneOf: (values: string) => `one of ${values}`,
    integer: "an integer",
    number: "a number",
    range: (min: number, max: number) => ` from ${min} to ${max}`,
    boolean: "true or false",
    list: "a list",
    nonEmptyList: "a list of at least one item",
    listOf: (min: number, max: number) => `a list of ${min} to ${max} items`,
    atMostItems: (max: number) => ` of at most ${max} items`,
    object: "an object",
    text: "a text",
    nonEmpty: "a non-empty text",
    atMost: (max: number) => ` of at most ${max} characters`,
    visible: " with at least one visible character",
    matching: (pattern: string) => ` matching ${pattern}`,
    or: " or ",
    email: "an e-mail address such as ann@example.com",
    color: "a colour written #rrggbb (such as #4f46e5)",
    origin: "an exact origin such as https://app.example.com (scheme, host and port: no path, no wildcard)",
    slug: "lower-case letters, digits and hyphens, 1 to 40, not starting or ending with a hyphen (such as acme-shop)",
    signInUrl:
      "an https address of at most 2,000 characters, without a user name or password, such as https://app.example.com/login (http only on this machine: http://localhost, http://127.0.0.1, http://[::1])",
    date: "a date such as 2026-12-31, or an ISO 8601 date and time such as 2026-12-31T17:00Z",
    noComma: " without a comma",
  },
  /** A tool call refused for its arguments, as a model reads it: arguments, not a request body. */
  toolArguments: {
    invalid: "An argument is missing or invalid.",
    unknown: "not a known argument",
    misnamed: (name: string) => `not a known argument; this filter's argument is ${name}`,
    missingBeside: (names: string) => `required (not a known argument: ${names})`,
    arguments: "arguments",
  },
  /** The portal's sign-in, sign-out and vote, for the people who use the apps. */
  portalPeople: {
    signIn: "Sign in",
    purpose: "Sign in to vote and to follow what you asked for.",
    byEmail: "We send a link to your e-mail address; no password.",
    withAccount: "Sign in with your account",
    accountHint: (host: string) => `You sign in on ${host}, then come back here.`,
    or: "or",
    email: "E-mail address",
    send: "Send me a link",
    honeypot: "Leave this field empty",
    sent: "Check your e-mail",
    sentText:
      "A sign-in link is on its way to that address. It works once, within 15 minutes. Nothing after a few minutes? Look in the spam folder, or ask again.",
    noWay: "This portal has no way to sign in yet.",
    readingFree: "You can read everything here without signing in.",
    back: "Back to the board",
    /** Back from the sign-in page to the portal page that sent the person there, when it was not the board. */
    backToPage: "Back to the page you were reading",
    invalidEmail: "Enter an e-mail address, such as ana@example.com.",
    confirm: "Continue",
    confirmText: "Sign in with the link from your e-mail:",
    linkTitle: "This link does not work",
    invalidLink: "This sign-in link is invalid, used or expired. Ask for a new one.",
    ssoTitle: "Signing in did not work",
    ssoFailed: "The sign-in your app sent was refused.",
    signInAgain: "Sign in again",
    emailInstead: "Sign in with a link by e-mail",
    forDevelopers: (why: string) => `For the app's developers: ${why}.`,
    askAgain: "Ask for a new link",
    signedInAs: "Signed in as",
    signOut: "Sign out",
    formRefused: "This form could not be sent",
    otherSite: "This form can only be sent from its own page. Go back, reload the page and send it again.",
    tooManyTitle: "Too many attempts",
    tooMany: "Too many attempts. Wait a little and try again.",
    notFound: "There is no portal at this address.",
  },
} as const;

/** Strings widened from their English literals, so that another language can fill the same shape. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Widen<T[K]> };

export type Catalog = Widen<typeof EN>;
