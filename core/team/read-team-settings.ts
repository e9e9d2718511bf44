import type { Language } from "../language.ts";
import type { TeamSettings, TeamStore } from "../store/team.ts";

/** A person's notification settings; one who never chose has no digest, and mail in the language of the page they are on. */
export async function readTeamSettings(
  deps: { store: Pick<TeamStore, "findTeamSettings"> },
  userId: string,
  pageLanguage: Language,
): Promise<TeamSettings> {
  return (await deps.store.findTeamSettings(userId)) ?? { digest: false, language: pageLanguage };
}
