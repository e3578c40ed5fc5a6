import { lazy, type ComponentType } from 'react';

/** Spec §9: a script chunk that has not loaded after 120 000 ms counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A dynamic import with the spec's time-out; any failure becomes a ChunkLoadError. */
export function importChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('chunk time-out')), timeoutMs);
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(String(err)));
      },
    );
  });
}

/** React.lazy with the spec's time-out; any import failure becomes a ChunkLoadError. */
export function lazyRoute<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = CHUNK_TIMEOUT_MS,
) {
  return lazy(() => importChunk(load, timeoutMs));
}
