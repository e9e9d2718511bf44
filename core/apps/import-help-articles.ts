import type { ArticleFile } from "../catalog-files.ts";
import { ok, type Result } from "../errors.ts";
import { managedApp } from "./managed-app.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { Ids } from "../ports.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { HelpCenterStore } from "../store/help-center.ts";

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
  await deps.store.replaceHelpArticles(
    app.orgId,
    app.id,
    articles.map((a) => ({ ...a, id: deps.ids.id() })),
  );
  return ok({ app, count: articles.length });
}
