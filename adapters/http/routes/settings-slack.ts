import { Elysia } from "elysia";
import { listApps } from "../../../core/catalog/list-apps.ts";
import { KINDS, SEVERITIES } from "../../../core/schemas/feedback.ts";
import type { Services } from "../../../core/services.ts";
import { connectSlack } from "../../../core/slack/connect-slack.ts";
import { disconnectSlack } from "../../../core/slack/disconnect-slack.ts";
import { readSlackSettings } from "../../../core/slack/read-slack-settings.ts";
import { html, redirect } from "../html.ts";
import { asMember } from "../web/layout.ts";
import { slackManifest } from "../web/slack-manifest.ts";
import { postButton, refusedPage, settingsPage, settingsPosting, unconfirmed } from "../web/settings-page.ts";
import type { Failure } from "../../../core/errors.ts";
import type { Visitor } from "../web/visitor.ts";
import { valueName, wordsFor } from "../web/words.ts";

type Notice = { readonly error?: string; readonly info?: string; readonly status?: number };

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
  const secretAttributes = connection ? html` aria-describedby="slack-keep"` : html` required`;
  const form = html`<form method="post" action="${PATH}"><input type="hidden" name="csrf" value="${visitor.csrf}">
<label for="slack-signing-secret">${w.signingSecret}</label><input id="slack-signing-secret" name="signingSecret" type="password" autocomplete="off"${secretAttributes}>
<label for="slack-bot-token">${w.botToken}</label><input id="slack-bot-token" name="botToken" type="password" autocomplete="off"${secretAttributes}>
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
    (s) => html`<option value="${s}"${selected(connection?.minSeverity === s)}>${s}</option>`,
  )}</select>
<button type="submit">${w.save}</button></form>`;
  return settingsPage(
    visitor,
    PATH,
    w.slack,
    html`${notice.error ? html`<p class="error" role="alert">${notice.error}</p>` : ""}${notice.info ? html`<p class="notice" role="status">${notice.info}</p>` : ""}
<p>${connection ? w.connected : w.notConnected}</p>
${
  // Slack calls the request URLs from the internet, over https only: a manifest made of another BASE_URL would be refused.
  new URL(services.baseUrl).protocol === "https:" ? "" : html`<p role="note"><strong>${w.httpsNeeded(services.baseUrl)}</strong></p>`
}
<details${connection ? "" : html` open`}><summary>${w.manifest}</summary><p>${w.manifestHint}</p><pre class="command"><code>${slackManifest(requestUrls)}</code></pre></details>
<h2>${w.requestUrls}</h2>
<p>${w.slashCommand}</p><pre class="command">${requestUrls.commands}</pre>
<p>${w.interactivity}</p><pre class="command">${requestUrls.interactions}</pre>
<p>${w.eventsUrl}</p><pre class="command">${requestUrls.events}</pre>
${form}${connection ? html`<p>${postButton(visitor, `${PATH}/disconnect`, w.disconnect)}</p>` : ""}`,
    notice.status,
  );
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
          if (!connected.ok) return connected;
          return slackPage(services, visitor, { info: wordsFor(visitor.language, "slackSettings").saved });
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
