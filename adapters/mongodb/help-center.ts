import type { HelpArticle } from "../../core/model.ts";
import type { HelpCenterStore } from "../../core/store/help-center.ts";
import { type Database, fromDocument } from "./database.ts";

export function helpCenterStore(data: Database): HelpCenterStore {
  return {
    async replaceHelpArticles(orgId, appId, articles) {
      await data.transaction(async (session) => {
        await data.collection("help_articles").deleteMany({ orgId, appId }, { session });
        if (articles.length > 0) {
          await data.collection("help_articles").insertMany(
            articles.map((a) => ({ _id: a.id, orgId, appId, title: a.title, url: a.url, body: a.body })),
            { session },
          );
        }
      });
    },
    async listHelpArticles(orgId, appId) {
      return (await data.collection("help_articles").find({ orgId, appId }).sort({ title: 1, _id: 1 }).toArray()).map((a) =>
        fromDocument<HelpArticle>(a, ["orgId", "appId"]),
      );
    },
  };
}
