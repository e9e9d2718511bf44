import type { BrowserContext } from "../../core/schemas/widget.ts";
import type { Capture } from "./capture.ts";

/** The page and browser as the widget describes them; the server drops query values the app does not keep. */
export function pageContext(capture: Capture, metadata: Record<string, string | number | boolean>): BrowserContext {
  const ua = navigator.userAgent;
  const browser = /Firefox\/(\d+)/.exec(ua) ?? /Edg\/(\d+)/.exec(ua) ?? /Chrome\/(\d+)/.exec(ua) ?? /Version\/(\d+).*Safari/.exec(ua);
  const name = /Firefox/.test(ua) ? "Firefox" : /Edg\//.test(ua) ? "Edge" : /Chrome\//.test(ua) ? "Chrome" : /Safari/.test(ua) ? "Safari" : "Other";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Mac OS X/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : "Other";
  return {
    page: { url: location.href.slice(0, 2048), ...(document.title && { title: document.title.slice(0, 300) }) },
    browser: { name, version: browser?.[1] ?? "", language: navigator.language.slice(0, 35) },
    system: { os, mobile: /Mobi|Android|iPhone/.test(ua) },
    screen: { width: screen.width, height: screen.height, pixelRatio: devicePixelRatio, viewportWidth: innerWidth, viewportHeight: innerHeight },
    ...(capture.console.length > 0 && { console: [...capture.console] }),
    ...(capture.network.length > 0 && { network: [...capture.network] }),
    ...(capture.breadcrumbs.length > 0 && { breadcrumbs: [...capture.breadcrumbs] }),
    ...(Object.keys(metadata).length > 0 && { metadata: { ...metadata } }),
  };
}
