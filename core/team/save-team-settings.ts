import type { TeamSettings, TeamStore } from "../store/team.ts";

/** Saves what a person chose on their account page. */
export const saveTeamSettings = (deps: { store: Pick<TeamStore, "saveTeamSettings"> }, userId: string, settings: TeamSettings): Promise<void> =>
  deps.store.saveTeamSettings(userId, settings);
