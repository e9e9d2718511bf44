/** The protected resources of this service (RFC 8707 resource indicators). */
export interface Resources {
  readonly service: string;
  readonly mcp: string;
  readonly rest: string;
  /**
   * Other origins that are this service too: its loopback names when no public address is
   * configured, so that a client pointed at `http://127.0.0.1:3000/mcp` reaches the same resource.
   */
  readonly aliases: readonly string[];
}

export const resourcesOf = (baseUrl: string, aliases: readonly string[] = []): Resources => ({
  service: baseUrl,
  mcp: `${baseUrl}/mcp`,
  rest: `${baseUrl}/v1`,
  aliases,
});

/**
 * Normalises a resource parameter: no trailing slash, no fragment, and an alias origin written
 * as the service's own. Null when it is not an absolute URL.
 */
export function normalizeResource(text: string, resources: Resources): string | null {
  try {
    const url = new URL(text);
    if (url.hash) return null;
    // From a run's first slash only: tried from each, a long run is read again to its end, its length squared.
    const href = url.href.replace(/(?<!\/)\/+$/, "");
    return resources.aliases.includes(url.origin) ? resources.service + href.slice(url.origin.length) : href;
  } catch {
    return null;
  }
}

/** The address a client reached the service at, when it is one of the service's own; else the configured one. */
export const addressFor = (resources: Resources, requestOrigin: string): string =>
  resources.aliases.includes(requestOrigin) ? requestOrigin : resources.service;

/**
 * Where a token bound to a resource may be used. An MCP token also reads the REST API (the
 * specification uses one token for both); a token for the REST API alone does not open /mcp.
 */
export function audienceAccepts(resources: Resources, where: "mcp" | "rest", tokenResource: string | null): boolean {
  if (tokenResource === null || tokenResource === resources.service) return true;
  return where === "mcp" ? tokenResource === resources.mcp : tokenResource === resources.rest || tokenResource === resources.mcp;
}

/** What an application was allowed, as people are told it: the service itself is both the others (the name says what was asked for). */
export function reachOf(resources: Resources, allowed: readonly string[]): "mcp" | "rest" | "both" {
  const mcp = allowed.some((r) => r !== resources.rest);
  const rest = allowed.some((r) => r !== resources.mcp);
  return mcp && rest ? "both" : mcp ? "mcp" : "rest";
}
