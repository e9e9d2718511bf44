import type { SecretBox } from "./ports.ts";

/**
 * A sealed secret, opened; null when it does not open with this process's key. After a
 * `secret-key reset`, what was sealed with the lost key is treated as absent until it is given
 * again, rather than failing the page, the command or the job that meets it.
 */
export const openSealed = (secrets: Pick<SecretBox, "open">, sealed: string): Promise<string | null> => secrets.open(sealed).catch(() => null);
