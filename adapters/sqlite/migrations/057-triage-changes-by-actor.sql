-- The changes one person made at one instant: those of one bulk change, whose owner's e-mail names
-- every feedback it assigned them (core/team/notify-assignee.ts), read by the bulk's size rather
-- than by every change kept.
CREATE INDEX triage_changes_by_actor ON triage_changes (actor_id, at);
