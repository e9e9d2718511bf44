import type { HelpArticle } from "../model.ts";

/** An app's help articles, offered before a report is sent. */
export interface HelpCenterStore {
  replaceHelpArticles(orgId: string, appId: string, articles: readonly HelpArticle[]): Promise<void>;
  /** The app's help articles by title, ties by id. */
  listHelpArticles(orgId: string, appId: string): Promise<HelpArticle[]>;
}
