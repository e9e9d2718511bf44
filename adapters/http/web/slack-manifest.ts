/** The three addresses Slack sends an organization's requests to. */
interface SlackRequestUrls {
  readonly commands: string;
  readonly interactions: string;
  readonly events: string;
}

/**
 * The Slack app's manifest (the README's, section "Slack"), with this service's request addresses
 * for the organization: pasted at api.slack.com/apps (From an app manifest), it makes the app.
 * A test holds the two equal.
 */
export const slackManifest = (urls: SlackRequestUrls): string => `display_information:
  name: Retour
features:
  bot_user:
    display_name: Retour
    always_online: false
  slash_commands:
    - command: /retour
      url: ${urls.commands}
      description: Send a report to Retour
      usage_hint: "[idea: | praise:] what happened"
      should_escape: false
  shortcuts:
    - name: Send to Retour
      type: message
      callback_id: send_to_retour
      description: Send this message to Retour as a report
oauth_config:
  scopes:
    bot:
      - commands
      - chat:write
      - users:read
      - users:read.email
settings:
  event_subscriptions:
    request_url: ${urls.events}
    bot_events:
      - app_uninstalled
      - tokens_revoked
  interactivity:
    is_enabled: true
    request_url: ${urls.interactions}
  org_deploy_enabled: false
  socket_mode_enabled: false
  token_rotation_enabled: false
`;
