import type { PublicFeedbackSummary } from "../../core/schemas/portal.ts";
import type { QualificationQuestion, QualificationStep } from "../../core/schemas/qualification.ts";
import type { ReportResponse } from "../../core/schemas/report.ts";
import type { BrowserContext, WidgetAttachment, WidgetReportRequest } from "../../core/schemas/widget.ts";
import { choicesOf } from "../../core/qualification/choices.ts";
import type { Capture } from "./capture.ts";
import { bareAddress } from "./capture.ts";
import { sheet } from "./style-sheet.ts";
import { PANEL_CSS } from "./panel-style.ts";
import type { Recorder } from "./replay.ts";
import { pageLanguage, WORDS, type Words } from "./words.ts";

/**
 * Who uses the app, as `Retour.identify` tells it: the company and plan say who is asking; `token`
 * is the site's single sign-on token, sent only to vote, never with a report.
 */
export type Person = {
  id?: string;
  email?: string;
  name?: string;
  company?: { id: string; name: string; monthlySpend?: number };
  plan?: string;
  token?: string;
};

/** The organization's portal, as the widget's settings name it when it is on. */
export interface Portal {
  readonly slug: string;
  readonly url: string;
  readonly appId: string;
  /** Whether the portal can sign a person in by e-mail; the Ideas tab offers it only then. */
  readonly emailSignIn: boolean;
}

/** What the loader hands the panel: where to draw, where to send, and what it captured. */
export interface PanelHost {
  readonly shadow: ShadowRoot;
  readonly base: string;
  readonly key: string;
  readonly capture: Capture;
  readonly user: Person;
  readonly metadata: Record<string, string | number | boolean>;
  readonly emit: (event: string, detail?: unknown) => void;
  readonly launcher: HTMLButtonElement;
  readonly recorder: () => Promise<Recorder | null>;
  readonly portal: () => Portal | undefined;
}

export interface Panel {
  open(options: { kind?: "problem" | "idea" | "praise"; message?: string }): void;
  close(): void;
}

type Child = Node | string | null | false | undefined;
export type H = typeof h;

/** A DOM element, plainly: attributes (or handlers, for `on…`) and children. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, unknown> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value as EventListener);
    else if (value === true) el.setAttribute(name, "");
    else if (value !== false && value !== undefined && value !== null) el.setAttribute(name, String(value));
  }
  el.append(...(children.filter(Boolean) as Array<Node | string>));
  return el;
}

const toBase64 = async (blob: Blob): Promise<string> => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

/** The page and browser as the widget describes them; the server drops query values the app does not keep. */
function pageContext(capture: Capture, metadata: Record<string, string | number | boolean>): BrowserContext {
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

/** A report waiting on the assistant's questions: what was sent, the step shown, and the key that makes "Send as it is" happen once. */
interface Pending {
  readonly key: string;
  readonly report: WidgetReportRequest;
  readonly step: QualificationStep;
}

interface Saved {
  readonly draft?: { kind: string; message: string };
  readonly pending?: Pending;
}

const STORAGE_KEY = "retour:draft";

function recall(): Saved {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Saved;
  } catch {
    return {};
  }
}

/** An idempotency key; crypto.randomUUID is missing on pages served over plain http. */
const randomKey = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The widget's dialog: the report form, the assistant's questions one step at a time, and the tracking link. */
export function createPanel(host: PanelHost): Panel {
  const lang = pageLanguage();
  const w: Words = WORDS[lang];
  const portal = host.portal();
  // With the portal on, the dialog has two tabs: the report form (body) and the app's ideas.
  const panelOf = (id: string) => (portal ? { id: `retour-${id}`, role: "tabpanel", "aria-labelledby": `retour-tab-${id}` } : {});
  const body = h("div", { class: "body", ...panelOf("report") });
  const ideas = h("div", { class: "body", ...panelOf("ideas"), hidden: true });
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const titleId = "retour-title";
  const tab = (id: string, label: string, selected: boolean) =>
    h(
      "button",
      {
        type: "button",
        role: "tab",
        class: "tab",
        id: `retour-tab-${id}`,
        "aria-controls": `retour-${id}`,
        "aria-selected": String(selected),
        tabindex: selected ? 0 : -1,
        onclick: () => select(id === "ideas"),
      },
      label,
    );
  const tabs = portal ? [tab("report", w.tabReport, true), tab("ideas", w.tabIdeas, false)] : [];
  const tabList =
    portal &&
    h(
      "div",
      {
        class: "tabs",
        role: "tablist",
        "aria-label": w.title,
        onkeydown: (event: KeyboardEvent) => {
          if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
          // Two tabs: either arrow moves to the other one.
          select(!body.hidden);
          tabs.find((t) => t.getAttribute("aria-selected") === "true")?.focus();
        },
      },
      ...tabs,
    );
  const dialog = h(
    "div",
    { class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": titleId, lang, hidden: true },
    h(
      "header",
      {},
      h("h2", { id: titleId }, w.title),
      h("button", { type: "button", class: "icon", "aria-label": w.close, onclick: () => close() }, "×"),
    ),
    tabList,
    body,
    portal ? ideas : null,
    status,
  );
  /** Whether the Ideas tab's module was asked for: it loads the first time the tab is shown. */
  let ideasAsked = false;
  function select(showIdeas: boolean): void {
    tabs.forEach((t, i) => {
      const selected = (i === 1) === showIdeas;
      t.setAttribute("aria-selected", String(selected));
      t.tabIndex = selected ? 0 : -1;
    });
    body.hidden = showIdeas;
    ideas.hidden = !showIdeas;
    status.textContent = "";
    if (!showIdeas || !portal || ideasAsked) return;
    ideasAsked = true;
    const style = (css: string) => {
      host.shadow.adoptedStyleSheets = [...host.shadow.adoptedStyleSheets, sheet(css)];
    };
    import("./ideas.ts")
      .then((m) =>
        m.showIdeas({
          style,
          into: ideas,
          base: host.base,
          portal,
          lang,
          w,
          h,
          identified: () => !!host.user.token,
          vote,
          say: (text) => (status.textContent = text),
        }),
      )
      .catch((error) => {
        ideasAsked = false;
        status.textContent = w.ideasFailed;
        host.emit("error", error);
      });
  }

  /** The identified person's vote for a published feedback (they follow it too); its votes, or null when refused, and the status says why. */
  async function vote(key: string): Promise<{ key: string; votes: number; counted?: boolean } | null> {
    try {
      const reply = await post("/v1/widget/votes", { publicKey: host.key, key, token: host.user.token });
      if (reply.status === 200) {
        host.emit("voted", reply.body);
        return reply.body as { key: string; votes: number; counted?: boolean };
      }
      status.textContent = typeof reply.body.error === "string" ? reply.body.error : w.voteFailed;
      host.emit("error", reply.body);
    } catch (error) {
      status.textContent = w.voteFailed;
      host.emit("error", error);
    }
    return null;
  }
  host.shadow.adoptedStyleSheets = [...host.shadow.adoptedStyleSheets, sheet(PANEL_CSS)];
  host.shadow.append(dialog);
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });

  let screenshot: Blob | null = null;
  /** What the dialog shows: the form (a draft), the assistant's questions (a report not sent yet), or an end. */
  let view: "form" | "pending" | "ended" = "ended";
  /** The tab's draft and pending report, kept across a close, a reload and the site's other pages. */
  let saved: Saved = recall();
  /** Brings the form shown up to date when the page opens the widget again: what the site knows, and its pre-fill where the person wrote nothing. */
  let refresh: Panel["open"] = () => undefined;

  async function post(path: string, payload: unknown, idempotencyKey?: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${host.base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": lang, ...(idempotencyKey && { "idempotency-key": idempotencyKey }) },
      body: JSON.stringify(payload),
    });
    return { status: response.status, body: await response.json() };
  }

  /** Shows a server's answer: another question, an end, or the recorded report. */
  function show(reply: { status: number; body: Record<string, unknown> }): void {
    status.textContent = "";
    if (reply.status === 201) {
      done(reply.body as unknown as ReportResponse);
      return;
    }
    if (reply.status !== 200) {
      status.textContent = typeof reply.body.error === "string" ? reply.body.error : w.failed;
      host.emit("error", reply.body);
      return;
    }
    const step = reply.body as unknown as QualificationStep;
    if (step.status === "ask" || step.status === "answer") {
      if (saved.pending) keep({ pending: { ...saved.pending, step } });
      askStep(step);
      return;
    }
    // Ended without recording. Starting again starts from what the person wrote.
    const written = saved.pending?.report;
    keep({});
    view = "ended";
    const restart = step.status === "restart" && written ? { kind: written.kind, message: written.message } : {};
    body.replaceChildren(
      h("p", { class: "message" }, step.message ?? ""),
      h(
        "div",
        { class: "actions" },
        h("button", { type: "button", class: "primary", onclick: () => form(restart) }, step.status === "restart" ? w.restart : w.again),
      ),
    );
  }

  function done(result: ReportResponse): void {
    keep({});
    view = "ended";
    host.emit("sent", { ticketId: result.ticketId, statusUrl: result.statusUrl });
    body.replaceChildren(
      h("p", { class: "message" }, w.thanks),
      h("p", {}, result.statusUrl && h("a", { href: result.statusUrl, target: "_blank", rel: "noopener" }, w.track)),
      h("div", { class: "actions" }, h("button", { type: "button", class: "secondary", onclick: () => form() }, w.again)),
    );
    body.querySelector<HTMLElement>("a, button")?.focus();
  }

  function questionField(q: QualificationQuestion): HTMLElement {
    const choices = choicesOf(q, w);
    if (q.mode === "text")
      return h("label", { class: "field" }, h("span", {}, q.prompt), h("textarea", { name: `text:${q.id}`, rows: 3, required: true }));
    const type = q.mode === "multi" ? "checkbox" : "radio";
    return h(
      "fieldset",
      { class: `choices ${q.mode}` },
      h("legend", {}, q.prompt),
      ...choices.map((c) => h("label", { class: "choice" }, h("input", { type, name: `choice:${q.id}`, value: c.id }), h("span", {}, c.label))),
      q.allowTextFallback ? h("label", { class: "field" }, h("span", {}, w.orWrite), h("input", { type: "text", name: `text:${q.id}` })) : null,
    );
  }

  /** Records the pending report as it is, without more questions; its key makes a second press the same report. */
  async function sendAsItIs(button: HTMLButtonElement): Promise<void> {
    const { report, key } = saved.pending!;
    button.disabled = true;
    status.textContent = w.sending;
    try {
      show(await post("/v1/widget/reports", { ...report, qualify: false }, key));
    } catch (error) {
      status.textContent = w.failed;
      host.emit("error", error);
    } finally {
      button.disabled = false;
    }
  }

  function askStep(step: QualificationStep): void {
    view = "pending";
    const questions = step.questions ?? [];
    const asIs: HTMLButtonElement = h("button", { type: "button", class: "secondary", onclick: () => void sendAsItIs(asIs) }, w.sendAsIs);
    const formEl = h(
      "form",
      {},
      h("p", { class: "notice", role: "note" }, w.notSent),
      step.status === "answer" && step.message ? h("p", { class: "message" }, step.message) : null,
      step.status === "answer" && step.source
        ? h("p", {}, h("a", { href: step.source.url, target: "_blank", rel: "noopener" }, step.source.title || w.source))
        : null,
      ...questions.map(questionField),
      h("div", { class: "actions" }, asIs, h("button", { type: "submit", class: "primary" }, w.next)),
    );
    formEl.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = new FormData(formEl);
      const text = [...data]
        .filter(([n, v]) => n.startsWith("text:") && String(v).trim())
        .map(([, v]) => String(v).trim())
        .join("\n");
      const choiceIds = [...data].filter(([n]) => n.startsWith("choice:")).map(([, v]) => String(v));
      status.textContent = w.sending;
      try {
        show(
          await post(`/v1/widget/reports/${encodeURIComponent(step.id)}/answers`, {
            publicKey: host.key,
            ...(text && { text }),
            ...(choiceIds.length > 0 && { choiceIds }),
          }),
        );
      } catch (error) {
        status.textContent = w.failed;
        host.emit("error", error);
      }
    });
    body.replaceChildren(formEl);
    formEl.querySelector<HTMLElement>("input, textarea")?.focus();
  }

  /** The screenshot, with the Hide tool: rectangles dragged over it are painted opaque before it is sent. */
  async function addScreenshot(slot: HTMLElement): Promise<void> {
    slot.replaceChildren(h("p", { class: "hint" }, w.taking));
    dialog.hidden = true;
    try {
      const { takeScreenshot } = await import("./screenshot.ts");
      screenshot = await takeScreenshot();
    } finally {
      dialog.hidden = false;
    }
    if (!screenshot) return void slot.replaceChildren();
    const image = await createImageBitmap(screenshot);
    const canvas = h("canvas", { class: "shot", width: image.width, height: image.height, "aria-label": w.hide });
    const paint = canvas.getContext("2d")!;
    const hidden: Array<[number, number, number, number]> = [];
    const redraw = () => {
      paint.drawImage(image, 0, 0);
      paint.fillStyle = "#111827";
      for (const [x, y, width, height] of hidden) paint.fillRect(x, y, width, height);
    };
    redraw();
    let from: [number, number] | null = null;
    const at = (event: PointerEvent): [number, number] => {
      const box = canvas.getBoundingClientRect();
      return [((event.clientX - box.left) * canvas.width) / box.width, ((event.clientY - box.top) * canvas.height) / box.height];
    };
    canvas.addEventListener("pointerdown", (event) => {
      from = at(event);
      canvas.setPointerCapture(event.pointerId);
    });
    canvas.addEventListener("pointerup", (event) => {
      if (!from) return;
      const to = at(event);
      hidden.push([Math.min(from[0], to[0]), Math.min(from[1], to[1]), Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1])]);
      from = null;
      redraw();
      canvas.toBlob((blob) => (screenshot = blob), "image/jpeg", 0.85);
    });
    slot.replaceChildren(
      h("p", { class: "hint" }, w.hide),
      canvas,
      h(
        "div",
        { class: "row" },
        h(
          "button",
          {
            type: "button",
            class: "secondary",
            onclick: () => {
              hidden.pop();
              redraw();
              canvas.toBlob((blob) => (screenshot = blob), "image/jpeg", 0.85);
            },
          },
          w.undoHide,
        ),
        h("button", { type: "button", class: "danger", onclick: () => removeScreenshot(slot) }, w.remove),
      ),
    );
  }

  function removeScreenshot(slot: HTMLElement): void {
    screenshot = null;
    slot.replaceChildren(shotButton(slot));
  }

  /** The person chose a published look-alike and voted for it: the report is not sent. */
  function votedInstead(feedback: PublicFeedbackSummary): void {
    keep({});
    view = "ended";
    body.replaceChildren(
      h("p", { class: "message" }, w.votedInstead.replace("{title}", feedback.publicTitle)),
      h("p", {}, h("a", { href: feedback.url, target: "_blank", rel: "noopener" }, w.track)),
      h("div", { class: "actions" }, h("button", { type: "button", class: "secondary", onclick: () => form() }, w.again)),
    );
    body.querySelector<HTMLElement>("a")?.focus();
  }

  /** A published look-alike, offered instead of a new report: a vote for it, or its page on the portal where the site identified no one. */
  const offer = (feedback: PublicFeedbackSummary, i: number) =>
    h(
      "li",
      { class: "offer" },
      h(
        "div",
        {},
        h("a", { id: `retour-alike-${i}`, href: feedback.url, target: "_blank", rel: "noopener" }, feedback.publicTitle),
        h("span", { class: "hint meta" }, `${feedback.votes} ${feedback.votes === 1 ? w.vote1 : w.votes} · ${feedback.statusLabel}`),
      ),
      host.user.token
        ? h(
            "button",
            {
              type: "button",
              class: "secondary",
              "aria-describedby": `retour-alike-${i}`,
              onclick: async (event: Event) => {
                const button = event.currentTarget as HTMLButtonElement;
                button.disabled = true;
                if (await vote(feedback.key)) votedInstead(feedback);
                button.disabled = false;
              },
            },
            w.voteInstead,
          )
        : h(
            "a",
            { class: "secondary button", href: feedback.url, target: "_blank", rel: "noopener", "aria-describedby": `retour-alike-${i}` },
            w.voteOnPortal,
          ),
    );

  const shotButton = (slot: HTMLElement) =>
    h("button", { type: "button", class: "secondary", onclick: () => void addScreenshot(slot) }, w.screenshot);

  async function form(prefill: { kind?: string; message?: string } = {}): Promise<void> {
    screenshot = null;
    view = "form";
    const recorder = await host.recorder();
    const slot = h("div", { class: "screenshot" });
    slot.append(shotButton(slot));
    const KINDS = ["problem", "idea", "praise"] as const;
    const chosen = KINDS.find((k) => k === prefill.kind) ?? "problem";
    const kinds = KINDS.map((k) =>
      h(
        "label",
        { class: "choice" },
        // The message's hint follows the kind: an idea is no problem to describe.
        h("input", { type: "radio", name: "kind", value: k, checked: chosen === k, onchange: () => (message.placeholder = w.messageHint[k]) }),
        h("span", {}, w[k]),
      ),
    );
    const hint = h("p", { class: "hint" }, willSend());
    const message = h("textarea", { name: "message", rows: 5, required: true, maxlength: 10000, placeholder: w.messageHint[chosen] });
    message.value = prefill.message ?? "";
    // Why the message is refused, beside it rather than in the status line under the button.
    const refused = h("p", { class: "field-error", id: "retour-message-error" });
    /** Published feedbacks like what the person writes, asked once they pause; only the latest answer is shown. */
    const alike = h("div", { class: "alike" });
    let asked = 0;
    let pause: ReturnType<typeof setTimeout> | undefined;
    const lookAlike = async () => {
      const mine = ++asked;
      const text = Array.from(message.value.trim()).slice(0, 500).join("");
      if (!portal || text.length < 12 || draft().kind === "praise") return void alike.replaceChildren();
      try {
        const reply = await post("/v1/widget/similar", { publicKey: host.key, text });
        if (mine !== asked || reply.status !== 200) return;
        const found = (reply.body as { data: PublicFeedbackSummary[] }).data;
        alike.replaceChildren(...(found.length > 0 ? [h("p", { class: "notice" }, w.alike), h("ul", {}, ...found.map(offer))] : []));
      } catch {
        // The offer only helps: the report goes on without it.
      }
    };
    const formEl = h(
      "form",
      { novalidate: true },
      h("fieldset", { class: "choices kinds" }, h("legend", {}, w.kind), ...kinds),
      h("label", { class: "field" }, h("span", {}, w.message), message),
      refused,
      alike,
      host.user.email
        ? null
        : h("label", { class: "field" }, h("span", {}, w.email), h("input", { type: "email", name: "email", autocomplete: "email" })),
      slot,
      recorder ? h("label", { class: "check" }, h("input", { type: "checkbox", name: "replay", checked: true }), h("span", {}, w.replay)) : null,
      hint,
      h("div", { class: "actions" }, h("button", { type: "submit", class: "primary" }, w.send)),
    );
    refresh = (options) => {
      hint.textContent = willSend();
      for (const radio of formEl.querySelectorAll<HTMLInputElement>("input[name=kind]")) if (radio.value === options.kind) radio.checked = true;
      if (options.message && !message.value.trim()) message.value = options.message;
    };
    const draft = () => ({ kind: String(new FormData(formEl).get("kind") ?? "problem"), message: message.value });
    formEl.addEventListener("input", () => {
      if (message.value.trim()) {
        refused.textContent = "";
        message.removeAttribute("aria-invalid");
      }
      keep({ draft: draft() });
      clearTimeout(pause);
      pause = setTimeout(() => void lookAlike(), 600);
    });
    formEl.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = new FormData(formEl);
      const text = String(data.get("message") ?? "").trim();
      if (!text) {
        refused.textContent = w.required;
        message.setAttribute("aria-invalid", "true");
        message.setAttribute("aria-describedby", refused.id);
        return message.focus();
      }
      const send = formEl.querySelector<HTMLButtonElement>("button[type=submit]")!;
      send.disabled = true;
      status.textContent = w.sending;
      try {
        const attachments: WidgetAttachment[] = [];
        if (screenshot) attachments.push({ kind: "screenshot", contentType: "image/jpeg", data: await toBase64(screenshot) });
        const replay = recorder && data.get("replay") ? await recorder.export() : null;
        if (replay) attachments.push({ kind: "replay", contentType: "application/gzip", data: await toBase64(replay) });
        const email = String(data.get("email") ?? "").trim() || host.user.email;
        // The site's sign-on token serves votes alone: it never travels with a report.
        const { token: _token, ...person } = host.user;
        const report: WidgetReportRequest = {
          publicKey: host.key,
          kind: String(data.get("kind") ?? "problem") as WidgetReportRequest["kind"],
          message: text,
          url: bareAddress(location.href),
          qualify: true,
          ...((email || person.id || person.name || person.company) && { user: { ...person, ...(email && { email }) } }),
          context: pageContext(host.capture, host.metadata),
          ...(attachments.length > 0 && { attachments }),
        };
        const reply = await post("/v1/widget/reports", report);
        if (reply.status === 200) keep({ pending: { key: randomKey(), report, step: reply.body as unknown as QualificationStep } });
        show(reply);
      } catch (error) {
        status.textContent = w.failed;
        host.emit("error", error);
      } finally {
        send.disabled = false;
      }
    });
    body.replaceChildren(formEl);
    (prefill.message ? message : formEl.querySelector<HTMLInputElement>("input:checked"))?.focus();
  }

  function close(): void {
    if (dialog.hidden) return;
    dialog.hidden = true;
    host.launcher.hidden = false;
    host.launcher.focus();
    host.emit("close");
  }

  /** What the form tells will travel with the report, with what the site adds of its own. */
  function willSend(): string {
    const { id, name, email } = host.user;
    const who = [name, email].filter(Boolean).join(", ") || id;
    const keys = Object.keys(host.metadata).join(", ");
    return w.willSend + (who ? w.willSendPerson.replace("{who}", who) : "") + (keys ? w.willSendDetails.replace("{keys}", keys) : "");
  }

  /** Keeps the draft or pending report for the page's life, and in the tab's session storage where it fits. */
  function keep(next: Saved): void {
    saved = next;
    for (const value of [next, next.pending && { pending: { ...next.pending, report: { ...next.pending.report, attachments: undefined } } }]) {
      if (!value) return;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
        return;
      } catch {
        // Full, or refused: a report without its screenshot, or memory alone.
      }
    }
  }

  return {
    open(options) {
      if (!dialog.hidden) return;
      dialog.hidden = false;
      host.launcher.hidden = true;
      host.emit("open");
      // A draft or a report waiting on questions is shown as it was left; only an ended one starts afresh.
      if (view === "form") return refresh(options);
      if (view === "pending") return;
      if (saved.pending) return askStep(saved.pending.step);
      void form(options.kind || options.message ? options : (saved.draft ?? {}));
    },
    close,
  };
}
