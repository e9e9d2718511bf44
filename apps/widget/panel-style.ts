/** The dialog's look, scoped to the widget's shadow root: nothing leaks to the page, nothing from it comes in. */
export const PANEL_CSS = `
.dialog{--bg:#fff;--fg:#111827;--muted:#4b5563;--line:#d1d5db;--field:#f9fafb;--accent:#4338ca;--accent-fg:#fff;--danger:#b91c1c;
position:fixed;right:20px;bottom:20px;z-index:2147483001;box-sizing:border-box;width:380px;max-height:calc(100vh - 40px);overflow:auto;
background:var(--bg);color:var(--fg);border:1px solid var(--line);border-radius:14px;box-shadow:0 12px 40px rgb(0 0 0/.28);
scroll-padding-top:56px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;text-align:left}
@media (prefers-color-scheme:dark){.dialog{--bg:#111827;--fg:#f3f4f6;--muted:#9ca3af;--line:#374151;--field:#1f2937;--accent:#818cf8;--accent-fg:#111827;--danger:#f87171}}
@media (max-width:480px){.dialog{right:0;bottom:0;left:0;width:auto;max-height:92vh;border-radius:14px 14px 0 0}}
.dialog[hidden]{display:none}
*{box-sizing:border-box}
header{display:flex;align-items:center;justify-content:space-between;padding:14px 16px 6px;position:sticky;top:0;z-index:1;background:var(--bg)}
h2{margin:0;font-size:16px;font-weight:650}
.body{padding:4px 16px 0}
form{display:grid;gap:12px}
fieldset{margin:0;padding:0;border:0;display:flex;flex-wrap:wrap;gap:6px}
legend{padding:0;margin-bottom:6px;font-weight:600;width:100%}
.field{display:grid;gap:4px}.field>span{font-weight:600}
textarea,input[type=text],input[type=email]{width:100%;font:inherit;color:inherit;background:var(--field);border:1px solid var(--line);border-radius:8px;padding:8px 10px}
textarea{resize:vertical;min-height:72px}
.choice{display:inline-flex;align-items:center;gap:6px;padding:6px 10px;border:1px solid var(--line);border-radius:999px;cursor:pointer}
.choice:has(input:checked){border-color:var(--accent);box-shadow:inset 0 0 0 1px var(--accent)}
.check{display:flex;gap:8px;align-items:flex-start;color:var(--muted)}
input:focus-visible,textarea:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
button{font:inherit;font-weight:600;border-radius:8px;padding:8px 14px;cursor:pointer;border:1px solid transparent}
button:disabled{opacity:.6;cursor:progress}
.primary{background:var(--accent);color:var(--accent-fg)}
.secondary{background:transparent;color:var(--fg);border-color:var(--line)}
.danger{background:transparent;color:var(--danger);border-color:currentColor}
.icon{background:transparent;color:var(--muted);font-size:22px;line-height:1;padding:2px 8px}
.actions{display:flex;justify-content:flex-end;gap:8px;padding-bottom:4px}
.row{display:flex;gap:8px;margin-top:6px}
.hint{margin:0;color:var(--muted);font-size:12.5px}.field-error{margin:-6px 0 0;color:var(--danger);font-size:13px;font-weight:600}.field-error:empty{display:none}.screenshot .field-error{margin:6px 0 0}textarea[aria-invalid=true]{border-color:var(--danger)}
.notice{margin:0;padding:8px 10px;border-radius:8px;background:var(--field);border-left:3px solid var(--accent);font-weight:600}
.message{margin:8px 0}
.shot{display:block;width:100%;height:auto;border:1px solid var(--line);border-radius:8px;cursor:crosshair;touch-action:none}
.status{margin:0;padding:4px 16px 14px;min-height:1em;color:var(--muted);font-size:13px}
.status:empty,.status:has(>.sr){padding-bottom:8px}
a{color:var(--accent)}input{accent-color:var(--accent)}
.tabs{display:flex;gap:4px;margin:4px 16px 8px;border-bottom:1px solid var(--line)}
.tab{background:transparent;color:var(--muted);border-radius:8px 8px 0 0;padding:8px 12px;border-bottom:2px solid transparent;margin-bottom:-1px}
.tab[aria-selected=true]{color:var(--fg);border-bottom-color:var(--accent)}
.alike:empty{display:none}.alike{display:grid;gap:8px}.alike ul{list-style:none;margin:0;padding:0;display:grid;gap:6px}
.offer{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:6px;padding:8px;border:1px solid var(--line);border-radius:10px}
.offer a:not(.button){font-weight:600}.meta{display:block}
a.button{display:inline-block;font-weight:600;border-radius:8px;padding:6px 12px;border:1px solid var(--line);color:var(--fg);text-decoration:none}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;
