import type { Language } from "../../../core/language.ts";
import type { PortalRecord } from "../../../core/store/portals.ts";
import { Html, html, pageDocument } from "../html.ts";
import type { PortalLinks } from "./links.ts";
import { accountSlot, type Viewer } from "./viewer.ts";
import { portalWords } from "./words.ts";

/** The accent when the team has chosen none. */
const DEFAULT_BRAND = "#4f46e5";

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Text on the brand colour: white or near black, whichever contrasts more. */
const onBrand = (hex: string): string => ((luminance(hex) + 0.05) / 0.05 > 1.05 / (luminance(hex) + 0.05) ? "#111827" : "#ffffff");

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Each colour scheme's page background and link colour, which the stylesheet and the focus ring share. */
const SCHEMES = { light: { bg: "#ffffff", link: "#1d4ed8" }, dark: { bg: "#0b1120", link: "#93c5fd" } } as const;

/**
 * The focus ring of a scheme: the brand colour where it stands out 3:1 from the page (WCAG 1.4.11),
 * else the link colour. The team picks the brand for its logo: a pale one on white, or the default
 * indigo on the dark page (2.99:1), would leave a keyboard user looking for where they are.
 */
const focusRing = (brand: string, scheme: keyof typeof SCHEMES): string => (contrast(brand, SCHEMES[scheme].bg) >= 3 ? brand : SCHEMES[scheme].link);

/**
 * The portal's stylesheet: one accent (the brand colour) for the logo tile, the active tab, focus
 * and the vote box; statuses as a dot and a label, the same on every page; lists dense enough to
 * scan; the roadmap's columns grow with their cards (nothing scrolls inside) and become a carousel
 * of columns, the next one peeking in, on a phone.
 */
const STYLE = `:root{color-scheme:light dark;--bg:${SCHEMES.light.bg};--fg:#111827;--muted:#4b5563;--line:#e5e7eb;--panel:#f9fafb;--link:${SCHEMES.light.link};--radius:10px;
--s1:.25rem;--s2:.5rem;--s3:.75rem;--s4:1rem;--s6:1.5rem;--s8:2rem;--t-sm:.875rem;--t-xs:.8125rem}
@media (prefers-color-scheme:dark){:root{--bg:${SCHEMES.dark.bg};--fg:#f1f5f9;--muted:#a3b1c6;--line:#1f2a3d;--panel:#111a2e;--link:${SCHEMES.dark.link}}}
*{box-sizing:border-box}body{min-height:100vh;display:flex;flex-direction:column;margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link)}:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:var(--s2);z-index:2}
.wrap{max-width:72rem;margin:0 auto;padding:0 var(--s4)}
.top{border-bottom:1px solid var(--line)}.brandbar{display:flex;align-items:center;gap:var(--s3);padding:var(--s3) 0;min-height:3.5rem}
.brand{display:flex;align-items:center;gap:var(--s3);color:var(--fg);text-decoration:none;font-weight:700;font-size:1.125rem;min-width:0;flex-shrink:0;max-width:60%}
.brand span:last-child{overflow-wrap:anywhere}
.tile{flex:none;display:grid;place-items:center;width:2.25rem;height:2.25rem;border-radius:8px;background:var(--brand);color:var(--on-brand);font-weight:800}
.account{margin-left:auto;font-size:var(--t-sm)}.account>a,a.standalone,footer nav a{display:inline-block}
.account>a,a.standalone,.back,.filters .clear,footer nav a{line-height:1.5rem}.signout{display:flex;align-items:center;gap:var(--s2);flex-wrap:wrap;justify-content:flex-end}
.who-am-i{font-weight:600;max-width:16rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}button.quiet{min-height:2.25rem;padding:var(--s1) var(--s3);background:transparent;color:var(--fg);border-color:var(--line)}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
form.vote{flex:none;align-self:flex-start;margin:0}
a.votes,button.votes{width:4rem;min-height:4rem;padding:var(--s1);background:var(--bg);color:var(--fg);border:2px solid var(--line);text-decoration:none;font-weight:400}
a.votes:hover,button.votes:hover{border-color:var(--brand)}
.votes .arrow{font-size:var(--t-xs);line-height:1}button.votes[aria-pressed=true]{border-color:var(--brand);background:var(--brand);color:var(--on-brand)}
button.votes[aria-pressed=true] span{color:var(--on-brand)}
.notice{border:1px solid var(--brand);border-radius:var(--radius);padding:var(--s3) var(--s4);margin:0 0 var(--s4)}
.error{color:#b91c1c}@media (prefers-color-scheme:dark){.error{color:#fca5a5}}
.postlink,a.button{display:inline-flex;align-items:center;min-height:2.5rem;padding:var(--s2) var(--s4);border-radius:8px;background:var(--brand);color:var(--on-brand);font-weight:600;text-decoration:none}
.postlink{margin:0 0 var(--s6)}.postlink:hover,a.button:hover{filter:brightness(1.1)}
.or{display:flex;align-items:center;gap:var(--s3);margin:var(--s6) 0 var(--s3);color:var(--muted);font-size:var(--t-sm)}.or::before,.or::after{content:"";flex:1;border-top:1px solid var(--line)}
input[type=text],input[type=email],textarea{width:100%;padding:var(--s2) var(--s3);border:1px solid var(--muted);border-radius:8px;background:var(--bg);min-height:2.5rem}
textarea{min-height:8rem;resize:vertical}.hint{color:var(--muted);font-size:var(--t-sm);margin:var(--s1) 0 0}
.entry{border-top:1px solid var(--line);padding:var(--s4) 0}
.shipped-title{font-size:1rem;margin:var(--s4) 0 var(--s2)}
.shipped{list-style:none;margin:0;padding:0;display:grid;gap:var(--s2)}
.shipped li{display:flex;flex-wrap:wrap;align-items:center;gap:var(--s2) var(--s3);border:1px solid var(--line);border-radius:8px;padding:var(--s2) var(--s3)}
.shipped a{flex:0 1 auto;overflow-wrap:anywhere}
.shipped .count{color:var(--muted);font-size:var(--t-sm);min-width:4.5rem}.muted{color:var(--muted)}.markdown{overflow-wrap:anywhere}.markdown pre{overflow-x:auto;background:var(--panel);padding:var(--s3);border-radius:var(--radius)}
fieldset{border:0;padding:0;margin:var(--s4) 0 0}legend{font-weight:600;font-size:var(--t-sm);padding:0}
label.choice{display:inline-flex;align-items:center;gap:var(--s2);font-weight:400;font-size:1rem;margin:var(--s2) var(--s6) 0 0;min-height:2.5rem}
label.choice input{width:1.125rem;height:1.125rem;accent-color:var(--brand);margin:0}.post-form button{margin-top:var(--s4)}
.narrow{max-width:32rem}.narrow p button,.narrow form button{margin-top:var(--s2)}
.comment-form{margin-top:var(--s4);border-top:1px solid var(--line);padding-top:var(--s4)}.comment-form button{margin-top:var(--s3)}
.tabs{display:flex;flex-wrap:wrap;gap:0 var(--s4);margin:0;padding:0;list-style:none}
.tabs a{display:block;padding:var(--s2) 0;color:var(--muted);text-decoration:none;font-weight:600;border-bottom:3px solid transparent;white-space:nowrap}
.tabs a[aria-current]{color:var(--fg);border-bottom-color:var(--brand)}
main{flex:1;padding:var(--s6) 0 var(--s8)}h1{font-size:1.75rem;line-height:1.2;margin:0 0 var(--s2)}h2{font-size:1.125rem;margin:0 0 var(--s3)}
.intro{color:var(--muted);margin:0 0 var(--s6)}
.alike{border:1px solid var(--line);border-left:4px solid var(--brand);border-radius:var(--radius);background:var(--panel);padding:var(--s3) var(--s4);margin:0 0 var(--s4)}
.alike h2{font-size:1rem;margin:0 0 var(--s2)}.alike ul{list-style:none;margin:0;padding:0;display:grid;gap:var(--s2)}
.alike li{display:grid;grid-template-columns:4.5rem 1fr;align-items:baseline;gap:var(--s3)}.alike a{overflow-wrap:anywhere;font-weight:600}
.alike .count{color:var(--muted);font-size:var(--t-sm)}.alike .count b{color:var(--fg)}.alike .muted{font-size:var(--t-sm)}
.layout{display:grid;grid-template-columns:minmax(0,1fr) 16rem;grid-template-areas:"board filters";gap:var(--s8);align-items:start}.layout>section{grid-area:board}.layout>aside{grid-area:filters}
.controls{display:flex;flex-wrap:wrap;gap:var(--s3);align-items:center;justify-content:space-between;margin-bottom:var(--s4)}
.sorts{display:flex;gap:var(--s1);margin:0;padding:var(--s1);list-style:none;background:var(--panel);border:1px solid var(--line);border-radius:999px}
.sorts a{display:block;padding:var(--s1) var(--s3);border-radius:999px;color:var(--muted);text-decoration:none;font-weight:600;font-size:var(--t-sm)}
.sorts a[aria-current]{background:var(--bg);color:var(--fg);box-shadow:0 0 0 1px var(--line)}
form.search{display:flex;gap:var(--s2);flex:1 1 16rem;max-width:24rem}
input,select,button,textarea{font:inherit;color:inherit}
input[type=search],select{width:100%;padding:var(--s2) var(--s3);border:1px solid var(--muted);border-radius:8px;background:var(--bg);min-height:2.5rem}
button{padding:var(--s2) var(--s4);border-radius:8px;border:1px solid var(--brand);background:var(--brand);color:var(--on-brand);font-weight:600;cursor:pointer;min-height:2.5rem}
label{display:block;font-weight:600;font-size:var(--t-sm);margin:var(--s3) 0 var(--s1)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.filters{border:1px solid var(--line);border-radius:var(--radius);padding:var(--s4);background:var(--panel)}
.filters h2{font-size:var(--t-xs);text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:0}
.filters button{width:100%;margin-top:var(--s4)}.filters .clear{display:block;margin-top:var(--s3);font-size:var(--t-sm)}
ul.posts{list-style:none;margin:0;padding:0;border:1px solid var(--line);border-radius:var(--radius)}
ul.posts>li{display:flex;gap:var(--s4);padding:var(--s4);border-top:1px solid var(--line)}ul.posts>li:first-child{border-top:0}
.votes{position:relative;flex:none;align-self:flex-start;display:flex;flex-direction:column;align-items:center;justify-content:center;width:3.5rem;min-height:3.5rem;border:1px solid var(--line);border-radius:8px;line-height:1.1}
.votes strong{font-size:1.125rem}.votes span{font-size:var(--t-xs);color:var(--muted)}
.post{min-width:0;flex:1}.post h2{font-size:1rem;margin:var(--s1) 0;line-height:1.35;overflow-wrap:anywhere}.post h2 a{color:var(--fg);text-decoration:none}.post h2 a:hover{text-decoration:underline}
.excerpt{margin:0 0 var(--s1);color:var(--muted);font-size:var(--t-sm);display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;overflow-wrap:anywhere}
.meta{display:flex;flex-wrap:wrap;gap:var(--s1) var(--s3);font-size:var(--t-xs);color:var(--muted);margin:0}
.status{display:inline-flex;align-items:center;gap:.4rem;font-size:var(--t-xs);font-weight:700;text-transform:uppercase;letter-spacing:.04em}
.status::before{content:"";width:.55rem;height:.55rem;border-radius:50%;background:currentColor}
.st-triage{color:#6d28d9}.st-prioritized{color:#1d4ed8}.st-in_development{color:#b45309}.st-fixed{color:#0f766e}.st-delivered{color:#047857}.st-dismissed{color:#4b5563}
@media (prefers-color-scheme:dark){.st-triage{color:#c4b5fd}.st-prioritized{color:#93c5fd}.st-in_development{color:#fcd34d}.st-fixed{color:#5eead4}.st-delivered{color:#6ee7b7}.st-dismissed{color:#a3b1c6}}
.empty{padding:var(--s8) var(--s4);text-align:center;color:var(--muted);border:1px dashed var(--line);border-radius:var(--radius)}
.pager{margin-top:var(--s4);text-align:center}
.reading{max-width:48rem}.back{display:inline-block;margin-bottom:var(--s4);font-size:var(--t-sm)}
.card{display:flex;gap:var(--s4);border:1px solid var(--line);border-radius:var(--radius);padding:var(--s6)}
.card .votes{width:4rem;min-height:4rem}.card h1{font-size:1.5rem;margin:var(--s2) 0 var(--s3);overflow-wrap:anywhere}
.description{white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 var(--s4)}
.shipped-in{margin:var(--s3) 0 0;font-size:var(--t-sm);overflow-wrap:anywhere}
.comments{margin-top:var(--s6);border:1px solid var(--line);border-radius:var(--radius);padding:var(--s6)}
.comments h2{font-size:var(--t-xs);text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
.comments ol{list-style:none;margin:0;padding:0}.comments li{padding:var(--s4) 0;border-top:1px solid var(--line)}.comments li:first-child{border-top:0}
.comments ol.held{border-top:1px dashed var(--line)}.comments ol.held li{border-top-style:dashed}.comments p.pending{margin:var(--s1) 0 0;color:var(--muted);font-size:var(--t-xs);font-style:italic}
.who{font-weight:700;font-size:var(--t-sm)}.badge{display:inline-block;margin-left:var(--s2);padding:0 var(--s2);border-radius:999px;background:var(--brand);color:var(--on-brand);font-size:var(--t-xs);font-weight:700}
.when{color:var(--muted);font-size:var(--t-xs);margin-left:var(--s2)}.comments p{margin:var(--s1) 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.columns{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:var(--s4);align-items:start}
.column{border:1px solid var(--line);border-radius:var(--radius);background:var(--panel);padding:var(--s3)}
.column h2{display:flex;align-items:center;justify-content:space-between;gap:var(--s2);font-size:var(--t-sm);margin:var(--s1) var(--s1) var(--s3)}
.chip{font-size:var(--t-xs);color:var(--muted);background:var(--bg);border:1px solid var(--line);border-radius:999px;padding:0 var(--s2);font-weight:600}
.column ul{list-style:none;margin:0;padding:0;display:grid;gap:var(--s2)}
.column li{display:flex;gap:var(--s3);background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:var(--s3)}
.column .votes{width:2.75rem;min-height:2.75rem}.column .votes strong{font-size:1rem}
.column h3{margin:0 0 var(--s1);font-size:var(--t-sm);line-height:1.35;overflow-wrap:anywhere}.column h3 a{color:var(--fg);text-decoration:none}
.column .note{font-size:var(--t-xs);color:var(--muted);margin:0 var(--s1) var(--s2)}
.column .none{font-size:var(--t-sm);color:var(--muted);margin:var(--s2) var(--s1)}
.jump{display:none}.jump ul{display:flex;flex-wrap:wrap;gap:var(--s2);list-style:none;margin:0 0 var(--s3);padding:0}
.jump a{display:inline-flex;align-items:center;gap:var(--s1);padding:var(--s1) var(--s3);border:1px solid var(--line);border-radius:999px;color:var(--fg);text-decoration:none;font-size:var(--t-sm)}
footer{border-top:1px solid var(--line);font-size:var(--t-sm);color:var(--muted)}footer .wrap{display:flex;flex-wrap:wrap;gap:var(--s2) var(--s4);justify-content:space-between;padding:var(--s4)}
footer nav a{margin-right:var(--s3)}
@media (max-width:56rem){.layout{grid-template-columns:minmax(0,1fr);grid-template-areas:"filters" "board";gap:var(--s4)}
.filters{padding:var(--s3)}.filters h2{display:none}.filters .fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(7.5rem,1fr));gap:0 var(--s2);align-items:end}
.filters label{margin-top:0}.filters button{margin-top:0}.filters .fields :is(.app,button){grid-column:1/-1}.filters .fields button{margin-top:var(--s3)}
.columns{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;scroll-padding:0 var(--s4);gap:var(--s3);padding-bottom:var(--s2);margin:0 calc(-1*var(--s4));padding-left:var(--s4);padding-right:var(--s4)}
.column{flex:0 0 85%;scroll-snap-align:start}.jump{display:block}}
@media (max-width:30rem){h1{font-size:1.5rem}.brand{font-size:1rem}.who-am-i{max-width:8.5rem;font-size:var(--t-xs)}.signout{gap:var(--s1)}
.tabs{column-gap:var(--s3)}.tabs a{font-size:.9375rem}.card{padding:var(--s4);gap:var(--s3)}.card .votes{width:3.25rem;min-height:3.25rem}.comments{padding:var(--s4)}
ul.posts>li{gap:var(--s3);padding:var(--s3)}.votes{width:3rem;min-height:3rem}form.search{max-width:none}}`;

interface PortalDocument {
  readonly portal: PortalRecord;
  readonly language: Language;
  readonly baseUrl: string;
  /** The page's title, before the portal's. */
  readonly title: string;
  /** What Open Graph and search results say of the page. */
  readonly description: string;
  /** The page's own address, without query: the canonical link. */
  readonly canonical: string;
  readonly current: "board" | "roadmap" | "changelog" | null;
  readonly links: PortalLinks;
  /** The page's address as asked, to switch its language without leaving it. */
  readonly here: URL;
  readonly body: Html;
  /** Slot for the portal's sign-in: a "Sign in" link, or the signed-in person's name and sign-out. Empty on anonymous pages. */
  readonly account?: Html;
  /** First-party scripts the page loads, its progressive enhancements: their page's headers must allow them (`pageHeaders`). */
  readonly scripts?: readonly string[];
  /** Whether anyone can sign in here (signInPossible); false hides what would offer to. True unless said. */
  readonly canSignIn?: boolean;
}

/**
 * A whole portal page: the brand (monogram tile in the brand colour, title), the tabs, canonical
 * and Open Graph tags, `noindex` unless the team allows indexing, the language switch.
 */
export function portalDocument(d: PortalDocument): string {
  const w = portalWords(d.language);
  const { portal } = d;
  const brand = portal.brandColor && /^#[0-9a-f]{6}$/i.test(portal.brandColor) ? portal.brandColor : DEFAULT_BRAND;
  const { links } = d;
  const tab = (name: "board" | "roadmap" | "changelog", href: string, label: string) =>
    html`<li><a href="${href}"${d.current === name ? html` aria-current="page"` : ""}>${label}</a></li>`;
  const other: Language = d.language === "fr" ? "en" : "fr";
  const fullTitle = d.title === portal.title ? portal.title : `${d.title} · ${portal.title}`;
  return html`<!doctype html>
<html lang="${d.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${fullTitle}</title>
<meta name="description" content="${d.description}">
${portal.indexing ? "" : html`<meta name="robots" content="noindex">`}
<link rel="canonical" href="${d.canonical}">
<meta property="og:type" content="website"><meta property="og:site_name" content="${portal.title}"><meta property="og:title" content="${d.title}">
<meta property="og:description" content="${d.description}"><meta property="og:url" content="${d.canonical}"><meta property="og:locale" content="${d.language === "fr" ? "fr_FR" : "en_US"}">
<meta name="twitter:card" content="summary">
<style>${new Html(`:root{--brand:${brand};--on-brand:${onBrand(brand)};--focus:${focusRing(brand, "light")}}${STYLE}@media (prefers-color-scheme:dark){:root{--focus:${focusRing(brand, "dark")}}}`)}</style>${(d.scripts ?? []).map((src) => html`<script type="module" src="${src}"></script>`)}</head>
<body><a class="skip" href="#main">${w.skip}</a>
<header class="top"><div class="wrap">
<div class="brandbar"><a class="brand" href="${links.board()}"><span class="tile" aria-hidden="true">${Array.from(portal.title.trim())[0]?.toUpperCase() ?? "R"}</span><span>${portal.title}</span></a>
<div class="account">${d.account ?? ""}</div></div>
<nav aria-label="${portal.title}"><ul class="tabs">${tab("board", links.board(), w.board)}${tab("roadmap", links.roadmap(), w.roadmap)}${tab("changelog", links.changelog(), w.changelog)}</ul></nav>
</div></header>
<main id="main"><div class="wrap">${d.body}</div></main>
<footer><div class="wrap"><nav aria-label="${w.language}"><a href="${switchTo(d.here, other)}" hreflang="${other}" lang="${other}">${other === "fr" ? "Français" : "English"}</a></nav><span>${w.poweredBy}</span></div></footer>
</body></html>`.value;
}

/**
 * A portal page as its reader asked for it: the address asked (the language switch keeps it), and
 * the header's sign-in slot for who reads it, signing in coming back to `back`.
 */
export function readersDocument(request: Request, viewer: Viewer | null, back: string, page: Omit<PortalDocument, "here" | "account">): string {
  return portalDocument({ ...page, here: new URL(request.url), account: accountSlot(page.language, page.links, viewer, back, page.canSignIn) });
}

/** The same page in another language: its address with `lang` set. */
function switchTo(here: URL, language: Language): string {
  const params = new URLSearchParams(here.searchParams);
  params.set("lang", language);
  return `${here.pathname}?${params}`;
}

/**
 * The headers of every portal page: the inbox's strict CSP (no script at all; a page with `scripts`
 * runs those of the service's own origin alone, which may ask it alone), and noindex unless the team allows indexing.
 */
export function pageHeaders(portal: Pick<PortalRecord, "indexing"> | null, scripts = false): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; ${scripts ? "script-src 'self'; connect-src 'self'; " : ""}form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(!portal?.indexing && { "x-robots-tag": "noindex" }),
    // A page names its reader once signed in: a browser that kept the page shown before signing
    // in must not show it again after (its Cookie header differs), though it is public to all others.
    vary: "Cookie, Accept-Language",
  };
}

/** The page of an address under /p/ that names no open portal (none of this name, or one that is off): the service's plain page, never a portal's frame. */
export function noPortalDocument(language: Language): string {
  const w = portalWords(language);
  return pageDocument(w.notFoundTitle, html`<div class="narrow"><h1>${w.notFoundTitle}</h1><p>${w.notFound}</p></div>`, { language }).value;
}

/** What a portal's page of a missing or unpublished feedback says, and its way back to the board. */
export function notFoundContent(language: Language, board: string): Html {
  const w = portalWords(language);
  return html`<h1>${w.notFoundTitle}</h1><p class="intro">${w.notFound}</p><p><a href="${board}">${w.goToBoard}</a></p>`;
}
