import type { PublicFeedbackSummary } from "../../core/schemas/portal.ts";
import type { WidgetAttachment, WidgetReportRequest } from "../../core/schemas/widget.ts";
import { bareAddress } from "./capture.ts";
import { h } from "./dom.ts";
import { lookAlikes } from "./look-alikes.ts";
import { pageContext } from "./page-context.ts";
import type { Panel, PanelHost } from "./panel-host.ts";
import type { PanelScope, Vote } from "./panel-scope.ts";
import type { Recorder } from "./replay.ts";
import type { Draft } from "./saved-report.ts";
import { screenshotSlot } from "./screenshot-slot.ts";

const KINDS = ["problem", "idea", "praise"] as const;

/** What the report form hands the panel. */
interface ReportFormEvents {
  /** The person changed what they wrote or its kind. */
  readonly drafted: (draft: Draft) => void;
  /** The report built from the form; resolves once the panel has shown the server's answer. */
  readonly send: (report: WidgetReportRequest) => Promise<void>;
  /** The person voted for a published look-alike instead of reporting. */
  readonly votedInstead: (feedback: PublicFeedbackSummary, vote: Vote) => void;
}

interface ReportForm {
  readonly element: HTMLFormElement;
  /** Brings the form up to date when the page opens the widget again: what the site knows, and its pre-fill where the person wrote nothing. */
  readonly refresh: Panel["open"];
}

/** The report form: the kind, the message, the person's e-mail where the site does not know it, a screenshot, the replay, and what will travel with them. */
export function reportForm(scope: PanelScope, prefill: Partial<Draft>, recorder: Recorder | null, events: ReportFormEvents): ReportForm {
  const { w, host } = scope;
  const chosen = KINDS.find((k) => k === prefill.kind) ?? "problem";
  const message = h("textarea", { name: "message", rows: 5, required: true, maxlength: 10000, placeholder: w.messageHint[chosen] });
  message.value = prefill.message ?? "";
  // The message's hint follows the kind: an idea is no problem to describe.
  const kind = (k: (typeof KINDS)[number]) =>
    h(
      "label",
      { class: "choice" },
      h("input", { type: "radio", name: "kind", value: k, checked: chosen === k, onchange: () => (message.placeholder = w.messageHint[k]) }),
      h("span", {}, w[k]),
    );
  // Why the message is refused, beside it rather than in the status line under the button.
  const refused = h("p", { class: "field-error", id: "retour-message-error" });
  const hint = h("p", { class: "hint" }, willSend(scope));
  const shot = screenshotSlot(scope);
  const draft = (): Draft => {
    const data = new FormData(element);
    return { kind: String(data.get("kind") ?? "problem"), message: message.value, email: String(data.get("email") ?? "") || undefined };
  };
  const alike = lookAlikes(scope, draft, events.votedInstead);
  /** Asked only where the site gave no e-mail; it comes and goes as the site signs people in and out (`Retour.identify`). */
  const askEmail = () =>
    h("label", { class: "field" }, h("span", {}, w.email), h("input", { type: "email", name: "email", autocomplete: "email", value: prefill.email }));
  let email = host.user.email ? null : askEmail();
  const element = h(
    "form",
    { novalidate: true },
    h("fieldset", { class: "choices kinds" }, h("legend", {}, w.kind), ...KINDS.map(kind)),
    h("label", { class: "field" }, h("span", {}, w.message), message),
    refused,
    alike.element,
    email,
    shot.element,
    recorder ? h("label", { class: "check" }, h("input", { type: "checkbox", name: "replay", checked: true }), h("span", {}, w.replay)) : null,
    hint,
    h("div", { class: "actions" }, h("button", { type: "submit", class: "primary" }, w.send)),
  );
  element.addEventListener("input", () => {
    if (message.value.trim()) {
      refused.textContent = "";
      message.removeAttribute("aria-invalid");
    }
    events.drafted(draft());
    alike.look();
  });
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(element);
    const text = String(data.get("message") ?? "").trim();
    if (!text) {
      refused.textContent = w.required;
      message.setAttribute("aria-invalid", "true");
      message.setAttribute("aria-describedby", refused.id);
      return message.focus();
    }
    const send = element.querySelector<HTMLButtonElement>("button[type=submit]")!;
    send.disabled = true;
    scope.say(w.sending);
    try {
      await events.send(await reportOf(host, data, text, await shot.picture(), recorder));
    } catch (error) {
      scope.fail(error);
    } finally {
      send.disabled = false;
    }
  });
  const refresh: Panel["open"] = (options) => {
    hint.textContent = willSend(scope);
    if (host.user.email) {
      email?.remove();
      email = null;
    } else if (!email) {
      email = askEmail();
      shot.element.before(email);
    }
    for (const radio of element.querySelectorAll<HTMLInputElement>("input[name=kind]")) if (radio.value === options.kind) radio.checked = true;
    if (options.message && !message.value.trim()) message.value = options.message;
  };
  return { element, refresh };
}

/** What the form tells will travel with the report, with what the site adds of its own. */
function willSend({ host, w }: PanelScope): string {
  const { id, name, email } = host.user;
  const who = [name, email].filter(Boolean).join(", ") || id;
  const keys = Object.keys(host.metadata).join(", ");
  return w.willSend + (who ? w.willSendPerson.replace("{who}", who) : "") + (keys ? w.willSendDetails.replace("{keys}", keys) : "");
}

/** The report as the widget sends it: what the person wrote, who they are as the site says, the page, and the attachments. */
async function reportOf(
  host: PanelHost,
  data: FormData,
  message: string,
  picture: Blob | null,
  recorder: Recorder | null,
): Promise<WidgetReportRequest> {
  const attachments: WidgetAttachment[] = [];
  if (picture) attachments.push({ kind: "screenshot", contentType: "image/jpeg", data: await toBase64(picture) });
  const replay = recorder && data.get("replay") ? await exported(host, recorder) : null;
  if (replay) attachments.push({ kind: "replay", contentType: "application/gzip", data: await toBase64(replay) });
  const email = host.user.email || String(data.get("email") ?? "").trim();
  // The site's sign-on token serves votes alone: it never travels with a report.
  const { token: _token, ...person } = host.user;
  return {
    publicKey: host.key,
    kind: String(data.get("kind") ?? "problem") as WidgetReportRequest["kind"],
    message,
    url: bareAddress(location.href),
    qualify: true,
    ...((email || person.id || person.name || person.company) && { user: { ...person, ...(email && { email }) } }),
    context: pageContext(host.capture, host.metadata),
    ...(attachments.length > 0 && { attachments }),
  };
}

/** The replay; null where it cannot be exported (a browser without CompressionStream), so that the report goes without it. */
async function exported(host: PanelHost, recorder: Recorder): Promise<Blob | null> {
  try {
    return await recorder.export();
  } catch (error) {
    host.emit("error", error);
    return null;
  }
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
