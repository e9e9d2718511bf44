import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type CDPSession, chromium, type Page } from "playwright-core";

/**
 * Debian's Chromium headless shell, which .ci/run installs. Where it is missing, browser tests are
 * skipped (with a warning), except in CI, where a missing browser fails the run. The shell is
 * Chromium's engine without the browser around it, as Playwright runs headless by default: the
 * same pages cost a third of the CPU of `chromium --headless`.
 */
const CHROMIUM = "/usr/bin/chromium-headless-shell";
/** Quiet on this machine's closed network. */
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
export const SCREENSHOTS = join(import.meta.dir, "..", "..", "test-artifacts", "screenshots");
/**
 * Where Chromium puts downloads and traces. Playwright's default is a fresh directory under /tmp
 * that it removes when the browser closes; the shared browser ends with its process instead, which
 * left one directory behind per test process.
 */
const ARTIFACTS = join(SCREENSHOTS, "..", "browser");

/**
 * Whether the browser tests can run here; says why not when they cannot. Under `CI` (set by CI
 * services) a missing browser is an error: a green run there must have run the browser tests.
 */
export function chromiumPresent(what: string, where: { path?: string; env?: Record<string, string | undefined> } = {}): boolean {
  const { path = CHROMIUM, env = process.env } = where;
  const present = existsSync(path);
  if (present) for (const dir of [SCREENSHOTS, ARTIFACTS]) mkdirSync(dir, { recursive: true });
  else {
    const why = `no Chromium at ${path} (bash test/install-chromium.sh installs Debian's chromium-headless-shell; .ci/run does)`;
    if (env.CI && env.CI !== "false") throw new Error(`${what} cannot run in CI: ${why}`);
    console.warn(`${what} skipped: ${why}`);
  }
  return present;
}

let shared: Promise<Browser> | undefined;

/**
 * The one Chromium of this test process, launched on first use. A worker runs its files one after
 * the other, each in contexts of its own that it closes when done (closeContexts), where each file
 * launched a browser of its own (about 0.6 s of CPU each). It ends with the process, whose pipe it reads.
 */
export const sharedChromium = (): Promise<Browser> => {
  shared ??= launched();
  return shared;
};

/**
 * Marks the profile directory Playwright made for this process's browser, and removes those of
 * test processes that have ended. Playwright removes it on Node's `exit` event, which Bun's test
 * processes never emit, and its files run after one another, so no hook tells the last one: each
 * `npm test` left four directories in /tmp. The browser cannot be closed after a file either
 * (a preloaded `afterAll` runs after each file under `--no-isolate`): the next file shares it.
 */
async function launched(): Promise<Browser> {
  removeEndedProfiles();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, artifactsDir: ARTIFACTS });
  for (const dir of profilesOfChildren()) writeFileSync(join(dir, PROFILE_OWNER), String(process.pid));
  return browser;
}

const PROFILE_OWNER = "retour-test-process";
const PROFILE_PREFIX = "playwright_chromiumdev_profile-";

/** The `--user-data-dir` of this process's children (Playwright starts the browser as one, through Debian's wrapper script). */
function profilesOfChildren(): string[] {
  return readdirSync("/proc").flatMap((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The parent's pid is the second field after the command's name, which may hold spaces.
      if (!/^\d+$/.test(pid) || Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== process.pid) return [];
      const arg = readFileSync(`/proc/${pid}/cmdline`, "utf8")
        .split("\0")
        .find((a) => a.startsWith("--user-data-dir="));
      return arg?.includes(PROFILE_PREFIX) ? [arg.slice("--user-data-dir=".length)] : [];
    } catch {
      return []; // Ended meanwhile.
    }
  });
}

/** Removes the marked profile directories whose test process has ended; others' are left alone. */
function removeEndedProfiles(): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(PROFILE_PREFIX))) {
    const dir = join(tmpdir(), name);
    const owner = ownerOf(dir);
    if (owner === null || alive(owner)) continue;
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another user's, on a shared machine: theirs to remove.
    }
  }
}

function ownerOf(dir: string): number | null {
  try {
    return Number.parseInt(readFileSync(join(dir, PROFILE_OWNER), "utf8"), 10);
  } catch {
    return null; // Not a test process's, or removed meanwhile.
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Closes the contexts a test or a file opened, all but the one of the page `keep` (a page the
 * file's tests share). A page left open is not free: headless Chromium keeps drawing it, a tenth
 * of a core each.
 */
export async function closeContexts(browser: Browser | undefined, keep?: Page): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).filter((context) => context !== keep?.context()).map((context) => context.close()));
}

/** A page of a fresh context, signed in through the real form, on the inbox. */
export async function signedInPage(browser: Browser, origin: string, user: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${origin}/login?next=/inbox`);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/inbox$/);
  return page;
}

const sessions = new WeakMap<Page, CDPSession>();

/**
 * Saves what `on` shows, the whole page or the viewport alone, as `SCREENSHOTS/<name>.png`, to look
 * at. Encoded for speed (Chromium's optimizeForSpeed): a larger file, about half the CPU of
 * Playwright's own screenshot, which encodes each PNG as small as it can.
 */
export async function saveScreenshot(on: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  // A click that navigates may return once the new document is committed, before it has an
  // element to measure (seen once in 1,547 tests).
  await on.waitForLoadState("load");
  const cdp = sessions.get(on) ?? (await on.context().newCDPSession(on));
  sessions.set(on, cdp);
  const page = fullPage
    ? await on.evaluate(() => {
        const root = document.documentElement;
        return { width: root.scrollWidth, height: root.scrollHeight, beyond: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth };
      })
    : undefined;
  // Drawing beyond the viewport lays the page out again at its whole height, and back: twice the
  // CPU of a capture of what is shown, so only a page taller (or wider) than the window pays it.
  const clip = page && { x: 0, y: 0, width: page.width, height: page.height, scale: 1 };
  const capture = () =>
    cdp.send("Page.captureScreenshot", { format: "png", optimizeForSpeed: true, ...(clip && { clip, captureBeyondViewport: page.beyond }) });
  // Chromium now and then has no surface to draw into when the machine is loaded ("Unable to capture
  // screenshot", once in a full run): after the next frame, a second capture gets one.
  const { data } = await capture().catch(async (error: Error) => {
    if (!error.message.includes("Unable to capture screenshot")) throw error;
    await on.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    return capture();
  });
  await Bun.write(join(SCREENSHOTS, `${name}.png`), Buffer.from(data, "base64"));
}

/**
 * Waits until the element with the focus matches `selector`, failing after 5 s: Chromium gives an
 * `autofocus` at a rendering after the page's load, which a loaded machine may reach only after the
 * test's next step has read the focus.
 */
export async function focusReaches(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((matching) => document.activeElement?.matches(matching) ?? false, selector, { timeout: 5_000 });
}
