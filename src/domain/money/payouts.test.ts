import { describe, expect, test } from 'vitest';
import {
  firstPayoutState,
  needsSecondPerson,
  nextPayoutState,
  payoutApprovalRefusal,
  payoutEndToEndId,
  payoutStates,
  type PayoutMove,
} from './payouts';

describe('claim payouts (ADR 1256)', () => {
  test('a second person above the limit, not at it', () => {
    expect(needsSecondPerson(100_001, 100_000)).toBe(true);
    expect(needsSecondPerson(100_000, 100_000)).toBe(false);
    expect(firstPayoutState(100_001, 100_000)).toBe('awaiting_approval');
    expect(firstPayoutState(5_000, 100_000)).toBe('open');
  });

  test('never approved by the person who asked for it', () => {
    expect(payoutApprovalRefusal({ state: 'awaiting_approval', requestedBy: 'a' }, 'a')).toBe(
      'own_request',
    );
    expect(payoutApprovalRefusal({ state: 'awaiting_approval', requestedBy: 'a' }, 'b')).toBe(
      undefined,
    );
    expect(payoutApprovalRefusal({ state: 'open', requestedBy: 'a' }, 'b')).toBe('not_awaiting');
  });

  test('the moves, and nothing out of order', () => {
    const moves: PayoutMove[] = ['approve', 'batch', 'discard_batch', 'release', 'confirm'];
    const allowed = payoutStates.flatMap((s) =>
      moves.flatMap((m) => (nextPayoutState(s, m) ? [`${s}-${m}->${nextPayoutState(s, m)}`] : [])),
    );
    expect(allowed).toEqual([
      'awaiting_approval-approve->open',
      'open-batch->in_batch',
      'in_batch-discard_batch->open',
      'in_batch-release->sent',
      'sent-confirm->paid',
    ]);
  });

  test('end-to-end id within 35 characters', () => {
    const id = payoutEndToEndId('TEST-MK-2026-000001-F12', 99);
    expect(id).toBe('TEST-MK-2026-000001-F12-P99');
    expect(id.length).toBeLessThanOrEqual(35);
  });
});
