// Starting a server for a benchmark, and signing in to its web application.
import { join } from "node:path";
import type { Subprocess } from "bun";

export const ROOT = join(import.meta.dir, "..");
export const BUN = process.execPath;

function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

/** Starts a server with default logging (its output discarded, as a log shipper would take it) and waits until it answers. */
export async function start(args: string[], env: Record<string, string>): Promise<{ proc: Subprocess; port: number }> {
  const port = freePort();
  const proc = Bun.spawn([BUN, ...args], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdout: "ignore", stderr: "inherit" });
  for (let i = 0; i < 200; i++) {
    // 200 once the store is open: the server listens (and answers 503) before.
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (up === 200) return { proc, port };
    await Bun.sleep(50);
  }
  throw new Error(`${args.join(" ")} did not start`);
}

/**
 * Signs in through the real form; returns the Cookie header of the session. `send` carries the
 * requests: a socket by default, or an in-process application's handle.
 */
export async function signIn(
  origin: string,
  user: { email: string; password: string },
  send: (request: Request) => Promise<Response> = fetch,
): Promise<string> {
  const loginPage = await send(new Request(`${origin}/login`));
  const csrf = /retour_csrf=([^;]+)/.exec(loginPage.headers.get("set-cookie") ?? "")![1]!;
  const signedIn = await send(
    new Request(`${origin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `retour_csrf=${csrf}` },
      body: new URLSearchParams({ csrf: decodeURIComponent(csrf), next: "/inbox", ...user }),
    }),
  );
  const session = /retour_session=([^;]+)/.exec(signedIn.headers.get("set-cookie") ?? "")?.[1];
  if (!session) throw new Error(`sign-in answered ${signedIn.status}`);
  return `retour_session=${session}; retour_csrf=${csrf}`;
}

/** Seeds a data directory with the demo organization and N feedbacks; returns the demo's keys and tokens. */
export async function seed(dataDir: string, feedbacks: number, options: { grouping?: boolean; portal?: boolean } = {}): Promise<any> {
  const args = ["bench/seed.ts", dataDir, String(feedbacks), ...(options.grouping ? ["--grouping"] : []), ...(options.portal ? ["--portal"] : [])];
  const seeder = Bun.spawn([BUN, ...args], { cwd: ROOT, stdout: "pipe", stderr: "inherit" });
  return JSON.parse(await new Response(seeder.stdout).text());
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
