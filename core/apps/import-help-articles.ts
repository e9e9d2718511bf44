import type { ArticleFile } from "../catalog-files.ts";
import { limitReached, ok, type Result } from "../errors.ts";
import { managedApp } from "./managed-app.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { Ids } from "../ports.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { HelpCenterStore } from "../store/help-center.ts";

/**
 * Articles an app's help center may hold: the assistant reads them all to answer, and the import
 * replaces them all, so the bound is the file's (the CLI's files together), the operator's too.
 */
const MAX_HELP_ARTICLES_PER_APP = 1000;

/** Replaces an app's help-center articles, which the assistant answers general questions from. */
export async function importHelpArticles(
  deps: { store: Pick<CatalogStore, "findApp"> & Pick<HelpCenterStore, "replaceHelpArticles">; ids: Pick<Ids, "id"> },
  grant: Grant,
  appId: string,
  articles: ReadonlyArray<ArticleFile[number]>,
): Promise<Result<{ readonly app: AppRecord; readonly count: number }>> {
  const managed = await managedApp(deps, grant, appId);
  if (!managed.ok) return managed;
  const app = managed.value;
  if (articles.length > MAX_HELP_ARTICLES_PER_APP) return limitReached("help_article", MAX_HELP_ARTICLES_PER_APP);
  await deps.store.replaceHelpArticles(
    app.orgId,
    app.id,
    articles.map((a) => ({ ...a, id: deps.ids.id() })),
  );
  return ok({ app, count: articles.length });
}
