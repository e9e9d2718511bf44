import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { BULK_MAX_KEYS, BulkRequest, type BulkResults, FeedbackUpdate } from "../../../core/schemas/triage.ts";
import { ok, type Result } from "../../../core/errors.ts";
import type { Grant } from "../../../core/model.ts";
import { bulkUpdate } from "../../../core/triage/bulk-update.ts";
import { bulkNote } from "../../../core/triage/bulk-note.ts";
import { dueTime } from "../../../core/triage/due-date.ts";
import { spendExport } from "../../../core/triage/spend-export.ts";
import { exportFeedbacks } from "../../../core/triage/export-feedbacks.ts";
import { updateFeedback } from "../../../core/triage/update-feedback.ts";
import { withoutReordering } from "../../../core/schemas/text.ts";
import { failureBody, textFor } from "../catalog/text.ts";
import { STATUS_OF } from "../error-status.ts";
import { exportResponse } from "../export-file.ts";
import type { CookieJar } from "../cookies.ts";
import { html, redirect } from "../html.ts";
import { flash } from "../web/flash.ts";
import { validator } from "../validate.ts";
import { appPage, asMember, asMemberPosting } from "../web/layout.ts";
import { type BulkDraft, heldFields, type TriageDraft, type TriageField, triageRefusal, unreadableTagRefusal } from "../web/triage-panel.ts";
import { changedFields, overtaken, sameText, shownFields } from "../web/shown-fields.ts";
import { getFeedback } from "../../../core/feedback/get-feedback.ts";
import { listFeedbacks } from "../../../core/feedback/list-feedbacks.ts";
import { feedbackPage, inboxQuery, listPlace } from "./inbox.ts";

const updateForm = validator(FeedbackUpdate);
const bulkForm = validator(BulkRequest);

/** The keys a bulk change names among those it left as they were. */
const BULK_FAILURES_SHOWN = 20;

/** A form's text as the API takes it: empty is null (no owner, no date, no severity, no feature). */
const orNull = (value: string): string | null => (value.trim() === "" ? null : value.trim());

/** The triage form's fields, each sent beside what the page showed (`titleWas`, …). */
const FORM_FIELDS: readonly TriageField[] = ["title", "kind", "severity", "featureId", "dueAt", "owner", "tags"];

/** The tags typed in the form, separated by commas. */
const tagList = (typed: string): string[] =>
  typed
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

/** The triage form's fields as sent, each read by `read`. */
const formFields = (read: (name: TriageField) => string): TriageDraft["fields"] =>
  Object.fromEntries(FORM_FIELDS.map((name) => [name, read(name)])) as TriageDraft["fields"];

/** Whether two values of a field say the same: tags whatever their spacing, the rest whatever their spaces. */
const sameField = (name: TriageField, a: string, b: string): boolean =>
  name === "tags" ? tagList(a).join(",") === tagList(b).join(",") : sameText(name, a, b);

/**
 * The fields a save writes: those changed from what the page showed, so what someone else set
 * meanwhile stays. A form sent without it writes them all, but an owner left empty (an owner who
 * left the organization stays until someone else is picked).
 */
function fieldsToWrite(typed: TriageDraft["fields"], was: TriageDraft["fields"] | null): TriageField[] {
  if (!was) return FORM_FIELDS.filter((name) => name !== "owner" || orNull(typed.owner) !== null);
  return changedFields(FORM_FIELDS, typed, was, sameField);
}

/** The update the API takes for the fields named: empty text is null (no owner, no date, no severity, no feature). */
function updateOf(typed: TriageDraft["fields"], names: readonly TriageField[]): Record<string, unknown> {
  const value = (name: TriageField) =>
    name === "tags" ? tagList(typed.tags) : name === "title" || name === "kind" ? typed[name] : orNull(typed[name]);
  return Object.fromEntries(names.map((name) => [name, value(name)]));
}

/** Every value a form sent under one name (ticked checkboxes arrive as a list). */
const values = (body: unknown, name: string): string[] => {
  const value = (body as Record<string, unknown> | null)?.[name];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string" && v !== "");
};

/** Whether an address is the inbox's list, as filtered: a path of this site, never another site's or page's. */
const isInboxList = (address: string): boolean => /^\/inbox(\?|$)/.test(address);

/** Where a bulk change goes back to: the inbox as it was filtered, never another site. */
const backTo = (back: string): string => (isInboxList(back) ? back : "/inbox");

/**
 * The keys of a bulk change: those ticked, or, once the whole list was ticked (its address sent as
 * `list`), the first 100 of the list in its order, read as the inbox lists them, and whether the
 * list held more. A list that cannot be read gives none, and so does an address that is not the
 * inbox's: read as the inbox unfiltered, it would change feedbacks the person never saw listed.
 */
async function keysOf(
  services: Services,
  grant: Grant,
  ticked: readonly string[],
  list: string,
): Promise<{ readonly keys: readonly string[]; readonly beyond: boolean }> {
  if (!list) return { keys: ticked, beyond: false };
  if (!isInboxList(list)) return { keys: [], beyond: false };
  const { cursor: _, ...query } = inboxQuery(new URL(list, "http://retour.invalid").searchParams);
  const listed = await listFeedbacks(services, grant, { ...query, limit: BULK_MAX_KEYS });
  return listed.ok ? { keys: listed.value.data.map((f) => f.key), beyond: listed.value.nextCursor !== null } : { keys: [], beyond: false };
}

/**
 * Keeps a refused bulk change for the inbox it is sent back to (`inbox`, its address): as ticked and typed, or, where a
 * cookie cannot hold that much (a long comment, a crafted list of keys), without the texts typed,
 * then without the ticks; why it was refused is said in any case.
 */
async function keepRefused(services: Services, jar: CookieJar, draft: BulkDraft, inbox: string): Promise<void> {
  const untyped = { ...draft, fields: { ...draft.fields, comment: "", addTag: "", removeTag: "" } };
  for (const kept of [draft, untyped, { ...untyped, keys: [] }]) if (await flash(services, jar, { kind: "bulk", draft: kept }, inbox)) return;
}

/**
 * The inbox's bulk change: the change to each ticked feedback with the comment (as the API's bulk
 * update makes it), or, with no change but a comment, the comment added to each as a team note.
 */
async function bulkChange(
  services: Services,
  grant: Grant,
  keys: readonly string[],
  change: BulkRequest["set"],
  comment: string,
): Promise<Result<BulkResults["results"]>> {
  const done =
    Object.keys(change).length > 0
      ? await bulkUpdate(services, grant, { keys: [...keys], set: { ...change, ...(comment && { comment }) } })
      : await bulkNote(services, grant, keys, comment);
  return done.ok ? ok(done.value.results) : done;
}

/** The inbox's triage: a feedback's fields edited in place, bulk changes of the ticked feedbacks, and the export of the list. */
export function inboxTriageRoutes(services: Services) {
  return new Elysia({ name: "routes/inbox-triage" })
    .post(
      "/inbox/:key/triage",
      ({ request, params, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const typed = formFields((name) => field(name));
          // What the page showed, sent beside each field (`kindWas` is never empty when sent).
          const was = shownFields(FORM_FIELDS, field, "kind");
          const names = fieldsToWrite(typed, was);
          const back = (key: string, saved: string) => redirect(`/inbox/${encodeURIComponent(key)}?triaged${saved}`);
          if (names.length === 0) return back(params.key, "=unchanged");
          const update = updateOf(typed, names);
          // Refused, the form comes back with what was typed and why, said of its own fields, and
          // with what the page first showed: a second save still leaves alone what it did not change.
          if (!updateForm.check(update)) {
            const problem = updateForm.refuse("invalid_body", update).problem;
            const error = problem ? triageRefusal(visitor.language, problem, tagList(typed.tags)) : "";
            return feedbackPage(services, visitor, params.key, {
              status: 400,
              triage: { error, fields: typed, ...(was && { was }), at: problem?.field.split(".")[0] },
            });
          }
          const now = was ? await getFeedback(services, visitor.grant, params.key) : null;
          // Merged into another since the page was shown: nothing is written to the one it joined.
          if (now?.ok && now.value.key !== params.key) return back(now.value.key, "=moved");
          const held = now?.ok ? overtaken(names, typed, was!, heldFields(now.value), sameField) : [];
          const writing = names.filter((name) => !held.includes(name));
          const place = await listPlace(services, visitor, cookie, params.key);
          const updated = writing.length > 0 ? await updateFeedback(services, visitor.grant, params.key, updateOf(typed, writing)) : null;
          if (updated && !updated.ok) {
            // A new tag that would read as something else is said of that tag, the tags put back without
            // what made it so; past the bound of tags, with the bound.
            const unreadable = updated.problem?.reason === "reordering" ? updated.problem : undefined;
            const fields = unreadable ? { ...typed, tags: withoutReordering(typed.tags) } : typed;
            const error = unreadable
              ? unreadableTagRefusal(visitor.language, unreadable, tagList(typed.tags))
              : updated.code === "limit_reached"
                ? failureBody(updated, visitor.language).error
                : textFor(visitor.language).errors[updated.code];
            // Refused for the role (a Reader's page has no triage form to say it beside): said at the top.
            return feedbackPage(
              services,
              visitor,
              params.key,
              updated.code === "forbidden"
                ? { status: 403, error }
                : { status: STATUS_OF[updated.code], triage: { error, fields, ...(was && { was }), ...(unreadable && { at: "tags" }) } },
            );
          }
          return back(params.key, `${held.length === 0 ? "" : `=${writing.length > 0 ? "partly" : "held"}&held=${held.join(",")}`}${place}`);
        }),
      { detail: { hide: true } },
    )
    .post(
      "/inbox/bulk",
      ({ request, body, cookie }) =>
        asMemberPosting(services, { request, cookie, body }, async (visitor, field) => {
          const back = backTo(field("back"));
          const join = back.includes("?") ? "&" : "?";
          const ticked = values(body, "keys");
          const { keys, beyond } = await keysOf(services, visitor.grant, ticked, field("list"));
          const status = field("status");
          const owner = field("owner");
          const comment = field("comment").trim() ? field("comment") : "";
          // A new due date, or none (a date field cannot say "none" by itself).
          const [due, noDue] = [field("dueAt").trim(), field("noDue") === "yes"];
          // Tags separated by commas, as on a feedback's page.
          const [adding, removing] = [tagList(field("addTag")), tagList(field("removeTag"))];
          const change = {
            ...(status && { status }),
            ...(owner && { owner: owner === "none" ? null : owner }),
            ...((due || noDue) && { dueAt: noDue ? null : due }),
            ...(adding.length > 0 && { addTags: adding }),
            ...(removing.length > 0 && { removeTags: removing }),
          } as BulkRequest["set"];
          // Refused before anything changes, the list comes back (post-redirect-get, so a reload posts
          // nothing again) saying why, with what was ticked and typed.
          const typed = { status, comment: field("comment"), owner, dueAt: field("dueAt"), noDue: noDue ? "yes" : "" };
          const refuse = async (refusal: BulkDraft["refusal"]) => {
            // A tag added that would read as something else comes back without what made it so.
            const addTag = refusal === "tagUnreadable" ? withoutReordering(field("addTag")) : field("addTag");
            await keepRefused(
              services,
              cookie,
              {
                refusal,
                keys: ticked,
                fields: { ...typed, addTag, removeTag: field("removeTag") },
              },
              back,
            );
            // The refusal is said beside the fields and takes the focus, which brings the form into view (a phone's list puts it far down).
            return redirect(back);
          };
          if (keys.length === 0 || (Object.keys(change).length === 0 && !comment)) return refuse("none");
          if (due && noDue) return refuse("dueBoth");
          if (due && dueTime(due) === undefined) return refuse("dueDate");
          // What the API would refuse (a tag too long, a comment too long) is refused here too.
          if (!bulkForm.check({ keys: keys.slice(0, BULK_MAX_KEYS), set: { ...change, ...(comment && { comment }) } })) return refuse("invalid");
          const done = await bulkChange(services, visitor.grant, keys.slice(0, BULK_MAX_KEYS), change, comment);
          if (!done.ok && done.code === "forbidden") {
            // A Reader's inbox has no bulk form: a post of it is said refused for the role, on a page of its own.
            const message = textFor(visitor.language).errors.forbidden;
            return appPage(visitor, "/inbox", message, html`<h1>${message}</h1><p><a href="/inbox">←</a></p>`, 403);
          }
          // A tag it may not create is said of the tag added; anything else, as nothing to change.
          if (!done.ok && done.code === "limit_reached") return refuse("tagLimit");
          if (!done.ok) return refuse(done.problem?.reason === "reordering" ? "tagUnreadable" : "none");
          const failed = done.value.filter((r) => !r.ok);
          // Each key left as it was, with why (the first 20: the address stays short).
          const which = failed
            .slice(0, BULK_FAILURES_SHOWN)
            .map((r) => `${r.key}:${r.code}`)
            .join(",");
          // A comment alone was a note on each: the notice says so.
          const noted = Object.keys(change).length === 0 ? "&noted=yes" : "";
          // A key merged since the list was shown changed the feedback that holds it: the notice says which.
          const moved = done.value
            .filter((r) => r.mergedInto)
            .slice(0, BULK_FAILURES_SHOWN)
            .map((r) => `${r.key}:${r.mergedInto}`)
            .join(",");
          const merged = moved ? `&merged=${encodeURIComponent(moved)}` : "";
          // The whole list ticked held more than a change reaches: the notice says how to reach the rest.
          const more = beyond ? "&beyond=yes" : "";
          return redirect(
            `${back}${join}bulk=${done.value.length - failed.length}.${failed.length}.${encodeURIComponent(which)}${noted}${merged}${more}`,
          );
        }),
      { detail: { hide: true } },
    )
    .get(
      "/inbox/export",
      ({ request, cookie }) =>
        asMember(services, { request, cookie }, async (visitor) => {
          const params = new URL(request.url).searchParams;
          // The filters read as the inbox reads them, an unknown value left out as it is there: the
          // export holds what the page it was linked from listed, its address edited by hand or not.
          const spent = await spendExport(services, visitor.grant);
          const exported = spent.ok ? await exportFeedbacks(services, visitor.grant, inboxQuery(params)) : spent;
          if (!exported.ok) {
            const message = textFor(visitor.language).errors[exported.code];
            return appPage(visitor, "/inbox", message, html`<h1>${message}</h1><p><a href="/inbox">←</a></p>`, STATUS_OF[exported.code]);
          }
          return exportResponse(exported.value, params.get("format") === "jsonl" ? "jsonl" : "csv", services.clock());
        }),
      { detail: { hide: true } },
    );
}
