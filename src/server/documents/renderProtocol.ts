import type { RendererName } from './renderers';

/** The niceness of a document thread (renderWorker.ts): 10 of 19, below the server's own 0. */
export const documentThreadNice = 10;

/** Messages between the HTTP side (renderThread.ts) and the document thread (renderWorker.ts). */
export interface RenderRequest {
  id: number;
  name: RendererName;
  args: unknown[];
}

export type RenderReply =
  { id: number; result: unknown } | { id: number; error: { name: string; message: string } };

/** Buffers (a Uint8Array after structured clone) as Buffers again, in arguments and results. */
export function withBuffers<T>(value: T): T {
  if (value instanceof Uint8Array)
    return (
      Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    ) as T;
  if (Array.isArray(value)) return value.map(withBuffers) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBuffers(v)])) as T;
  return value;
}
