import { lazy, type ComponentType } from 'react';
import { chunkLoadTimeoutMs } from '../../domain/rules/limits';

class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * A dynamic import with the spec's time-out (§9: a chunk not loaded after 120 000 ms failed);
 * any failure becomes a ChunkLoadError.
 */
export function importChunk<T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): Promise<T> {
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
  timeoutMs = chunkLoadTimeoutMs,
) {
  return lazy(() => importChunk(load, timeoutMs));
}
