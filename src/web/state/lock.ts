import { useSyncExternalStore } from 'react';

/**
 * The interactive lock of spec §4 (formHandling.interactiveLock), global across steps: forward
 * is blocked and double clicks are ignored while it is held; it is released 500 ms after a save
 * answer (domain lockReleaseMs), or at once on failure.
 */

let locked = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Takes the lock; false when it was already held (the click is ignored). */
export function acquireLock(): boolean {
  if (locked) return false;
  locked = true;
  emit();
  return true;
}

export function releaseLock(afterMs = 0) {
  clearTimeout(timer);
  const release = () => {
    locked = false;
    emit();
  };
  if (afterMs > 0) timer = setTimeout(release, afterMs);
  else release();
}

export function useLocked(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => locked,
  );
}
