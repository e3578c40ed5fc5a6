// Four eyes (issue 24, ADR 1202): a sensitive action is drafted by one person and approved by
// another before it is carried out. Kinds and state moves are closed tables; the database
// enforces approved_by <> drafted_by as well (a CHECK constraint).
import type { StaffPermission } from './roles';

/**
 * Every kind of four-eyes action. A new kind (bank file, payout, write-off) is one row here;
 * `src/server/staff/approvals` then requires an executor for it (a Record over these kinds).
 */
export const approvalKinds = {
  reinstate_release: {
    label: 'Wiederherstellung einer freigegebenen Bürgschaft',
    /** Who may draft it. */
    draft: 'approvals.draft',
  },
  /** Dunning decision (ADR 1229): what the tenant owes now is written off. Subject: the contract. */
  write_off: {
    label: 'Abschreibung einer offenen Beitragsforderung',
    draft: 'money.work',
  },
} as const satisfies Record<string, { label: string; draft: StaffPermission }>;

export type ApprovalKind = keyof typeof approvalKinds;

export const isApprovalKind = (v: unknown): v is ApprovalKind =>
  typeof v === 'string' && Object.hasOwn(approvalKinds, v);

export const approvalStates = ['draft', 'approved', 'done', 'refused'] as const;
export type ApprovalState = (typeof approvalStates)[number];

export type ApprovalMove = 'approve' | 'refuse' | 'execute';

/** From which state each move goes where; a move missing here is refused. */
const approvalMoves = {
  draft: { approve: 'approved', refuse: 'refused' },
  approved: { execute: 'done' },
  done: {},
  refused: {},
} as const satisfies Record<ApprovalState, Partial<Record<ApprovalMove, ApprovalState>>>;

export function nextApprovalState(from: ApprovalState, move: ApprovalMove): ApprovalState | null {
  const moves: Partial<Record<ApprovalMove, ApprovalState>> = approvalMoves[from];
  return moves[move] ?? null;
}

export type ApprovalRefusal = 'own_draft' | 'not_draft';

/** May `approverId` approve or refuse this draft? The drafter never may (four eyes). */
export function approvalRefusal(
  a: { state: ApprovalState; draftedBy: string },
  approverId: string,
): ApprovalRefusal | null {
  if (a.state !== 'draft') return 'not_draft';
  if (a.draftedBy === approverId) return 'own_draft';
  return null;
}
