/** Reading a branch straight from a running service, for tests of every kind. Free of vitest imports. */
import { BranchResponse, type Branch } from '../../src/contract';

/**
 * The branch as the service at `url` now holds it (`GET /v1/branches/{id}`, read through the
 * contract, so a response that breaks it fails the test), or null when the service does not
 * know the id.
 */
export async function getBranch(service: { url: string; token: string }, id: string): Promise<Branch | null> {
  const response = await fetch(`${service.url}/v1/branches/${encodeURIComponent(id)}`, {
    headers: { Authorization: `Bearer ${service.token}` },
  });
  if (response.status === 404) return null;
  if (response.status !== 200)
    throw new Error(`GET /v1/branches/${id}: ${response.status} ${await response.text()}`);
  return BranchResponse.parse(await response.json()).branch;
}
