/**
 * Hands on what arrives at most `perTurn` at a time per turn of the event loop, in arrival order.
 *
 * The PGlite thread answers the statements that waited together (group commit, ADR 1002) at
 * once, and Node delivers every message queued on a port within one turn: in a burst of
 * decisions up to ~165 answers and the code each one resumes ran back to back, 45-60 ms of the
 * main thread's CPU without a break on a slow machine, while timers and HTTP requests waited
 * (issue 30, ADR 1500). The first `perTurn` are handed on at once (a quiet server's answer
 * waits for nothing); the rest wait for the loop's next turns, `perTurn` per turn (setImmediate:
 * timers, sockets and other work run in between).
 */
export function answersInTurns<T>(
  perTurn: number,
  handOn: (item: T) => void,
): { receive(item: T): void; flush(): void } {
  const waiting: T[] = [];
  let handedThisTurn = 0;
  const take = (item: T) => {
    // The first in a turn books the turn's end, which opens the next turn's share.
    if (handedThisTurn++ === 0) setImmediate(nextTurn);
    handOn(item);
  };
  function nextTurn() {
    handedThisTurn = 0;
    while (waiting.length > 0 && handedThisTurn < perTurn) take(waiting.shift()!);
  }
  return {
    receive(item: T) {
      if (waiting.length === 0 && handedThisTurn < perTurn) take(item);
      else waiting.push(item);
    },
    /**
     * Hands on everything still waiting, now: before the sender's end is reported (a PGlite
     * thread that could not open answers why and exits; the reason must reach its waiters
     * before "the thread ended" does).
     */
    flush() {
      while (waiting.length > 0) handOn(waiting.shift()!);
    },
  };
}
