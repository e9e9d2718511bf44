import { normalizeEmail } from "../email.ts";
import type { AdminStore } from "../store.ts";

/** A person by e-mail address, however it is written (an operator's lookup). */
export const findUserByEmail = (deps: { store: Pick<AdminStore, "findUserByEmail"> }, email: string) =>
  deps.store.findUserByEmail(normalizeEmail(email));
