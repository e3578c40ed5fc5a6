import { describe, expect, it } from 'vitest';
import type { staffPermissions } from './roles';
import { mayDo, staffRoles, type StaffRole } from './roles';
import { enrolmentState, staffSessionLimits, staffSessionState } from './sessions';
import { easterSunday } from '../money/target2';
import { letterOverdue } from './workdays';
import { approvalRefusal, approvalStates, nextApprovalState } from './approvals';

const t0 = new Date('2026-03-02T09:00:00Z');
const at = (min: number) => new Date(t0.getTime() + min * 60_000);

describe('staff roles', () => {
  it.each<[StaffRole, keyof typeof staffPermissions, boolean]>([
    ['staff', 'cases.read', true],
    ['staff', 'cases.decide', true],
    ['staff', 'approvals.draft', true],
    ['staff', 'approvals.decide', false],
    ['staff', 'staff.manage', false],
    ['staff', 'partners.manage', false],
    ['supervisor', 'approvals.decide', true],
    ['supervisor', 'staff.manage', false],
    ['admin', 'staff.manage', true],
    ['admin', 'approvals.decide', true],
    ['admin', 'partners.manage', true],
    ['staff', 'money.read', true],
    ['staff', 'money.work', true],
    ['staff', 'money.approve', false],
    ['supervisor', 'money.approve', true],
    ['admin', 'money.approve', true],
  ])('%s may %s: %s', (role, permission, expected) => {
    expect(mayDo(role, permission)).toBe(expected);
  });

  it('every role may use its own session; only admins manage staff', () => {
    for (const role of staffRoles) expect(mayDo(role, 'session.own')).toBe(true);
    expect(staffRoles.filter((r) => mayDo(r, 'staff.manage'))).toEqual(['admin']);
  });
});

describe('staff session clock', () => {
  const base = { createdAt: t0, lastSeenAt: t0, revokedAt: null, staffDisabledAt: null };
  it.each([
    ['fresh', base, 0, 'valid'],
    ['idle 29:59', base, 29.99, 'valid'],
    ['idle 30:00', base, 30, 'idle'],
    ['active at 9:59 h', { ...base, lastSeenAt: at(590) }, 599, 'valid'],
    ['10 h after sign-in however active', { ...base, lastSeenAt: at(599) }, 600, 'expired'],
    ['revoked', { ...base, revokedAt: at(1) }, 2, 'revoked'],
    ['revocation in the future (clock skew) not yet', { ...base, revokedAt: at(5) }, 2, 'valid'],
    ['member disabled', { ...base, staffDisabledAt: at(1) }, 2, 'disabled'],
  ] as const)('%s', (_name, s, minutes, expected) => {
    expect(staffSessionState(s, at(minutes))).toBe(expected);
  });

  it('limits are the issue’s: 30 min idle, 10 h absolute, 24 h enrolment', () => {
    expect(staffSessionLimits.idleMs).toBe(1_800_000);
    expect(staffSessionLimits.absoluteMs).toBe(36_000_000);
    expect(staffSessionLimits.enrolmentMs).toBe(86_400_000);
  });

  it.each([
    [{ expiresAt: at(60), usedAt: null }, 59, 'valid'],
    [{ expiresAt: at(60), usedAt: null }, 60, 'expired'],
    [{ expiresAt: at(60), usedAt: at(10) }, 20, 'used'],
  ] as const)('enrolment %#', (e, minutes, expected) => {
    expect(enrolmentState(e, at(minutes))).toBe(expected);
  });
});

describe('four-eyes approvals', () => {
  it.each([
    ['draft', 'approve', 'approved'],
    ['draft', 'refuse', 'refused'],
    ['draft', 'execute', null],
    ['approved', 'execute', 'done'],
    ['approved', 'approve', null],
    ['approved', 'refuse', null],
    ['done', 'execute', null],
    ['refused', 'approve', null],
  ] as const)('%s --%s--> %s', (from, move, to) => {
    expect(nextApprovalState(from, move)).toBe(to);
  });

  it('the drafter never approves; only drafts are decided', () => {
    expect(approvalRefusal({ state: 'draft', draftedBy: 'a' }, 'a')).toBe('own_draft');
    expect(approvalRefusal({ state: 'draft', draftedBy: 'a' }, 'b')).toBeNull();
    for (const state of approvalStates.filter((x) => x !== 'draft'))
      expect(approvalRefusal({ state, draftedBy: 'a' }, 'b')).toBe('not_draft');
  });
});

describe('working days for the letter deadline', () => {
  it.each([
    [2026, '2026-04-05'],
    [2025, '2025-04-20'],
    [2024, '2024-03-31'],
    [2027, '2027-03-28'],
  ])('Easter %i is %s', (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it.each([
    [
      'Monday 2 March 2026 -> Wednesday 4 March: 2 days, not late',
      '2026-03-02',
      '2026-03-04',
      false,
    ],
    ['Monday -> Thursday: 3 days, late', '2026-03-02', '2026-03-05', true],
    ['Thursday -> Monday: 2 days (weekend not counted)', '2026-03-05', '2026-03-09', false],
    ['Thursday -> Tuesday: 3 days, late', '2026-03-05', '2026-03-10', true],
    [
      'Maundy Thursday -> Tuesday after Easter: Good Friday, Easter Monday free',
      '2026-04-02',
      '2026-04-07',
      false,
    ],
    ['Christmas Eve -> 29 December: 25/26 free, weekend', '2026-12-24', '2026-12-29', false],
  ])('%s', (_name, created, today, late) => {
    expect(letterOverdue(created, today)).toBe(late);
  });
});
