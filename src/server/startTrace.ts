/**
 * START_TRACE=1 prints each phase of a start with the ms since the process began, on stderr: how
 * the start's figures in docs/quality.md were taken apart (ADR 1001). Otherwise it does nothing.
 */
export const startMark: (phase: string) => void = process.env.START_TRACE
  ? (phase) => void process.stderr.write(`start: ${phase} at ${Math.round(performance.now())} ms\n`)
  : () => undefined;
