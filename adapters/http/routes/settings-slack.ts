import { outcome, refusedField } from "../web/notices.ts";
import { Elysia } from "elysia";
import { listApps } from "../../../core/catalog/list-apps.ts";
import { KINDS, SEVERITIES } from "../../../core/schemas/feedback.ts";
import type { Services } from "../../../core/services.ts";
import { connectSlack } from "../../../core/slack/connect-slack.ts";
import { disconnectSlack } from "../../../core/slack/disconnect-slack.ts";
import { readSlackSettings } from "../../../core/slack/read-slack-settings.ts";
import { slackCanCall } from "../../../core/slack/request-urls.ts";
import { type Html, html, redirect } from "../html.ts";
import { asMember } from "../web/layout.ts";
import { slackManifest } from "../web/slack-manifest.ts";
import { postButton, refusal, refusedPage, settingsPage, settingsPosting, unconfirmed, unreachedWarning } from "../web/settings-page.ts";
import type { Failure } from "../../../core/errors.ts";
import type { Visitor } from "../web/visitor.ts";
import { formatTime, valueName, wordsFor } from "../web/words.ts";
import type { DeliveryFailure } from "../../../core/model.ts";
import { describeFieldProblem } from "../catalog/text.ts";
import { copyable } from "../web/copy.ts";

type Notice = {
  readonly error?: string;
  /** The secret field the error is about: said beside it rather than above the page. */
  readonly field?: SecretField;
  readonly info?: string;
  /** Saved without Slack's word on the bot token: what the attempt to ask it said. */
  readonly unchecked?: string;
  readonly status?: number;
};

/** The form's secret fields, by the names the use case gives them, with their inputs' ids. */
const SECRET_FIELDS = { signingSecret: "slack-signing-secret", botToken: "slack-bot-token" } as const;
type SecretField = keyof typeof SECRET_FIELDS;
const isSecretField = (field: string | undefined): field is SecretField => field !== undefined && Object.hasOwn(SECRET_FIELDS, field);

const PATH = "/settings/slack";

/** The Slack section of the settings: the request URLs to give Slack, and the form that connects the app. */
async function slackPage(services: Services, visitor: Visitor, notice: Notice = {}): Promise<Response> {
  const w = wordsFor(visitor.language, "slackSettings");
  const read = await readSlackSettings(services, visitor.grant);
  if (!read.ok) return refusedPage(visitor, PATH, w.slack, read, w.whoMay);
  const { connection, requestUrls } = read.value;
  const listed = await listApps(services, visitor.grant);
  const apps = listed.ok ? listed.value.data : [];
  const selected = (on: boolean) => (on ? html` selected` : "");
  // Connected, a secret left blank keeps the one saved (and the hint says so); the first time, both are needed.
  // A secret refused (Slack refused the bot token) is said beside its field, which takes the focus.
  const secret = (field: SecretField, label: string) => {
    const id = SECRET_FIELDS[field];
    const refused = refusedField(`${id}-error`, notice.field === field ? notice.error : undefined, connection ? "slack-keep" : undefined);
    return html`<label for="${id}">${label}</label>${refused.said}<input id="${id}" name="${field}" type="password" autocomplete="off"${connection ? "" : html` required`}${refused.marks}>`;
  };
  const form = html`<form method="post" action="${PATH}"><input type="hidden" name="csrf" value="${visitor.csrf}">
${secret("signingSecret", w.signingSecret)}
${secret("botToken", w.botToken)}
${connection ? html`<p class="muted" id="slack-keep">${w.keepSecret}</p>` : ""}
<label for="slack-app">${w.defaultApp}</label><select id="slack-app" name="appId"><option value="">${w.askEachTime}</option>${apps.map(
    (a) => html`<option value="${a.id}"${selected(connection?.appId === a.id)}>${a.name}</option>`,
  )}</select>
<label for="slack-channel">${w.channel}</label><input id="slack-channel" name="channel" value="${connection?.channel ?? ""}" aria-describedby="slack-channel-hint" maxlength="80">
<p class="muted" id="slack-channel-hint">${w.channelHint}</p>
<fieldset><legend>${w.kinds}</legend>${KINDS.map(
    (k) =>
      html`<label><input type="checkbox" name="kind.${k}" value="yes"${connection?.kinds.includes(k) ? html` checked` : ""}> ${valueName(visitor.language, k)}</label>`,
  )}</fieldset>
<label for="slack-severity">${w.minSeverity}</label><select id="slack-severity" name="minSeverity"><option value="">${w.anySeverity}</option>${SEVERITIES.map(
    (s) => html`<option value="${s}"${selected(connection?.minSeverity === s)}>${w.severityAndGraver(s)}</option>`,
  )}</select>
<button type="submit">${w.save}</button></form>`;
  return settingsPage(
    visitor,
    PATH,
    w.slack,
    html`${notice.error && !notice.field ? outcome(notice.error, { role: "alert" }) : ""}${notice.info ? outcome(notice.info) : ""}${
      notice.unchecked ? unreachedWarning(visitor, w.unchecked, notice.unchecked) : ""
    }
<p>${notice.unchecked ? w.savedUnchecked : connection ? w.connected : w.notConnected}</p>${connection?.lastFailure && !notice.unchecked ? lastFailure(visitor, connection.lastFailure) : ""}
${
  // Slack calls the request URLs from the internet, over https only: a manifest made of another BASE_URL would be refused.
  slackCanCall(services.baseUrl) ? "" : html`<p role="note"><strong>${w.httpsNeeded(services.baseUrl)}</strong></p>`
}
<details${connection ? "" : html` open`}><summary>${w.manifest}</summary><p>${w.manifestHint}</p><pre class="command"${copyable(visitor.language, w.manifest)}><code>${slackManifest(requestUrls)}</code></pre></details>
<h2>${w.requestUrls}</h2>
<p>${w.slashCommand}</p><pre class="command"${copyable(visitor.language, w.slashCommand)}>${requestUrls.commands}</pre>
<p>${w.interactivity}</p><pre class="command"${copyable(visitor.language, w.interactivity)}>${requestUrls.interactions}</pre>
<p>${w.eventsUrl}</p><pre class="command"${copyable(visitor.language, w.eventsUrl)}>${requestUrls.events}</pre>
${form}${connection ? html`<p>${postButton(visitor, `${PATH}/disconnect`, w.disconnect)}</p>` : ""}`,
    notice.status,
  );
}

/** The last call to Slack that failed, with its time: the jobs retry it unseen otherwise, and the page would say only "Connected". */
function lastFailure(visitor: Visitor, failure: DeliveryFailure): Html {
  const w = wordsFor(visitor.language, "slackSettings");
  return html`<p class="error">${(failure.refused ? w.lastFailureRefused : w.lastFailure)(formatTime(visitor.language, failure.at), failure.error)}</p>`;
}

/** Settings: the organization's Slack app (Admins only). */
export function settingsSlackRoutes(services: Services) {
  const posting = (
    web: Parameters<typeof settingsPosting>[1],
    handler: (visitor: Visitor, field: (name: string) => string) => Promise<Response | Failure>,
  ) => settingsPosting(services, web, (visitor, notice) => slackPage(services, visitor, notice), handler);

  return new Elysia({ name: "routes/settings-slack" })
    .get(PATH, ({ request, cookie }) => asMember(services, { request, cookie }, (visitor) => slackPage(services, visitor)), {
      detail: { hide: true },
    })
    .post(
      PATH,
      ({ request, body, cookie }) =>
        posting({ request, cookie, body }, async (visitor, field) => {
          const minSeverity = SEVERITIES.find((s) => s === field("minSeverity"));
          const connected = await connectSlack(services, visitor.grant, {
            signingSecret: field("signingSecret"),
            botToken: field("botToken"),
            kinds: KINDS.filter((k) => field(`kind.${k}`) === "yes"),
            ...(field("appId") && { appId: field("appId") }),
            ...(field("channel").trim() && { channel: field("channel") }),
            ...(minSeverity && { minSeverity }),
          });
          if (!connected.ok) {
            const { problem } = connected;
            if (!problem || !isSecretField(problem.field)) return connected;
            // Said beside the field, by its label: the API's "request body" means nothing on a form.
            const w = wordsFor(visitor.language, "slackSettings");
            const error = describeFieldProblem(problem, visitor.language, { signingSecret: w.signingSecret, botToken: w.botToken });
            return slackPage(services, visitor, { error, field: problem.field, status: refusal(visitor, connected).status });
          }
          // Unchecked, the warning says it was saved: a "saved" box above it would read as all went well.
          const { unchecked } = connected.value;
          return slackPage(services, visitor, unchecked ? { unchecked } : { info: wordsFor(visitor.language, "slackSettings").saved });
        }),
      { detail: { hide: true } },
    )
    .post(
      `${PATH}/disconnect`,
      ({ request, body, cookie }) =>
        posting({ request, cookie, body }, async (visitor, field) => {
          const w = wordsFor(visitor.language, "slackSettings");
          const asking = unconfirmed(visitor, field, {
            action: `${PATH}/disconnect`,
            question: w.confirmDisconnect,
            label: w.disconnect,
            back: PATH,
          });
          if (asking) return asking;
          const disconnected = await disconnectSlack(services, visitor.grant);
          return disconnected.ok ? redirect(PATH) : disconnected;
        }),
      { detail: { hide: true } },
    );
}
