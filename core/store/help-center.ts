import type { HelpArticle } from "../model.ts";

export interface HelpCenterStore {
  replaceHelpArticles(orgId: string, appId: string, articles: readonly HelpArticle[]): Promise<void>;
  listHelpArticles(orgId: string, appId: string): Promise<HelpArticle[]>;
}
