import { normalizeEmail } from "../email.ts";
import type { UserStore } from "../store/users.ts";

/** A person by e-mail address, however it is written (an operator's lookup). */
export const findUserByEmail = (deps: { store: Pick<UserStore, "findUserByEmail"> }, email: string) =>
  deps.store.findUserByEmail(normalizeEmail(email));
