import { type Capture, installCapture } from "./capture.ts";
import { forgetUnlessOwnedBy, ownerOf } from "./draft-owner.ts";
import type { Panel, PanelHost, Person, Portal } from "./panel-host.ts";
import type { Recorder } from "./replay.ts";
import { sheet } from "./style-sheet.ts";
import { pageLanguage } from "./words.ts";

/**
 * The tag a site embeds: `<script src="{base}/widget.js" data-key="widget_…" async>`. It starts
 * the capture of errors and clicks, defines `window.Retour` (replaying the calls the snippet's stub
 * queued before it ran), and draws a launcher once the app's settings say this page may send. Nothing else
 * loads until the person opens the widget, except the replay recorder where the app keeps one.
 * The rest comes as hashed modules from `{base}/widget/`, named at build time.
 */

declare const PANEL_CHUNK: string;
declare const REPLAY_CHUNK: string;

type Listener = (detail?: unknown) => void;

interface RetourApi {
  open(options?: { kind?: "problem" | "idea" | "praise"; message?: string }): void;
  close(): void;
  /** Who the person is, as the site knows them (the company and plan say who is asking); `token`: the site's single sign-on token for the portal, so they can vote from the widget. */
  identify(user: Person): void;
  metadata(values: Record<string, string | number | boolean>): void;
  on(event: "open" | "close" | "sent" | "voted" | "error", fn: Listener): () => void;
  destroy(): void;
}

/**
 * What the embed snippet's stub leaves on `window.Retour` until the loader runs: the calls made
 * so far, in order, as `[method, arguments]`. The loader replays them on the real API.
 */
interface Stub extends Partial<RetourApi> {
  q: [keyof RetourApi, ArrayLike<unknown>][];
}

declare global {
  interface Window {
    Retour?: RetourApi | Stub;
  }
}

// The page moves the launcher off its own fixed bars with --retour-launcher-right and --retour-launcher-bottom on the
// element: custom properties cross the shadow root, and :host's all:initial does not reset them.
const LAUNCHER_CSS = `:host{all:initial!important}.launcher{position:fixed;right:var(--retour-launcher-right,20px);bottom:var(--retour-launcher-bottom,20px);z-index:2147483000;display:flex;align-items:center;gap:8px;
padding:10px 16px;border:0;border-radius:999px;font:600 14px/1 system-ui,sans-serif;color:#fff;background:#4338ca;
box-shadow:0 4px 14px rgb(0 0 0/.25);cursor:pointer}.launcher:hover{background:#3730a3}.launcher:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
.launcher[hidden]{display:none}@media (prefers-color-scheme:dark){.launcher{background:#6366f1}.launcher:hover{background:#818cf8}}`;

/** The page's listeners of the widget's events (`Retour.on`). */
function pageListeners() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    on(event: string, fn: Listener): () => void {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
      return () => listeners.get(event)?.delete(fn);
    },
    // A listener that throws neither stops the others nor undoes what the widget did: its error is
    // thrown again on a task of its own, where the browser reports it as the page's.
    emit(event: string, detail?: unknown): void {
      for (const fn of listeners.get(event) ?? []) {
        try {
          fn(detail);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      }
    },
    clear: () => listeners.clear(),
  };
}

/**
 * The widget's element, not on the page yet: a shadow root holding the launcher. An element of its
 * own name, not a div: a page's rules for every div would reach its ::before and ::after, which
 * :host's reset does not, and draw boxes of their own beside the launcher.
 */
function launcherHost() {
  const host = document.createElement("retour-widget");
  host.setAttribute("data-retour-widget", "");
  // Shown as a popover, the widget is in the browser's top layer: above any z-index of the page (a cookie
  // banner at the highest), and fixed to the viewport even where the page transforms the body. The page's
  // own [popover] rules would reach it too (a box over the page, taking its clicks): :host's !important wins.
  host.popover = "manual";
  const shadow = host.attachShadow({ mode: "open" });
  const launcher = document.createElement("button");
  launcher.type = "button";
  launcher.className = "launcher";
  launcher.textContent = pageLanguage() === "fr" ? "Avis" : "Feedback";
  launcher.setAttribute("aria-haspopup", "dialog");
  shadow.adoptedStyleSheets = [sheet(LAUNCHER_CSS)];
  shadow.append(launcher);
  return { host, shadow, launcher };
}

/** What the console says when the app's settings refuse this page, naming how to allow it. */
function refusalWarning(config: { code?: string; error?: string }, status: number, key: string): string {
  // The page's own origin, not its address's: a page opened as a file (Chromium's location.origin is "file://")
  // or in a sandbox sends `Origin: null`, which no app can list, so adding it is no way out.
  const origin = self.origin;
  if (config.code !== "origin_not_allowed") return `Retour: the widget is not shown: ${config.error ?? status} (key ${key})`;
  return origin === "null"
    ? "Retour: the widget is not shown, as this page has no origin (it was opened as a file, or in a sandbox). Serve it over http(s) from an origin its app allows: for example python3 -m http.server 5173 in the page's folder, with http://localhost:5173 among the app's origins"
    : `Retour: the widget is not shown, as ${origin} is not one of the origins its app allows. Add it in Settings → Apps, or: npm run cli -- app browser <org> <appId> --origins <the origins it allows now>,${origin} (the list given replaces the app's)`;
}

function start(script: HTMLScriptElement): void {
  const queued = window.Retour && "q" in window.Retour ? window.Retour.q : [];
  const key = script.dataset.key ?? "";
  const base = new URL(script.src).origin;
  const chunk = (name: string) => `${base}/widget/${name}`;
  const capture: Capture = installCapture((url) => url.startsWith(`${base}/`));
  const listeners = pageListeners();
  const emit = listeners.emit;
  const user: Person = {};
  const metadata: Record<string, string | number | boolean> = {};
  const { host, shadow, launcher } = launcherHost();
  let recorder: Promise<Recorder | null> = Promise.resolve(null);
  /** Set by `destroy()`: the settings that arrive after it draw no launcher and start no recorder. */
  let destroyed = false;
  /** The organization's portal, when it is on: the panel then shows the app's ideas. */
  let portal: Portal | undefined;
  /**
   * The app's settings, asked once. A refusal (an origin the app does not list, a key of no app)
   * means no report could ever be sent from here: the launcher is never drawn, and the console
   * and the `error` event say why, once. Where the service cannot be reached, the launcher is drawn all the same.
   */
  let ready: Promise<boolean> | undefined;
  const configure = () =>
    (ready ??= fetch(`${base}/v1/widget/config?key=${encodeURIComponent(key)}`).then(
      async (r) => {
        const config: { replay?: boolean; portal?: Portal; code?: string; error?: string } = await r.json().catch(() => ({}));
        if (r.status === 403 || r.status === 404) {
          console.warn(refusalWarning(config, r.status, key));
          // A page that reports its errors through the `error` event learns of this one too.
          emit("error", config);
          return false;
        }
        portal = config.portal;
        // The replay only adds to a report: one that cannot load or start leaves the form without it.
        if (config.replay && !destroyed)
          recorder = import(chunk(REPLAY_CHUNK))
            .then((m: typeof import("./replay.ts")) => m.startRecorder())
            .catch((error) => {
              emit("error", error);
              return null;
            });
        return true;
      },
      () => true,
    ));
  /** Draws the launcher once the app's settings are known; asked when the page is idle, or at once when the page opens the widget first. */
  const attach = () =>
    configure().then((shown) => {
      if (shown && !destroyed && !host.isConnected) {
        document.body.append(host);
        host.showPopover?.();
      }
      return shown;
    });
  // Only the capture must start at once; the rest waits for the page to be idle, off its own start.
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
  idle(() => void attach(), { timeout: 2000 });

  let panel: Promise<Panel> | null = null;
  const panelHost: PanelHost = { shadow, base, key, capture, user, metadata, emit, launcher, recorder: () => recorder, portal: () => portal };
  const open = (options: Parameters<RetourApi["open"]>[0] = {}) =>
    void attach()
      .then((shown) => {
        if (!shown) return;
        // A panel that did not load is asked for again at the next open, rather than refused for the page's life.
        panel ??= import(chunk(PANEL_CHUNK)).then(
          (m: typeof import("./panel.ts")) => m.createPanel(panelHost),
          (error) => {
            panel = null;
            throw error;
          },
        );
        return panel.then((p) => p.open(options));
      })
      .catch((error) => emit("error", error));
  launcher.addEventListener("click", () => open());
  /** Acts on the panel once it has loaded; one that fails to load is no rejection here, as the open that asked for it tells the page. */
  const withPanel = (act: (p: Panel) => void) => void panel?.then(act, () => undefined);

  const api: RetourApi = {
    open,
    close: () => withPanel((p) => p.close()),
    identify(person) {
      const before = user.token;
      // The person is who the site says now, whole: `identify({})` at sign-out, or another person signing in, keeps
      // nothing of the one before (their e-mail, company or token would go with the next report or vote).
      for (const name of Object.keys(user)) delete user[name as keyof Person];
      Object.assign(user, person);
      // Nor what they wrote: the tab's draft and pending report (with their e-mail) are forgotten, even before the panel loads.
      forgetUnlessOwnedBy(ownerOf(user));
      // The open panel follows at once: the form's e-mail field and what it says will be sent, and the Ideas tab with a token given anew.
      withPanel((p) => p.identified(user.token !== before));
    },
    metadata: (values) => void Object.assign(metadata, values),
    on: listeners.on,
    destroy() {
      destroyed = true;
      capture.uninstall();
      void recorder.then((r) => r?.stop());
      host.remove();
      listeners.clear();
      // Called again once the page ran the snippet anew (its stub, or the widget it loaded): that one is not this one's to remove.
      if (window.Retour === api) delete window.Retour;
    },
  };
  window.Retour = api;
  // A destroy the page queued before the loader ran undoes the calls before it: a framework that mounted, unmounted and
  // mounted again (React's StrictMode) meant only the calls after it. Queued last, the page wants no widget now.
  const undone = queued.map(([name]) => name).lastIndexOf("destroy");
  const replayed = queued.slice(undone + 1);
  if (undone >= 0 && replayed.length === 0) api.destroy();
  for (const [name, args] of replayed) (api[name] as (...values: unknown[]) => unknown)?.(...Array.from(args));
}

// Runs once: where window.Retour is already the real API, a second tag does nothing.
const script = document.currentScript;
if (script instanceof HTMLScriptElement && (!window.Retour || "q" in window.Retour)) {
  if (document.body) start(script);
  else addEventListener("DOMContentLoaded", () => start(script), { once: true });
}
