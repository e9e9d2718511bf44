import type { PublicFeedbackSummary } from "../../core/schemas/portal.ts";
import type { QualificationStep } from "../../core/schemas/qualification.ts";
import type { ReportResponse } from "../../core/schemas/report.ts";
import type { WidgetReportRequest } from "../../core/schemas/widget.ts";
import { h } from "./dom.ts";
import { ownerOf, writtenByAnother } from "./draft-owner.ts";
import type { Panel, PanelHost } from "./panel-host.ts";
import { type PanelScope, type Reply, scopeOf, type Vote } from "./panel-scope.ts";
import { PANEL_CSS } from "./panel-style.ts";
import { reportForm } from "./report-form.ts";
import { type Draft, persist, randomKey, recall, type Saved } from "./saved-report.ts";
import { type Answers, stepForm } from "./step-form.ts";
import { sheet } from "./style-sheet.ts";
import { dialogTabs } from "./tabs.ts";
import { pageLanguage } from "./words.ts";

/** The widget's dialog: the report form, the assistant's questions one step at a time, and the tracking link. */
export function createPanel(host: PanelHost): Panel {
  const lang = pageLanguage();
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  // Its words are English or French: left to right, also on a page that reads right to left (whose direction it would inherit).
  const dialog = h("div", {
    class: "dialog",
    role: "dialog",
    "aria-modal": "true",
    "aria-labelledby": "retour-title",
    lang,
    dir: "ltr",
    hidden: true,
  });
  const scope = scopeOf(host, lang, dialog, status);
  const { w } = scope;
  const body = h("div", { class: "body" });
  const tabs = furnish(scope, body, status, () => close());

  /** What the dialog shows: the form (a draft), the assistant's questions (a report not sent yet), or an end. */
  let view: "form" | "pending" | "ended" = "ended";
  /** The tab's draft and pending report, kept across a close, a reload and the site's other pages; whose they are, else the person now. */
  let saved: Saved = { owner: ownerOf(host.user), ...recall() };
  /** Brings the form shown up to date when the page opens the widget again. */
  let refresh: Panel["open"] = () => undefined;
  /** Counts the people identified in turn: a reply to what the one before sent or answered is not shown to the next, nor kept as theirs. */
  let person = 0;
  const keep = (next: Saved) => {
    saved = { ...next, owner: ownerOf(host.user) };
    persist(saved);
  };

  /** Shows a server's answer: another question, an end, or the recorded report. */
  function show(reply: Reply): void {
    scope.say("");
    if (reply.status === 201) return void done(reply.body as unknown as ReportResponse);
    if (reply.status !== 200) return void scope.refused(reply, w.failed);
    const step = reply.body as unknown as QualificationStep;
    if (step.status === "ask" || step.status === "answer") {
      if (saved.pending) keep({ pending: { ...saved.pending, step } });
      return void askStep(step);
    }
    // Ended without recording. Starting again starts from what the person wrote, the e-mail they typed too (one the site gives is its own).
    const written = saved.pending?.report;
    const email = host.user.email ? undefined : written?.user?.email;
    const restart = step.status === "restart" && written ? { kind: written.kind, message: written.message, email } : {};
    end(
      h("p", { class: "message" }, step.message ?? ""),
      null,
      h("button", { type: "button", class: "primary", onclick: () => form(restart) }, step.status === "restart" ? w.restart : w.again),
    );
  }

  /**
   * An end of the flow: what happened, where to follow it, and a button to start again; the first
   * link or button takes the focus, described by what happened, so a screen reader says it too.
   */
  function end(said: HTMLElement, link: HTMLElement | null, again: HTMLButtonElement, focus = false): void {
    keep({});
    view = "ended";
    said.id = "retour-ended";
    body.replaceChildren(said, ...(link ? [h("p", {}, link)] : []), h("div", { class: "actions" }, again));
    if (!focus) return;
    const first = body.querySelector<HTMLElement>("a, button");
    first?.setAttribute("aria-describedby", said.id);
    first?.focus();
  }

  const track = (url: string) => h("a", { href: url, target: "_blank", rel: "noopener" }, w.track);
  const again = () => h("button", { type: "button", class: "secondary", onclick: () => form() }, w.again);

  function done(result: ReportResponse): void {
    end(h("p", { class: "message" }, w.thanks), result.statusUrl ? track(result.statusUrl) : null, again(), true);
    host.emit("sent", { ticketId: result.ticketId, statusUrl: result.statusUrl });
  }

  /** The person chose a published look-alike and voted for it, now or before (said as the Ideas tab says it): the report is not sent. */
  function votedInstead(feedback: PublicFeedbackSummary, vote: Vote): void {
    const said = (vote.counted === false ? w.alreadyVoted : w.votedInstead).replace("{title}", feedback.publicTitle);
    end(h("p", { class: "message" }, `${said} ${w.reportNotSent}`), track(feedback.url), again(), true);
  }

  function askStep(step: QualificationStep): void {
    view = "pending";
    const answer = (answers: Answers) => ask(`/v1/widget/reports/${encodeURIComponent(step.id)}/answers`, { publicKey: host.key, ...answers });
    const shown = stepForm(step, w, { answer, sendAsItIs });
    body.replaceChildren(shown);
    focusFirst();
  }

  /** Sends a step's request and shows what the server answers; the status line says it is on its way. */
  async function ask(path: string, payload: unknown, idempotencyKey?: string): Promise<void> {
    const asker = person;
    scope.say(w.sending);
    try {
      const reply = await scope.post(path, payload, idempotencyKey);
      if (asker === person) show(reply);
    } catch (error) {
      if (asker === person) scope.fail(error);
    }
  }

  /** Records the pending report as it is, without more questions; its key makes a second press the same report. */
  const sendAsItIs = (): Promise<void> => ask("/v1/widget/reports", { ...saved.pending!.report, qualify: false }, saved.pending!.key);

  async function send(report: WidgetReportRequest, writer: number): Promise<void> {
    // Made by the form of the person before (its screenshot encoded while the site identified another): not sent as either's.
    if (writer !== person) return;
    const reply = await scope.post("/v1/widget/reports", report);
    if (writer !== person) return;
    if (reply.status === 200) keep({ pending: { key: randomKey(), report, step: reply.body as unknown as QualificationStep } });
    show(reply);
  }

  async function form(prefill: Partial<Draft> = {}): Promise<void> {
    view = "form";
    const recorder = await host.recorder();
    const writer = person;
    const shown = reportForm(scope, prefill, recorder, { drafted: (draft) => keep({ draft }), send: (report) => send(report, writer), votedInstead });
    refresh = shown.refresh;
    body.replaceChildren(shown.element);
    focusFirst();
  }

  /** Where the focus goes each time the form or a question is shown: the message once written, else the kind chosen; the first question; the Ideas tab where it is shown. */
  function focusFirst(): void {
    if (body.hidden) return void dialog.querySelector<HTMLElement>("[aria-selected=true]")?.focus();
    // The first question; a step that asks nothing (an answer alone), its first link or button.
    if (view === "pending")
      return void (body.querySelector<HTMLElement>("input, textarea") ?? body.querySelector<HTMLElement>("a[href], button"))?.focus();
    // Opened again while the form is still being made (its replay recorder loading), nothing is in the body yet.
    const message = body.querySelector("textarea");
    (message?.value ? message : body.querySelector<HTMLInputElement>("input:checked"))?.focus();
  }

  /** What had the focus on the page when the widget opened (the site's own "Report a problem" button), for the focus to go back to. */
  let opener: HTMLElement | null = null;

  function close(): void {
    if (dialog.hidden) return;
    dialog.hidden = true;
    host.launcher.hidden = false;
    opener?.focus();
    // Gone, or hidden since (an item of a menu that closed): the launcher, where a keyboard can reach the widget again.
    if (!opener || document.activeElement !== opener) host.launcher.focus();
    host.emit("close");
  }

  return {
    open(options) {
      if (!dialog.hidden) return;
      // Opened from the launcher, the focus is on the widget's element; from the page's own control, it goes back there.
      const active = document.activeElement;
      opener = active instanceof HTMLElement && active !== document.body && !active.closest("[data-retour-widget]") ? active : null;
      dialog.hidden = false;
      host.launcher.hidden = true;
      host.emit("open");
      // A draft or a report waiting on questions is shown as it was left; only an ended one starts afresh.
      if (view === "form") refresh(options);
      if (view !== "ended") return focusFirst();
      if (saved.pending) return askStep(saved.pending.step);
      void form(options.kind || options.message ? options : (saved.draft ?? {}));
    },
    close,
    identified(tokenChanged) {
      const owner = ownerOf(host.user);
      // Another person: the draft or the question shown, and what the form holds (a screenshot), were the one before's.
      if (writtenByAnother(saved.owner, owner)) {
        person++;
        scope.say("");
        keep({});
        // Emptied at once: the new form waits on the replay recorder where one is still loading. An end shown
        // (its link to their report's tracking page) is theirs too; a closed panel's starts afresh when opened.
        if (view !== "ended" || !dialog.hidden) {
          body.replaceChildren();
          void form();
        }
      } else if (saved.owner !== owner) keep(saved); // No one's until now: the person's (keep stamps them).
      refresh({});
      if (tokenChanged) tabs?.redraw();
    },
  };
}

/** Puts the dialog on the page: its title and Close button, the tabs where the portal is on (returned), `body`, and the status line; Escape closes it, and Tab stays in it. */
function furnish(scope: PanelScope, body: HTMLElement, status: HTMLElement, close: () => void) {
  const { host, w, dialog } = scope;
  const tabs = scope.portal && dialogTabs(scope, scope.portal, body);
  const header = h(
    "header",
    {},
    h("h2", { id: "retour-title" }, w.title),
    h("button", { type: "button", class: "icon", "aria-label": w.close, onclick: close }, "×"),
  );
  dialog.append(header, ...(tabs ? [tabs.list, body, tabs.ideas] : [body]), status);
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
    if (event.key !== "Tab") return;
    // A modal dialog keeps the focus: Tab from its last control goes to its first, Shift+Tab from its first to its last.
    const stops = [...dialog.querySelectorAll<HTMLElement>("*")].filter(
      (e) => e.tabIndex >= 0 && !e.matches(":disabled") && e.getClientRects().length,
    );
    const [edge, other] = event.shiftKey ? [stops[0], stops.at(-1)] : [stops.at(-1), stops[0]];
    if (event.target !== edge) return;
    event.preventDefault();
    other?.focus();
  });
  host.shadow.adoptedStyleSheets = [...host.shadow.adoptedStyleSheets, sheet(PANEL_CSS)];
  host.shadow.append(dialog);
  return tabs;
}
