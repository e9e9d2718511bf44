/** Server-rendered HTML: escaping by construction, and the security headers every page carries. */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Marks text as already-safe HTML. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** The control characters HTML does not allow in a page (all but tab, newline, form feed and return), which a browser would draw as nothing or as a box. */
const CONTROL = /(?![\t\n\f\r])\p{Cc}/gu;

/** The characters escaped, and the control characters left out, in one pass. */
const ESCAPED = new RegExp(`[&<>"']|${CONTROL.source}`, "gu");

/** Escapes the five characters HTML gives meaning, and leaves out the control characters. */
const escapeHtml = (text: string): string => text.replace(ESCAPED, (c) => ESCAPES[c] ?? "");

function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/** Tagged template: every interpolated value is escaped unless it is Html. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ""), ""));
}

/**
 * The one stylesheet of the pages: design tokens (type scale, spacing, colours with WCAG AA
 * contrast in light and dark), badges for status, severity and kind, tables that become cards
 * below 640 px, and three kinds of button. Pages stay usable without it.
 */
const STYLE = `:root{color-scheme:light dark;--bg:#fff;--fg:#111827;--muted:#4b5563;--line:#e5e7eb;--panel:#f8fafc;--link:#1d4ed8;
--accent:#4338ca;--accent-fg:#fff;--accent-soft:#eef2ff;--accent-text:#3730a3;--danger:#b91c1c;--ok-bg:#ecfdf5;--ok:#065f46;--bad-bg:#fef2f2;
--s1:.25rem;--s2:.5rem;--s3:.75rem;--s4:1rem;--s6:1.5rem;--radius:8px;--t-sm:.875rem;--t-lg:1.25rem;--t-xl:1.625rem}
@media (prefers-color-scheme:dark){:root{--bg:#0f172a;--fg:#f1f5f9;--muted:#94a3b8;--line:#1e293b;--panel:#131c31;--link:#93c5fd;
--accent:#a5b4fc;--accent-fg:#0f172a;--accent-soft:#1e1b4b;--accent-text:#c7d2fe;--danger:#fca5a5;--ok-bg:#052e2b;--ok:#6ee7b7;--bad-bg:#3f1d1d}}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:var(--fg);background:var(--bg)}
main{max-width:40rem;margin:var(--s6) auto;padding:0 var(--s4);overflow-wrap:break-word}
h1{font-size:var(--t-xl);line-height:1.25;margin:var(--s4) 0}h2{font-size:var(--t-lg);margin:var(--s6) 0 var(--s2)}h3{font-size:1rem;margin:var(--s4) 0 var(--s2)}
label{display:block;margin:var(--s3) 0 var(--s1);font-weight:600}
input,select,textarea{font:inherit;color:inherit}
input:not([type=checkbox],[type=radio]),select,textarea{background:var(--bg);padding:var(--s2);width:100%;box-sizing:border-box;border:1px solid var(--muted);border-radius:6px}
main input:not([type=checkbox],[type=radio]),main select{height:2.625rem}
input[type=checkbox],input[type=radio]{flex:none;width:1.125rem;height:1.125rem;margin:.1875rem 0 0;accent-color:var(--link)}
label:where(:has(>input[type=checkbox],>input[type=radio])){display:flex;gap:var(--s2);align-items:flex-start;font-weight:400;margin:var(--s2) 0}
textarea{min-height:6rem}
button{font:inherit;font-weight:600;padding:var(--s2) var(--s4);margin:var(--s4) var(--s2) 0 0;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);cursor:pointer}
button:hover{filter:brightness(1.1)}button.secondary{background:var(--bg);color:var(--fg);border-color:var(--muted)}button.secondary:hover{background:var(--panel);filter:none}button.danger{background:transparent;color:var(--danger);border-color:currentColor}button+button.danger{margin-left:var(--s6)}
.error{color:var(--danger);background:var(--bad-bg);border:1px solid currentColor;padding:var(--s3);border-radius:var(--radius)}
.muted{color:var(--muted)}.notice{background:var(--ok-bg);color:var(--ok);border:1px solid currentColor;padding:var(--s3);border-radius:var(--radius)}.notice.unchanged{background:var(--panel);color:var(--fg);border-color:var(--muted)}div.notice,div.error{margin:var(--s4) 0}.error .detail{color:var(--muted);font-size:var(--t-sm);overflow-wrap:anywhere}span.error{display:inline-block;padding:0 var(--s2)}
table{border-collapse:collapse;width:100%;font-size:.9375rem}td,th{text-align:left;padding:var(--s2) .3rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:var(--t-sm);color:var(--muted);font-weight:600}td.key input[type=checkbox],th.key input[type=checkbox]{margin:0 var(--s1) 0 0;vertical-align:-.1875rem}.select-all[hidden],.select-all .on-cards{display:none}.list-scope{background:var(--accent-soft);border-radius:var(--radius);padding:var(--s2) var(--s3);margin:var(--s2) 0}.list-scope:focus-within{outline:2px solid var(--accent)}.list-scope>span:not([hidden]){display:flex;flex-wrap:wrap;align-items:center;gap:var(--s1) var(--s3)}.list-scope button{margin:0}.list-scope [tabindex]:focus{outline:none}th .select-all{display:inline;margin:0;font-weight:400}td.title,td code{overflow-wrap:anywhere}td.title{min-width:11rem}td.url{min-width:12rem}.where,.owner-due,.why{display:block;font-weight:400;font-size:var(--t-sm)}.overdue{color:var(--danger);font-weight:600}.nowrap{white-space:nowrap}td.badges>.muted{white-space:normal}.num{text-align:right}
.scroll{overflow-x:auto}.paging{display:flex;flex-wrap:wrap;gap:var(--s2) var(--s6);margin:var(--s4) 0}a{color:var(--link)}:focus-visible{outline:3px solid var(--link);outline-offset:2px}
[tabindex="-1"][autofocus]:focus{outline:2px solid currentColor;outline-offset:2px}[tabindex="-1"]:target{scroll-margin-top:var(--s3)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:var(--s2)}
body.wide{display:grid;grid-template-columns:14rem minmax(0,1fr);min-height:100vh;background:linear-gradient(to right,var(--panel) 14rem,var(--line) 14rem 14.0625rem,var(--bg) 0)}body.wide main{max-width:76rem;width:100%;box-sizing:border-box;margin:var(--s4) 0;padding:0 var(--s6)}
.app-bar{position:sticky;top:0;height:100vh;box-sizing:border-box;display:flex;flex-direction:column;gap:var(--s4);padding:var(--s4) var(--s3);background:var(--panel);border-right:1px solid var(--line);font-size:var(--t-sm);overflow-y:auto}
.app-bar .org{display:block;font-weight:700;font-size:1rem;padding:0 var(--s2)}.app-bar form{display:inline}.app-bar button{margin:0;padding:var(--s1) var(--s3)}
.org-switch{display:flex!important;gap:var(--s1)}@media (width > 64rem){.org-switch{flex-wrap:wrap}.org-switch select{flex:1 1 100%}}.app-bar select{width:auto;min-width:0;max-width:100%;height:auto;padding:var(--s1) var(--s2)}
.nav{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:2px}
.nav a{display:flex;align-items:center;gap:var(--s2);padding:var(--s2);border-radius:6px;color:var(--fg);text-decoration:none;font-weight:500}
.nav a:hover{background:var(--line)}.nav a[aria-current]{background:var(--accent-soft);color:var(--accent-text);font-weight:700}
.icon{fill:none;stroke:currentColor;stroke-width:1.5;stroke-linecap:round;stroke-linejoin:round;flex:none}
.account{margin-top:auto;display:flex;flex-direction:column;align-items:flex-start;gap:var(--s2);padding:0 var(--s2);overflow-wrap:anywhere}
@media (max-width:64rem){body.wide{display:block;background:var(--bg)}body.wide main{margin:var(--s4) auto;padding:0 var(--s4)}
.app-bar{position:static;height:auto;flex-direction:row;flex-wrap:wrap;align-items:center;gap:var(--s2) var(--s4);padding:var(--s2) var(--s4);border-right:0;border-bottom:1px solid var(--line)}
.org-line{margin-right:auto;min-width:0}.app-bar .org{padding:0}.account{margin:0;flex-direction:row;align-items:center;gap:var(--s3);padding:0}
.app-bar nav{order:3;flex:1 0 100%}.nav{flex-direction:row;flex-wrap:wrap;gap:var(--s1)}.nav a{white-space:nowrap;padding:var(--s1) var(--s3)}}
@media (max-width:48rem){.account{min-width:0;max-width:100%}.account>*{flex-shrink:0}.account>.who{flex-shrink:1;min-width:0}.who>span{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}.who a{display:inline-block;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;vertical-align:bottom}td.key input[type=checkbox],th.key input[type=checkbox]{width:1.375rem;height:1.375rem;vertical-align:-.3rem}}
.filters{display:flex;flex-wrap:wrap;gap:0 var(--s4);align-items:flex-end;margin-bottom:var(--s4)}.filters>div{flex:1 1 auto;min-width:0}.filters>div:first-child{flex:3 1 14rem}.filters.single>div:first-child{flex:0 1 24rem}.filters>.error{flex:1 0 100%;box-sizing:border-box;margin:0 0 var(--s3)}.due-pair{display:flex;flex-wrap:wrap;align-items:flex-end;column-gap:var(--s4)}.due-pair>div{flex:1 1 9rem}
.tabs{display:flex;flex-wrap:wrap;gap:var(--s1);padding:0 0 var(--s2);margin:var(--s2) 0 var(--s4);list-style:none;border-bottom:1px solid var(--line)}
.tabs a{display:inline-block;padding:var(--s1) var(--s3);border-radius:999px;text-decoration:none;color:var(--muted);font-weight:500}.tabs a:hover{background:var(--panel);color:var(--fg)}
.tabs [aria-current]{background:var(--accent-soft);color:var(--accent-text);font-weight:700}
.cards-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(20rem,1fr));gap:var(--s4);margin-bottom:var(--s6)}
.card{border:1px solid var(--line);border-radius:var(--radius);padding:var(--s4);background:var(--bg)}.card h2{margin-top:0}.card dl{font-size:var(--t-sm)}.cards-grid>.card{display:flex;flex-direction:column}.cards-grid>.card>p:last-child{margin:auto 0 0;padding-top:var(--s4)}
a.button{display:inline-block;font-weight:600;padding:var(--s2) var(--s4);border-radius:6px;border:1px solid var(--muted);color:var(--fg);text-decoration:none}a.button:hover{background:var(--panel)}a.button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}a.button.primary:hover{filter:brightness(1.1)}a.button+a.button{margin-left:var(--s2)}
.settings{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:var(--s6);align-items:start}.settings>nav .tabs{flex-direction:column;border:0;margin:var(--s4) 0 0}
.settings>nav .tabs a{display:block;border-radius:6px;white-space:nowrap}.settings>nav .tabs [aria-current]{font-weight:500}@media (max-width:64rem){.settings{grid-template-columns:minmax(0,1fr);gap:0}.settings>nav .tabs{flex-direction:row;border-bottom:1px solid var(--line)}}
table.edit input:not([type=checkbox]),table.edit select{height:2.25rem;padding:var(--s1) var(--s2)}table.edit td{vertical-align:middle}
table a{text-decoration:none}table a:hover{text-decoration:underline}td.title>a{color:var(--fg);font-weight:600}td.title.to-list>a{color:var(--link);text-decoration:underline}
.inline{display:inline}.inline button{margin:var(--s2) var(--s3) 0 0;padding:var(--s1) var(--s3)}.notice .inline button{margin:0 0 0 var(--s1)}
pre.secret{white-space:pre-wrap;word-break:break-all;background:var(--panel);padding:var(--s3);border-radius:var(--radius)}
.badge{display:inline-block;padding:0 var(--s2);border-radius:999px;font-size:var(--t-sm);font-weight:600;white-space:nowrap;border:1px solid currentColor}.badge.public{background:var(--accent);color:var(--accent-fg);border-color:var(--accent)}.badge.internal{color:var(--muted);border-style:dashed;font-weight:400}
.state-on{color:#047857}.state-off{color:var(--muted)}.status-triage{color:#6d28d9}.status-prioritized{color:#1d4ed8}.status-in_development{color:#92400e}.status-fixed,.status-delivered{color:#047857}.status-dismissed{color:var(--muted)}
.sev-P0{color:#fff;background:#b91c1c;border-color:#b91c1c}.sev-P1{color:#9a3412}.sev-P2{color:#854d0e}.sev-P3{color:var(--muted)}
@media (prefers-color-scheme:dark){.state-on{color:#6ee7b7}.status-triage{color:#c4b5fd}.status-prioritized{color:#93c5fd}.status-in_development{color:#fcd34d}.status-fixed,.status-delivered{color:#6ee7b7}
.sev-P1{color:#fdba74}.sev-P2{color:#fde047}}
.kind::before{content:attr(data-icon);margin-right:var(--s1)}
.empty{padding:var(--s6);text-align:center;border:1px dashed var(--line);border-radius:var(--radius);color:var(--muted)}
.ways{list-style:none;padding:0;margin:var(--s4) 0;border:1px solid var(--line);border-radius:var(--radius);display:grid;grid-template-columns:minmax(0,1fr) auto}
.ways li{grid-column:1/-1;display:grid;grid-template-columns:subgrid;align-items:center;gap:var(--s2) var(--s4);padding:var(--s3) var(--s4)}.ways li+li{border-top:1px solid var(--line)}
.ways p{margin:0}.ways strong{display:block}.ways span{color:var(--muted);font-size:var(--t-sm)}.ways button{margin:0}@media (max-width:40rem){.ways li{grid-template-columns:minmax(0,1fr)}.ways button{justify-self:start}}
.add-row{display:flex;flex-wrap:wrap;align-items:center;gap:var(--s2) var(--s3);margin-top:var(--s6)}.add-row label{margin:0}.add-row select{width:auto;max-width:100%}.add-row button{margin:0}
@media (width > 40rem){table.channels td{vertical-align:middle}table.channels .inline button{margin:0}}:is(div.notice,div.error)>p:first-child{margin-top:0}:is(div.notice,div.error)>:last-child{margin-bottom:0}.notice pre.command{background:var(--bg);color:var(--fg)}
.first-report{text-align:left;color:var(--fg)}.first-report h2{margin-top:0}.first-report li{margin-bottom:var(--s3)}
pre.command{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--panel);padding:var(--s3);border-radius:var(--radius);font-size:var(--t-sm);margin:var(--s2) 0}
.copy-row button{margin:0;padding:var(--s1) var(--s3)}.copy-said{margin-left:var(--s2);font-size:var(--t-sm)}span.copy-row{margin-left:var(--s2);white-space:nowrap}div.copy-row{margin:0 0 var(--s2)}pre.snippet .key{white-space:nowrap}
@media (max-width:40rem){.keyboard-hint{display:none}.settings.subpage>nav{display:none}
table.cards thead{display:none}table.cards tr{display:block;border:1px solid var(--line);border-radius:var(--radius);margin-bottom:var(--s3);padding:var(--s2)}
table.cards td{display:flow-root;position:relative;border:0;padding:var(--s1) var(--s1) var(--s1) 7.5rem;text-align:left;overflow-wrap:anywhere}
table.cards td:not([data-label]),table.cards td[data-label=""]{padding-left:var(--s1)}
table.cards td[data-label]::before{content:attr(data-label);float:left;width:7rem;margin-left:-7.25rem;white-space:normal;color:var(--muted);font-size:var(--t-sm);overflow-wrap:normal}
table.cards td.title{padding-left:var(--s1)}
table.figures td,table.figures th{padding:var(--s2) var(--s1)}
table.cards td.title{font-weight:600;font-size:1.05rem}
table.cards td.badges,table.cards.feedbacks td.num{display:inline-block;padding-left:var(--s1)}table.cards td.key{padding-left:var(--s1)}table.cards td.url{min-width:0}
table.cards td.badges::before,table.cards td.key::before{content:none}
table.cards.feedbacks td.when{padding-left:var(--s1)}table.cards.feedbacks :is(td.num,td.when)::before{float:none;width:auto;margin:0 .25rem 0 0}
table.cards.feedbacks thead:has(.select-all:not([hidden])){display:block}table.cards.feedbacks thead tr{border:0;padding:0 var(--s2);margin-bottom:var(--s2)}
table.cards.feedbacks thead th:not(.key),table.cards.feedbacks .key-head{display:none}table.cards.feedbacks thead th.key{display:block;border:0;padding:var(--s1)}
table.cards.feedbacks th .select-all:not([hidden]){display:flex;gap:var(--s2);align-items:center}.select-all .on-cards{display:inline;color:var(--fg);font-size:1rem;font-weight:400}}
dl{display:grid;grid-template-columns:fit-content(50%) 1fr;gap:var(--s1) var(--s4)}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.narrow{max-width:36rem}fieldset{border:0;padding:0;margin:var(--s4) 0 var(--s3)}legend{font-weight:600;margin-bottom:var(--s1);padding:0}
.choice{display:inline-flex;gap:.35rem;align-items:flex-start;margin:0 var(--s4) .35rem 0;font-weight:400}
@media (max-width:40rem){fieldset>.choice{display:flex;margin-right:0}}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.with-aside{display:grid;grid-template-columns:minmax(0,1fr) 20rem;grid-template-rows:auto 1fr;grid-template-areas:"main aside" "more aside";column-gap:var(--s6)}.with-aside>:first-child{grid-area:main}.with-aside>aside{grid-area:aside}.with-aside>.more{grid-area:more}.with-aside aside h2:first-child{margin-top:var(--s4)}
@media (max-width:48rem){.with-aside{grid-template-columns:minmax(0,1fr);grid-template-areas:"main" "aside" "more"}}
details.more-filters{flex:1 0 100%;margin:var(--s2) 0 0}details.more-filters>div{display:inline-block;vertical-align:bottom;min-width:9rem;margin-right:var(--s4)}
@media (max-width:48rem){details.more-filters>div{display:block;margin-right:0}.tabs a{padding:var(--s1) var(--s2);font-size:var(--t-sm)}}
@supports selector(::details-content){@media (width > 48rem){details.more-filters{display:contents}details.more-filters>summary{display:none}details.more-filters>div{flex:1 1 auto;margin-right:0}details.more-filters>div:is(.feature-filter,.long-choices){flex-basis:10rem}
details.more-filters::details-content{display:contents;content-visibility:visible}}}
.to-actions{display:none;gap:var(--s2);flex-wrap:wrap}.to-actions a{display:inline-block;padding:var(--s2) var(--s3);border:1px solid var(--line);border-radius:999px;text-decoration:none}details.correction{margin-top:var(--s6)}form.apart{margin-top:var(--s6)}.pair-actions{display:flex;flex-wrap:wrap;gap:var(--s4);margin-top:var(--s2)}.pair-actions button{margin:0}@media (max-width:48rem){.to-actions{display:flex}}
.timeline{list-style:none;padding:0;border-left:2px solid var(--line);margin-left:var(--s2)}
.timeline>li{position:relative;padding:0 0 var(--s3) var(--s4)}.timeline>li::before{content:"";position:absolute;left:-7px;top:.45rem;width:12px;height:12px;border-radius:50%;background:var(--bg);border:2px solid var(--muted)}
.timeline li.change::before{border-color:var(--link)}.timeline li[aria-current=step]::before{background:var(--link);border-color:var(--link)}.timeline li[aria-current=step] p{font-weight:600}.timeline p{margin:0 0 var(--s1)}.timeline ul.changes{margin:0;padding-left:1.1rem}
figure{margin:var(--s4) 0}.screenshot{display:block;max-width:100%;height:auto;border:1px solid var(--line);border-radius:var(--radius)}
.log{padding-left:1.25rem}.log code{white-space:pre-wrap;overflow-wrap:anywhere}
.captured .screenshot{max-height:20rem;width:auto}.captured h3{font-size:var(--t-sm)}.conversation blockquote,blockquote.quote{margin:var(--s1) 0 var(--s2);padding-left:var(--s3);border-left:3px solid var(--line)}
.replay{border:1px solid var(--line);border-radius:var(--radius);overflow:auto;margin-top:var(--s2)}.replay iframe{border:0}
ul.plain{list-style:none;padding:0;margin:0}ul.plain>li{padding:var(--s2) 0;border-bottom:1px solid var(--line)}ul.plain p{margin:var(--s1) 0}
.chip{display:inline-block;max-width:100%;overflow-wrap:anywhere;padding:0 var(--s2);margin:0 var(--s1) var(--s1) 0;border-radius:999px;background:var(--panel);border:1px solid var(--line);font-size:var(--t-sm);color:var(--fg)}a.chip{padding:.0625rem var(--s2);text-decoration:none}.weak-match{font-size:var(--t-sm)}a.chip:hover{text-decoration:underline}
ul.pairs>li{padding:var(--s3) var(--s4);margin-bottom:var(--s3);border:1px solid var(--line);border-radius:var(--radius)}
.pair-sides{display:grid;grid-template-columns:1fr auto 1fr;gap:var(--s4);align-items:start}.pair-sides p{overflow-wrap:anywhere}
.pair-link{font-size:var(--t-sm);font-style:italic}.pair-app{margin:0;font-size:var(--t-sm)}table.cards tbody tr.current,table.cards tbody tr:target{outline:2px solid var(--link);outline-offset:-2px}table.cards tbody tr:has(input[name=keys]:checked){background:color-mix(in srgb,var(--link) 9%,transparent)}.keyboard-hint{font-size:var(--t-sm)}.timeline li.link::before{border-color:#7c3aed}.timeline li.outreach::before{border-color:#047857}
@media (max-width:40rem){.pair-sides{grid-template-columns:1fr;gap:0}}
.chart{margin:var(--s2) 0 var(--s4)}.chart figcaption{font-size:var(--t-sm);color:var(--muted);margin-top:var(--s2)}
.plot{display:grid;grid-template-columns:auto 1fr;gap:var(--s2)}.plot svg{width:100%;height:12rem;display:block;border-bottom:1px solid var(--line)}
.scale{display:flex;flex-direction:column;justify-content:space-between;font-size:var(--t-sm);color:var(--muted);text-align:right}
.range{display:flex;justify-content:space-between;font-size:var(--t-sm);color:var(--muted);padding-left:2rem}
.hbars{list-style:none;padding:0;margin:var(--s2) 0}.hbars li{display:grid;grid-template-columns:minmax(6rem,14rem) 1fr 3rem;gap:var(--s3);align-items:center;padding:var(--s1) 0}
.hbar-label{overflow-wrap:anywhere}@media (max-width:40rem){.hbars li{grid-template-columns:1fr 3rem;row-gap:var(--s1)}.hbar-label{grid-column:1/-1}}.hbars svg{width:100%;height:1rem;display:block}.bar{fill:var(--muted)}.kind-problem{fill:#b91c1c}.kind-idea{fill:#1d4ed8}.kind-praise{fill:#047857}
@media (prefers-color-scheme:dark){.kind-problem{fill:#f87171}.kind-idea{fill:#93c5fd}.kind-praise{fill:#6ee7b7}}
.message{white-space:pre-wrap;margin-top:0}.search-row{display:flex;gap:var(--s2)}.search-row button{margin:0;flex:none}
table.tags td:first-child{min-width:8rem}table.tags select{min-width:9rem}table.tags input{max-width:16rem}
@media (max-width:40rem){table.tags .search-row{flex-wrap:wrap}table.tags .search-row select,table.tags .search-row input{min-width:0;max-width:none;flex:1 1 8rem}}
table.members select{width:auto;min-width:9rem}table.members button{min-height:2.25rem;padding:0 var(--s3)}@media (width > 40rem){table.members .inline button{margin:0}}@media (max-width:40rem){table.members .search-row{flex-wrap:wrap}table.members .search-row select{min-width:0;flex:1 1 8rem}}
.actions button,.actions a{margin-top:var(--s2)}.actions a{display:inline-block}.editor,.editor-notes>p{max-width:48rem;box-sizing:border-box}.preview{border:1px solid var(--line);border-radius:var(--radius);padding:0 var(--s4);margin:var(--s4) 0}
.linked button{margin:var(--s1) 0 0;padding:var(--s1) var(--s3)}.preview .entry{border:0}.entry{border-bottom:1px solid var(--line);padding-bottom:var(--s4)}
.markdown pre{overflow-x:auto;background:var(--panel);padding:var(--s3);border-radius:var(--radius)}.markdown blockquote{margin:var(--s2) 0;padding-left:var(--s3);border-left:3px solid var(--line)}.legend{display:inline-flex;align-items:center;gap:var(--s1);margin-right:var(--s4)}details{margin:var(--s2) 0}summary{cursor:pointer;color:var(--link)}
.views-row{display:flex;flex-wrap:wrap;align-items:center;gap:var(--s2) var(--s3);margin:0 0 var(--s2);font-size:var(--t-sm)}.views-row h2{font-size:var(--t-sm);color:var(--muted);margin:0}.views-row>p{margin:0}
ul.views{display:flex;flex-wrap:wrap;gap:var(--s2);list-style:none;padding:0;margin:0}ul.views>li{display:flex;align-items:center;gap:var(--s1);min-width:0;max-width:100%;border:1px solid var(--line);border-radius:999px;padding:0 var(--s1) 0 var(--s3)}
ul.views a{min-width:0;overflow-wrap:anywhere;text-decoration:none;color:var(--fg)}ul.views [aria-current]{font-weight:700;color:var(--accent-text)}ul.views button{margin:0;border:0;border-radius:999px;background:transparent;padding:var(--s1) var(--s2);font-weight:400;color:var(--muted)}
.language-switch{margin:0;text-align:right}
.banner{border-bottom:1px solid var(--line)}.banner>div{max-width:40rem;margin:0 auto;padding:var(--s3) var(--s4);display:flex;flex-wrap:wrap;align-items:center;gap:var(--s2) var(--s4)}
.links-back{display:flex;flex-wrap:wrap;gap:0 var(--s4);font-size:var(--t-sm);margin:var(--s1) 0 var(--s2)}form.undo{display:flex;flex-wrap:wrap;align-items:center;gap:var(--s2) var(--s3);margin-top:var(--s6)}form.undo p{margin:0}form.undo button{margin:0}
.banner ul{display:flex;flex-wrap:wrap;align-items:center;gap:var(--s2) var(--s4);list-style:none;margin:0;padding:0}.banner .home{font-weight:700;color:var(--fg);text-decoration:none}.banner .home:hover{text-decoration:underline}.banner .switch{margin-left:auto}
a.standalone,.banner a{display:inline-block;line-height:1.5rem}
.views-row details{margin:0}.views-row form{display:flex;flex-wrap:wrap;align-items:flex-end;gap:var(--s2)}.views-row form label{margin:0}.views-row form input{height:auto;width:14rem}.views-row form button{margin:0}`;

/**
 * A whole page, with a strict CSP; `formTargets` are extra origins a form may send the browser to.
 * A page that needs a script names it in `scripts`: first-party modules only, and only there.
 * `header` is the signed-in application's bar (beside the page on wide screens); `banner`, a public
 * page's slim bar above it (where it belongs, and its language).
 */
export function page(
  title: string,
  body: Html,
  options: {
    status?: number;
    formTargets?: readonly string[];
    language?: "en" | "fr";
    header?: Html;
    banner?: Html;
    scripts?: readonly string[];
    goTo?: string;
  } = {},
): Response {
  const scripts = options.scripts ?? [];
  const document = pageDocument(title, body, options);
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(" ");
  return new Response(document.value, {
    status: options.status ?? 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; ${scripts.length > 0 ? "img-src 'self' data:; script-src 'self'; connect-src 'self'; " : "img-src 'self'; "}form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    },
  });
}

/** A whole page's HTML, styled as every page of the service is; `page` answers with it and its headers. */
export function pageDocument(
  title: string,
  body: Html,
  options: { language?: "en" | "fr"; header?: Html; banner?: Html; scripts?: readonly string[]; goTo?: string } = {},
): Html {
  // `goTo`: where the browser goes at once, the page staying in sight (an application's own scheme hands the address to it).
  return html`<!doctype html>
<html lang="${options.language ?? "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${options.goTo ? html`<meta http-equiv="refresh" content="0;url=${options.goTo}">` : ""}
<title>${title} · Retour</title><style>${new Html(STYLE)}</style></head>
<body${options.header ? new Html(' class="wide"') : ""}>${options.header ?? ""}${options.banner ? html`<header class="banner"><div>${options.banner}</div></header>` : ""}<main id="main">${body}</main>${(options.scripts ?? []).map((src) => html`<script type="module" src="${src}"></script>`)}</body></html>`;
}

export const redirect = (location: string, headers: Record<string, string> = {}): Response =>
  new Response(null, { status: 303, headers: { location, "cache-control": "no-store", ...headers } });
