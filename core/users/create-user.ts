import { EMAIL_FIELD, isEmailShaped, normalizeEmail } from "../email.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Ids } from "../ports.ts";
import type { UserStore } from "../store/users.ts";
import { type PasswordDeps, setPassword, strongEnough } from "./set-password.ts";

interface CreateUserDeps extends PasswordDeps {
  readonly store: Pick<UserStore, "findUserByEmail" | "createUser"> & PasswordDeps["store"];
  readonly ids: Pick<Ids, "id" | "secret">;
}

/** Creates a person, with a password when one is given (else they cannot sign in until one is set). */
export async function createUser(
  deps: CreateUserDeps,
  input: { readonly email: string; readonly name?: string; readonly password?: string },
): Promise<Result<{ readonly id: string; readonly email: string }>> {
  const email = normalizeEmail(input.email);
  if (!isEmailShaped(email)) return invalid("invalid_body", { field: "email", reason: "expected", schema: EMAIL_FIELD });
  if (await deps.store.findUserByEmail(email)) return fail("user_exists");
  // Checked before anything is written, so a refused password leaves no half-made account.
  if (input.password !== undefined && !strongEnough(input.password)) return fail("weak_password");
  const id = deps.ids.id();
  const name = input.name?.trim();
  await deps.store.createUser({ id, email, ...(name && { name }) });
  if (input.password !== undefined) await setPassword(deps, id, input.password);
  return ok({ id, email });
}
