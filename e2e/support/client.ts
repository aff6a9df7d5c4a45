/**
 * A browser-like HTTP client for tests: keeps cookies, fetches the CSRF token first and sends it on unsafe calls,
 * the way the SPA's one API client does.
 */
export class BrowserClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    private readonly ip?: string,
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const [name, value] = [pair!.slice(0, pair!.indexOf("=")).trim(), pair!.slice(pair!.indexOf("=") + 1).trim()];
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async csrf(): Promise<string> {
    if (!this.cookies.has("csrftoken")) await this.request("GET", "/get-csrf/");
    return this.cookies.get("csrftoken")!;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const h: Record<string, string> = { accept: "application/json", ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader();
    if (this.ip) h["x-forwarded-for"] = this.ip;
    if (!["GET", "HEAD"].includes(method) && path !== "/get-csrf/") h["x-csrftoken"] ??= await this.csrf();
    if (this.cookies.size) h.cookie = this.cookieHeader();
    if (body !== undefined) h["content-type"] ??= "application/json";
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: h,
      ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    });
    this.remember(res);
    return res;
  }

  get = (path: string) => this.request("GET", path);
  post = (path: string, body?: unknown) => this.request("POST", path, body ?? {});
}
