/** DOM ids derived from a model path like 'objective.deposit' (stable for tests and links). */
export const fieldId = (path: string) => `f-${path.replace(/[^\w-]/g, '-')}`;
export const errorId = (path: string) => `${fieldId(path)}-error`;
export const hintId = (path: string) => `${fieldId(path)}-hint`;

function describedBy(path: string, hasHint: boolean, hasError: boolean): string | undefined {
  const ids = [hasHint ? hintId(path) : '', hasError ? errorId(path) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The ARIA state every control carries: invalid while it has an error, described by hint and error. */
export function controlAria(path: string, hint?: string, error?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(path, !!hint, !!error),
  } as const;
}
