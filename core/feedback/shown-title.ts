import { broughtIn } from "../merges/merge.ts";
import type { FeedbackRecord, ReportRecord } from "../model.ts";
import { initialTitle } from "../report/title.ts";
import type { MergeStore } from "../store/merges.ts";
import type { Publication, PublicationStore } from "../store/publications.ts";

/** Someone outside the team a feedback is named to: the reports of it they wrote (none for a voter), and whether they are of the team after all. */
interface Reader {
  readonly reports: ReadonlyArray<Pick<ReportRecord, "id" | "report">>;
  readonly member?: boolean;
}

/** What naming a feedback to its readers reads of it: its public title if published, and the reports that standing merges brought into it. */
interface Naming {
  readonly publication: Pick<Publication, "title"> | undefined;
  readonly broughtIn: ReadonlySet<string>;
}

/** How each of an organization's feedbacks is named to its readers, by id: merges are read only for those not published. */
export async function readNamings(
  deps: { readonly store: Pick<PublicationStore, "findPublications"> & Pick<MergeStore, "listMerges"> },
  orgId: string,
  feedbackIds: readonly string[],
): Promise<Map<string, Naming>> {
  const publications = await deps.store.findPublications(feedbackIds);
  const namings = await Promise.all(
    feedbackIds.map(async (id): Promise<[string, Naming]> => {
      const publication = publications.get(id);
      return [id, { publication, broughtIn: publication ? new Set() : broughtIn(id, await deps.store.listMerges(orgId, id)) }];
    }),
  );
  return new Map(namings);
}

/**
 * The title a feedback shows one reader outside the team. A feedback's title is drawn from the
 * report it was made from (or written by the team), and may hold that reporter's name, company or
 * order number: once published, everyone reads the public title the team wrote for them; before,
 * the feedback's title is read by the team and by the reporter it was drawn from; another reporter
 * reads their own report's title if they gave one. Null: no title that is theirs to read; the page
 * or message names it neutrally ("Your report" to its reporter, its key to others).
 */
export function titleShownTo(feedback: Pick<FeedbackRecord, "title">, naming: Naming, reader: Reader): string | null {
  if (naming.publication) return naming.publication.title;
  if (reader.member || reader.reports.some((r) => !naming.broughtIn.has(r.id))) return feedback.title;
  const own = reader.reports.find((r) => r.report.title?.trim());
  return own ? initialTitle(own.report) : null;
}
