import { authorize } from "../authorization.ts";
import type { ArticleFile } from "../catalog-files.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { Ids } from "../ports.ts";
import type { CatalogStore, HelpCenterStore } from "../store.ts";

/** Replaces an app's help-center articles, which the assistant answers general questions from. */
export async function importHelpArticles(
  deps: { store: Pick<CatalogStore, "findApp"> & Pick<HelpCenterStore, "replaceHelpArticles">; ids: Pick<Ids, "id"> },
  grant: Grant,
  appId: string,
  articles: ReadonlyArray<ArticleFile[number]>,
): Promise<Result<{ readonly app: AppRecord; readonly count: number }>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const app = await deps.store.findApp(grant.orgId, appId);
  if (!app) return fail("not_found");
  await deps.store.replaceHelpArticles(
    app.orgId,
    app.id,
    articles.map((a) => ({ ...a, id: deps.ids.id() })),
  );
  return ok({ app, count: articles.length });
}
