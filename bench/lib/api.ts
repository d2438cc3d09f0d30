/** The few calls the harness makes to the reference server (Bearer token, JSON). */
import type { Branch, JobsResponse } from '../../src/contract';

export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  private async request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', ...init.headers },
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  jobs(query: Record<string, string | number>): Promise<JobsResponse> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return this.request(`/v1/jobs?${qs}`);
  }

  async branches(): Promise<Branch[]> {
    return (await this.request<{ branches: Branch[] }>('/v1/branches?page=1')).branches;
  }

  /** Every branch, page after page of the list extension. */
  async allBranches(): Promise<Branch[]> {
    const all: Branch[] = [];
    for (let page = 1; ; page++) {
      const res = await this.request<{ branches: Branch[]; total_pages: number }>(
        `/v1/branches?page=${page}`,
      );
      all.push(...res.branches);
      if (page >= res.total_pages) return all;
    }
  }

  /** PUT of a prepared JSON body; resolves with the response's size in bytes. */
  async putBranch(id: string, body: string): Promise<number> {
    const response = await fetch(`${this.baseUrl}/v1/branches/${encodeURIComponent(id)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body,
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`PUT /v1/branches/${id}: HTTP ${response.status}`);
    return bytes;
  }
}
