/** The protected resources of this service (RFC 8707 resource indicators). */
export interface Resources {
  readonly service: string;
  readonly mcp: string;
  readonly rest: string;
}

export const resourcesOf = (baseUrl: string): Resources => ({ service: baseUrl, mcp: `${baseUrl}/mcp`, rest: `${baseUrl}/v1` });

/** Normalises a resource parameter: no trailing slash, no fragment. Null when it is not an absolute URL. */
export function normalizeResource(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.hash) return null;
    return url.href.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

/**
 * Where a token bound to a resource may be used. An MCP token also reads the REST API (the
 * specification uses one token for both); a token for the REST API alone does not open /mcp.
 */
export function audienceAccepts(resources: Resources, where: "mcp" | "rest", tokenResource: string | null): boolean {
  if (tokenResource === null || tokenResource === resources.service) return true;
  return where === "mcp" ? tokenResource === resources.mcp : tokenResource === resources.rest || tokenResource === resources.mcp;
}
