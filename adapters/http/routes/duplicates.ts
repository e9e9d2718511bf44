import { Elysia } from "elysia";
import { can } from "../../../core/authorization.ts";
import { ok, type Result } from "../../../core/errors.ts";
import { makeMerge } from "../../../core/merges/make-merge.ts";
import { splitReport } from "../../../core/merges/split-report.ts";
import { dismissSuggestion } from "../../../core/merges/dismiss-suggestion.ts";
import { undismissSuggestion } from "../../../core/merges/undismiss-suggestion.ts";
import { listSuggestions } from "../../../core/merges/list-suggestions.ts";
import { unmergeFeedback } from "../../../core/merges/unmerge-feedback.ts";
import type { Services } from "../../../core/services.ts";
import { listApps } from "../../../core/catalog/list-apps.ts";
import { html, redirect } from "../html.ts";
import { type Done, dismissButton, groupingNotice, likeness, mergeButton, newerIntoOlder, clearOutcome, setFailure } from "../web/grouping-panel.ts";
import { keyLink, keyText } from "../web/key-text.ts";
import { appPage, asMember, asMemberPosting } from "../web/layout.ts";
import { kindLabel, statusBadge } from "../web/badges.ts";
import type { Visitor } from "../web/visitor.ts";
import { formatNumber, wordsFor } from "../web/words.ts";

/** Where an action returns: a page of this application (the queue or a feedback), never elsewhere. */
function localNext(next: string, fallback: string): string {
  return /^\/(duplicates|inbox\/[^/?#]+)(\?[^#]*)?$/.test(next) ? next : fallback;
}

/**
 * Back to `next`, saying what was done or what went wrong (post-redirect-get: a reload repeats
 * nothing); after a refusal, `typed` is what the person typed, to find in the field again.
 */
function back(
  next: string,
  result: Result<unknown>,
  done: Done,
  typed = "",
  pair?: { readonly feedback: string; readonly target: string; readonly merge?: string },
): Response {
  const url = new URL(next, "http://local");
  clearOutcome(url.searchParams);
  if (result.ok) {
    url.searchParams.set("done", done);
    // The notice names the two feedbacks (and a merge, which its Undo takes back).
    if (pair) for (const [name, key] of Object.entries(pair)) url.searchParams.set(name, key);
  } else {
    setFailure(url.searchParams, result);
    if (typed) url.searchParams.set("into", typed);
  }
  return redirect(url.pathname + url.search);
}

/** What the notice says after "Not duplicates" is undone: taken back, or nothing to take back (one feedback now, or no such decision). */
const UNDISMISSED = { restored: "restored", one_feedback: "together", not_dismissed: "undecided" } as const satisfies Record<string, Done>;

/** The "Possible duplicates" queue: each pair with how alike it is, to merge or to dismiss. */
async function duplicatesPage(services: Services, visitor: Visitor, request: Request): Promise<Response> {
  const w = wordsFor(visitor.language, "duplicates");
  const params = new URL(request.url).searchParams;
  const appId = params.get("appId") || null;
  const [listed, apps] = await Promise.all([listSuggestions(services, visitor.grant, appId), listApps(services, visitor.grant)]);
  const suggestions = listed.ok ? listed.value.pairs : [];
  const here = appId ? `/duplicates?appId=${encodeURIComponent(appId)}` : "/duplicates";
  const canUpdate = can(visitor.grant, "feedbacks.update");
  const appList = apps.ok ? apps.value.data : [];
  // One app has nothing to filter by; one filtered out (an address kept from before) still shows its choice.
  const appFilter =
    appList.length < 2 && !appId
      ? ""
      : html`<form method="get" action="/duplicates" class="filters single" aria-label="${w.filters}">
<div><label for="app">${w.app}</label><select id="app" name="appId"><option value="">${w.anyFeminine}</option>${appList.map((a) => html`<option value="${a.id}"${a.id === appId ? html` selected` : ""}>${a.name}</option>`)}</select></div>
<div><button type="submit">${w.apply}</button></div></form>`;
  const side = (f: (typeof suggestions)[number]["feedback"]) =>
    html`<p>${keyLink(f.key)} ${f.title} <span class="badges">${kindLabel(visitor.language, f.kind)} ${statusBadge(visitor.language, f.status)}</span> <span class="muted nowrap">· ${f.reports === 1 ? w.oneReport : `${f.reports} ${w.manyReports}`}</span></p>`;
  // Merged newer into older, as grouping merges and as a feedback's page offers.
  const mergeNewer = (s: (typeof suggestions)[number]) => {
    const { newer, older } = newerIntoOlder(s.feedback, s.similar);
    // The button stands out for a pair grouping found one subject; a pair only alike asks a closer look first.
    const kind = s.sure ? "primary" : "secondary";
    return mergeButton(visitor, newer.key, older.key, here, html`${w.mergeNewer} ${keyText(newer.key)} ${w.into} ${keyText(older.key)}`, kind);
  };
  // "Closest to each other" tells a pair from the others: said of every pair shown, it would tell nothing.
  const someNotClosest = suggestions.some((s) => !s.closest);
  // Where the list holds several apps' pairs, each says whose it is (both of a pair are of one app).
  const appShown = appList.length > 1 && !appId;
  const pair = (
    s: (typeof suggestions)[number],
  ) => html`<li class="pair">${appShown ? html`<p class="muted pair-app">${s.feedback.app.name ?? ""}</p>` : ""}<div class="pair-sides">
${side(s.feedback)}<p class="muted pair-link">${w.mayDuplicate}</p>${side(s.similar)}</div>
${likeness(visitor, s, s.closest && someNotClosest)}
${canUpdate ? html`<div class="pair-actions">${mergeNewer(s)}${dismissButton(visitor, s.feedback.key, s.similar.key, here)}</div>` : ""}</li>`;
  const waiting = listed.ok ? listed.value : { waiting: 0, countedAll: true };
  const count = html`<p><strong>${w.pairsWaiting(formatNumber(visitor.language, waiting.waiting), waiting.waiting === 1, !waiting.countedAll)}</strong></p>`;
  const more = waiting.waiting > suggestions.length ? html`<p class="muted">${w.moreSuggestions(suggestions.length)}</p>` : "";
  const list =
    suggestions.length === 0
      ? html`<p class="empty">${w.noSuggestions}</p>`
      : html`${count}<ul class="plain pairs">${suggestions.map(pair)}</ul>${more}`;
  return appPage(
    visitor,
    "/duplicates",
    w.possibleDuplicates,
    html`<h1>${w.possibleDuplicates}</h1><p class="muted">${w.duplicatesIntro}</p>${groupingNotice(visitor, params, here)}${appFilter}${list}`,
  );
}

/** Grouping reviewed in the browser: the queue of possible duplicates, merging, unmerging, dismissing (and undoing it) and splitting. */
export function duplicateRoutes(services: Services) {
  return new Elysia({ name: "routes/duplicates" })
    .get("/duplicates", ({ request, cookie }) => asMember(services, { request, cookie }, (visitor) => duplicatesPage(services, visitor, request)), {
      detail: { hide: true },
    })
    .post(
      "/duplicates/merge",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const merged = await makeMerge(services, visitor.grant, field("source").trim(), field("into").trim());
          // Merged from its own page, a feedback's page is now the one that holds both.
          const source = `/inbox/${encodeURIComponent(field("source").trim())}`;
          const next = localNext(field("next"), "/duplicates");
          const target = merged.ok ? merged.value.feedback.key : "";
          return back(merged.ok && next === source ? `/inbox/${encodeURIComponent(target)}` : next, merged, "merged", field("into").trim(), {
            feedback: field("source").trim(),
            target,
            merge: merged.ok ? merged.value.mergeId : "",
          });
        }),
      { detail: { hide: true } },
    )
    .post(
      "/duplicates/dismiss",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const dismissed = await dismissSuggestion(services, visitor.grant, field("feedback"), field("similar"));
          // The two merged meanwhile (on another page): the notice says they are one feedback now.
          const done = dismissed.ok && dismissed.value === "one_feedback" ? "together" : "dismissed";
          // Otherwise it names the two the dismissal is recorded on, which its Undo takes back.
          const [feedback, target] = dismissed.ok && dismissed.value !== "one_feedback" ? dismissed.value : [field("feedback"), field("similar")];
          return back(localNext(field("next"), "/duplicates"), dismissed, done, "", { feedback, target });
        }),
      { detail: { hide: true } },
    )
    .post(
      "/duplicates/undismiss",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const restored = await undismissSuggestion(services, visitor.grant, field("feedback"), field("similar"));
          const done = restored.ok ? UNDISMISSED[restored.value] : "restored";
          return back(localNext(field("next"), "/duplicates"), restored, done, "", { feedback: field("feedback"), target: field("similar") });
        }),
      { detail: { hide: true } },
    )
    .post(
      "/duplicates/undo-merge",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          // A wrong click taken back: the pair waits for review again, and the person stays where the merge was made.
          const undone = await unmergeFeedback(services, visitor.grant, field("feedback"), field("merge"));
          const pair = { feedback: field("feedback"), target: field("target") };
          // Undone already (Undo pressed twice): nothing was changed, which is no error.
          if (!undone.ok && undone.refusal?.reason === "merge_undone")
            return back(localNext(field("next"), "/duplicates"), ok(null), undone.refusal.mergedAgain ? "mergedAgain" : "putBack", "", pair);
          return back(localNext(field("next"), "/duplicates"), undone, "restored", "", pair);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/unmerge",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const unmerged = await unmergeFeedback(services, visitor.grant, params.key);
          return back(
            unmerged.ok ? `/inbox/${encodeURIComponent(unmerged.value.key)}` : localNext(field("next"), "/duplicates"),
            unmerged,
            "unmerged",
          );
        }),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/:key/reports/:reportId/split",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor) => {
          const split = await splitReport(services, visitor.grant, params.key, params.reportId);
          return back(`/inbox/${encodeURIComponent(split.ok ? split.value.key : params.key)}`, split, "split");
        }),
      { detail: { hide: true } },
    );
}
