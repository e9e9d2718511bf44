import type { ClientSession } from "mongodb";
import type { Database } from "./database.ts";

/** The ids of a feedback and of every feedback merged into it, however deep (standing merges). */
export async function mergedIds(data: Database, feedbackId: string, session?: ClientSession): Promise<string[]> {
  const ids = [feedbackId];
  for (let frontier = [feedbackId]; frontier.length > 0; ) {
    const merged = await data
      .collection("feedbacks")
      .find({ mergedInto: { $in: frontier } }, { session, projection: { _id: 1 } })
      .toArray();
    frontier = merged.map((f) => f._id as string).filter((id) => !ids.includes(id));
    ids.push(...frontier);
  }
  return ids;
}
