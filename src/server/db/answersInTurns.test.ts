import { describe, expect, it } from 'vitest';
import { answersInTurns } from './answersInTurns';

const nextTurn = () => new Promise<void>((ok) => setImmediate(ok));

describe('answersInTurns', () => {
  it('hands on a few at once and the rest a share per turn, in arrival order', async () => {
    const handed: number[] = [];
    const { receive } = answersInTurns<number>(4, (n) => handed.push(n));
    for (let i = 0; i < 10; i++) receive(i);
    expect(handed).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(handed).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    receive(10); // arrives while two still wait: behind them
    expect(handed).toHaveLength(8);
    await nextTurn();
    expect(handed).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('lets other work of the loop run between the shares, and hands on at once when quiet', async () => {
    const handed: string[] = [];
    const { receive } = answersInTurns<string>(2, (s) => handed.push(s));
    for (const s of ['a', 'b', 'c', 'd', 'e', 'f']) receive(s);
    // Queued after the first share's turn: runs before the shares after it.
    const seenByOtherWork = await new Promise<number>((ok) =>
      setImmediate(() => ok(handed.length)),
    );
    expect(seenByOtherWork).toBe(4);
    await nextTurn();
    await nextTurn();
    expect(handed).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    receive('g');
    expect(handed.at(-1)).toBe('g');
  });

  it('hands on everything still waiting at once when flushed (the sender ended)', async () => {
    const handed: number[] = [];
    const { receive, flush } = answersInTurns<number>(2, (n) => handed.push(n));
    for (let i = 0; i < 7; i++) receive(i);
    expect(handed).toEqual([0, 1]);
    flush();
    expect(handed).toEqual([0, 1, 2, 3, 4, 5, 6]);
    await nextTurn();
    expect(handed).toHaveLength(7);
  });
});
