/**
 * A minimal scripted browser for the sign-in and consent forms: keeps cookies, reads hidden
 * inputs, submits forms and stops at redirects, so tests see every hop.
 */
export class FormBrowser {
  private readonly cookies = new Map<string, string>();

  /**
   * `headers` go with every request (for example the X-Forwarded-For a proxy would add); `send`
   * carries a request to the service (a socket by default, or an in-process application's handle).
   */
  constructor(
    private readonly origin: string,
    private readonly headers: Record<string, string> = {},
    private readonly send: (request: Request) => Promise<Response> = fetch,
  ) {}

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** Sets a cookie as another host of the same site could (a sibling's `Domain=` cookie). */
  plant(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    if (this.cookies.size > 0) headers.set("cookie", this.cookieHeader());
    // A browser keeps an address's fragment to itself.
    const target = new URL(url, this.origin);
    target.hash = "";
    const response = await this.send(new Request(target, { ...init, headers, redirect: "manual" }));
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      this.cookies.set(name!.trim(), value.join("="));
    }
    return response;
  }

  /** Submits the form of the page, with its hidden inputs plus the given fields (and `headers`, such as the Origin a browser sends). */
  submit(pageHtml: string, fields: Record<string, string>, action?: string, headers: Record<string, string> = {}): Promise<Response> {
    const form = /<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(pageHtml);
    if (!form) throw new Error(`no form in page: ${pageHtml.slice(0, 300)}`);
    const body = new URLSearchParams();
    for (const [, name, value] of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) body.set(name!, decode(value!));
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return this.fetch(action ?? decode(form[1]!), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body,
    });
  }

  /**
   * Sends the page's form that posts to `action` as a browser would after `changes`: every field
   * with the value the page shows (inputs, checked boxes, the selected option, a textarea's text),
   * then the changed ones.
   */
  sendForm(pageHtml: string, action: string, changes: Record<string, string> = {}): Promise<Response> {
    const start = pageHtml.indexOf(`action="${action}"`);
    if (start < 0) throw new Error(`no form posting to ${action}`);
    const form = pageHtml.slice(start, pageHtml.indexOf("</form>", start));
    const body = new URLSearchParams();
    for (const [input] of form.matchAll(/<input [^>]*>/g)) {
      const name = /name="([^"]+)"/.exec(input)?.[1];
      const checkable = /type="(checkbox|radio)"/.test(input);
      if (name && (!checkable || / checked/.test(input))) body.append(name, decode(/value="([^"]*)"/.exec(input)?.[1] ?? (checkable ? "on" : "")));
    }
    for (const [, name, options] of form.matchAll(/<select [^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
      const chosen = /<option value="([^"]*)" selected>/.exec(options!) ?? /<option value="([^"]*)"/.exec(options!);
      body.append(name!, decode(chosen?.[1] ?? ""));
    }
    for (const [, name, text] of form.matchAll(/<textarea [^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g)) body.append(name!, decode(text!));
    for (const [name, value] of Object.entries(changes)) body.set(name, value);
    return this.fetch(action, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  }
}

/** The text HTML escaped (an attribute's value, a code block's words), as a browser reads it. */
export const decode = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Signs in through the real login form and returns the page the login redirected to. */
export async function signIn(browser: FormBrowser, email: string, password: string, next = "/settings/agents"): Promise<Response> {
  const loginPage = await (await browser.fetch(`/login?next=${encodeURIComponent(next)}`)).text();
  const response = await browser.submit(loginPage, { email, password });
  if (response.status !== 303) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response;
}
