import autocannon from 'autocannon';
import { completeNewApiApplication } from '../../src/server/testing/fixtures';

/** The bench's application: complete, in the new API's shape, as one JSON body. */
export const applicationBody = () => JSON.stringify(completeNewApiApplication());

/**
 * `count` applications saved up to the tenant step, answering their cids: the load and save calls
 * rotate through them, so the connections are different tenants (one shared row would measure its
 * row lock). A setup save that fails stops the bench instead of measuring error answers.
 */
export async function createApplications(
  url: string,
  body: string,
  count = 200,
): Promise<string[]> {
  const cids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = (await (
      await fetch(`${url}/api/tenancies?step=tenant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    ).json()) as { cid?: string; errors?: object };
    if (!created.cid || Object.keys(created.errors ?? {}).length)
      throw new Error(`setup save failed: ${JSON.stringify(created)}`);
    cids.push(created.cid);
  }
  return cids;
}

/**
 * `seconds` of step saves at 50 connections, each request saving the tenant step of the next of
 * `cids` (as the api bench's save figure and the flag and rates comparisons load a server).
 */
export function saveLoad(url: string, body: string, cids: string[], seconds: number) {
  let n = 0;
  return autocannon({
    url,
    connections: 50,
    duration: seconds,
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: `/api/tenancies?cid=${cids[n++ % cids.length]}&step=tenant`,
        }),
      },
    ],
  });
}
