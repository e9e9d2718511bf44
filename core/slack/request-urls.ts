/**
 * The three request URLs a Slack app is given (its manifest names them): the organization is in
 * the address, since Slack's team id is inside a body that is not read before its signature holds.
 */
export const slackRequestUrls = (baseUrl: string, orgId: string) => {
  const at = (name: string) => `${baseUrl}/integrations/slack/${name}?org=${encodeURIComponent(orgId)}`;
  return { commands: at("commands"), interactions: at("interactions"), events: at("events") };
};

/** Whether Slack can call the request URLs made of this address: it calls public https addresses only. */
export const slackCanCall = (baseUrl: string): boolean => new URL(baseUrl).protocol === "https:";
