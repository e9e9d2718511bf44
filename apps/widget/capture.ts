/**
 * What the page did before the person opened the widget: console errors and warnings, failed
 * requests, navigations and clicks. Installed by the loader at once (they cannot be caught
 * afterwards), each in a ring of 50. Never typed text, request bodies or headers, or query values.
 */

interface ConsoleEntry {
  level: "error" | "warn";
  message: string;
  at: number;
}
interface NetworkEntry {
  method: string;
  url: string;
  status: number;
  durationMs: number;
  at: number;
}
interface Breadcrumb {
  kind: "navigation" | "click";
  label: string;
  at: number;
}

export interface Capture {
  readonly console: ConsoleEntry[];
  readonly network: NetworkEntry[];
  readonly breadcrumbs: Breadcrumb[];
  /** Puts back what was wrapped; the page is as it was. */
  uninstall(): void;
}

const RING = 50;
const push = <T>(ring: T[], entry: T): void => {
  ring.push(entry);
  if (ring.length > RING) ring.shift();
};

/** An address without its query and fragment, absolute. */
export const bareAddress = (address: string): string => {
  try {
    const url = new URL(address, location.href);
    return url.origin + url.pathname;
  } catch {
    return "";
  }
};

const describe = (value: unknown): string => {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/** How a person would name what they clicked: its role and label, never what was typed in it. */
function clickLabel(target: Element): string {
  const el = target.closest("a,button,[role],input,select,textarea,label,summary") ?? target;
  const tag = el.tagName.toLowerCase();
  const role = el.getAttribute("role") ?? (tag === "a" ? "link" : tag === "input" ? `${(el as HTMLInputElement).type} field` : tag);
  const typed = tag === "input" || tag === "textarea" || tag === "select";
  const text =
    el.getAttribute("aria-label") ?? (typed ? ((el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute("name")) : el.textContent);
  const label = (text ?? "").replace(/\s+/g, " ").trim().slice(0, 80);
  return label ? `${role} “${label}”` : role;
}

type Rings = Pick<Capture, "console" | "network" | "breadcrumbs">;
/** Puts back what one part of the capture wrapped or listened to. */
type Undo = () => void;

/** Starts capturing; `ignore` tells requests of the widget itself, which are not the page's. */
export function installCapture(ignore: (url: string) => boolean): Capture {
  const rings: Rings = { console: [], network: [], breadcrumbs: [] };
  const undo = [...captureConsole(rings), ...captureRequests(rings, ignore), ...captureSteps(rings)];
  return {
    ...rings,
    uninstall: () => {
      for (const f of undo) f();
    },
  };
}

/** Console errors and warnings, uncaught errors and unhandled rejections. */
function captureConsole(rings: Rings): Undo[] {
  const undo: Undo[] = [];
  for (const level of ["error", "warn"] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      push(rings.console, { level, message: args.map(describe).join(" ").slice(0, 1000), at: Date.now() });
      original.apply(console, args);
    };
    undo.push(() => (console[level] = original));
  }
  const onError = (event: ErrorEvent) =>
    push(rings.console, { level: "error", message: describe(event.error ?? event.message).slice(0, 1000), at: Date.now() });
  const onRejection = (event: PromiseRejectionEvent) =>
    push(rings.console, { level: "error", message: `Unhandled rejection: ${describe(event.reason)}`.slice(0, 1000), at: Date.now() });
  addEventListener("error", onError);
  addEventListener("unhandledrejection", onRejection);
  undo.push(
    () => removeEventListener("error", onError),
    () => removeEventListener("unhandledrejection", onRejection),
  );
  return undo;
}

/** Failed `fetch` and XHR requests: method, address without its query, status and duration. */
function captureRequests(rings: Rings, ignore: (url: string) => boolean): Undo[] {
  const failed = (method: string, url: string, status: number, started: number) => {
    if ((status === 0 || status >= 400) && !ignore(url)) {
      push(rings.network, {
        method: method.toUpperCase().slice(0, 16),
        url: bareAddress(url),
        status,
        durationMs: Math.round(performance.now() - started),
        at: Date.now(),
      });
    }
  };
  const originalFetch = window.fetch;
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit) => {
    const started = performance.now();
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    try {
      const response = await originalFetch(input, init);
      failed(method, url, response.status, started);
      return response;
    } catch (error) {
      failed(method, url, 0, started);
      throw error;
    }
  };
  window.fetch = Object.assign(wrapped, { preconnect: originalFetch.preconnect }) as typeof fetch;
  const { open, send } = XMLHttpRequest.prototype;
  const requests = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    requests.set(this, { method, url: String(url) });
    return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const started = performance.now();
    const request = requests.get(this);
    if (request) this.addEventListener("loadend", () => failed(request.method, request.url, this.status, started));
    return send.call(this, body);
  };
  return [() => (window.fetch = originalFetch), () => Object.assign(XMLHttpRequest.prototype, { open, send })];
}

/** The page's steps: navigations (history and hash changes too) and clicks outside the widget. */
function captureSteps(rings: Rings): Undo[] {
  const onClick = (event: MouseEvent) => {
    // Clicks in the widget itself are not the page's steps.
    if (event.target instanceof Element && !event.target.closest("[data-retour-widget]")) {
      push(rings.breadcrumbs, { kind: "click", label: clickLabel(event.target), at: Date.now() });
    }
  };
  const navigated = () => push(rings.breadcrumbs, { kind: "navigation", label: bareAddress(location.href).slice(0, 200), at: Date.now() });
  addEventListener("click", onClick, true);
  addEventListener("popstate", navigated);
  addEventListener("hashchange", navigated);
  const { pushState, replaceState } = history;
  history.pushState = function (...args: Parameters<History["pushState"]>) {
    pushState.apply(this, args);
    navigated();
  };
  history.replaceState = function (...args: Parameters<History["replaceState"]>) {
    replaceState.apply(this, args);
    navigated();
  };
  navigated();
  return [
    () => removeEventListener("click", onClick, true),
    () => removeEventListener("popstate", navigated),
    () => removeEventListener("hashchange", navigated),
    () => Object.assign(history, { pushState, replaceState }),
  ];
}
