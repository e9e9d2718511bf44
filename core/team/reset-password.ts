import { fail, ok, type Result } from "../errors.ts";
import type { PasswordResetStore } from "../store/password-resets.ts";
import { type PasswordDeps, setPassword, strongEnough } from "../users/set-password.ts";
import { type LinkDeps, liveReset } from "./reset-link.ts";

/**
 * Sets a new password through a reset link, once: the link is used, the password set, and every
 * session of the person ended (a browser left signed in elsewhere is signed out). Returns the
 * person, to be signed in on this browser only.
 */
export async function resetPassword(
  deps: LinkDeps & PasswordDeps & { readonly store: Pick<PasswordResetStore, "findPasswordResetByToken" | "usePasswordReset"> },
  input: { readonly token: string; readonly password: string },
): Promise<Result<{ readonly userId: string }> | { readonly ok: false; readonly code: "link" }> {
  const reset = await liveReset(deps, input.token);
  if (!reset) return { ok: false, code: "link" };
  if (!strongEnough(input.password)) return fail("weak_password");
  if (!(await deps.store.usePasswordReset(reset.id, deps.clock()))) return { ok: false, code: "link" };
  await setPassword(deps, reset.userId, input.password);
  return ok({ userId: reset.userId });
}
