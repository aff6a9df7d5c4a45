/**
 * Web search for the "Internet" option: the model asks through a `web_search` tool and the provider answers with
 * results from a configured backend. None is configured by default (no search happens unless one is set).
 */

import { deadline } from "@genui/chassis";

export interface WebSearchResult {
  title: string;
  url: string;
  snippet: string;
}

export interface WebSearch {
  /** Rejects on failure; the provider tells the model the search failed rather than failing the request. */
  search(query: string, signal: AbortSignal): Promise<WebSearchResult[]>;
}

export interface SearxngSearchOptions {
  /** The instance's base URL (`GET <baseURL>/search?q=…&format=json`). */
  baseURL: string;
  /** Per search (default 5000 ms). */
  timeoutMs?: number;
  /** Results kept (default 5). */
  maxResults?: number;
  /** Characters of each snippet kept (default 400): results go back into the prompt and are paid for. */
  maxSnippetChars?: number;
}

interface SearxngResponse {
  results?: { title?: unknown; url?: unknown; content?: unknown }[];
}

/** A SearXNG (or compatible) instance's JSON API. */
export class SearxngSearch implements WebSearch {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly maxResults: number;
  private readonly maxSnippetChars: number;

  constructor(opts: SearxngSearchOptions) {
    this.base = opts.baseURL.replace(/\/+$/, "");
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.maxResults = opts.maxResults ?? 5;
    this.maxSnippetChars = opts.maxSnippetChars ?? 400;
  }

  async search(query: string, signal: AbortSignal): Promise<WebSearchResult[]> {
    const url = `${this.base}/search?${new URLSearchParams({ q: query, format: "json" })}`;
    const limit = deadline(this.timeoutMs, signal);
    let body: SearxngResponse;
    try {
      const res = await fetch(url, { headers: { accept: "application/json" }, signal: limit.signal });
      if (!res.ok) throw new Error(`search answered ${res.status}`);
      body = (await res.json()) as SearxngResponse;
    } finally {
      limit.clear();
    }
    const out: WebSearchResult[] = [];
    for (const r of body.results ?? []) {
      if (typeof r.url !== "string" || !/^https?:\/\//.test(r.url)) continue;
      out.push({
        title: typeof r.title === "string" ? r.title : "",
        url: r.url,
        snippet: typeof r.content === "string" ? r.content.slice(0, this.maxSnippetChars) : "",
      });
      if (out.length >= this.maxResults) break;
    }
    return out;
  }
}
