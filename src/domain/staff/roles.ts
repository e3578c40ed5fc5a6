// Staff roles and what each may do (issue 24). One closed table the compiler checks: a new
// permission without a row, or a row naming an unknown role, fails tsc.

export const staffRoles = ['staff', 'supervisor', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const isStaffRole = (v: unknown): v is StaffRole =>
  typeof v === 'string' && (staffRoles as readonly string[]).includes(v);

/** What a role is called in the back office. */
export const staffRoleLabels = {
  staff: 'Sachbearbeitung',
  supervisor: 'Freigabe (Supervisor)',
  admin: 'Administration',
} as const satisfies Record<StaffRole, string>;

/**
 * Who may do what. `staff` works cases, `supervisor` also approves four-eyes actions, `admin`
 * also manages staff, partners and settings. Every staff route declares one permission.
 */
export const staffPermissions = {
  /** Sign-in state, own session, start page. */
  'session.own': ['staff', 'supervisor', 'admin'],
  /** Work queues, contract search, contract page (every read is audited). */
  'cases.read': ['staff', 'supervisor', 'admin'],
  /** Decide a pending application, review a declined one. */
  'cases.decide': ['staff', 'supervisor', 'admin'],
  /** Print the letter batch and mark letters posted. */
  'letters.post': ['staff', 'supervisor', 'admin'],
  /**
   * Record that the original certificate came back (ends the guarantee, or makes a pending
   * cancellation effective, ADR 0925); the landlord gets a letter either way.
   */
  'contracts.original': ['staff', 'supervisor', 'admin'],
  /** Draft a four-eyes action (e.g. a reinstatement). */
  'approvals.draft': ['staff', 'supervisor', 'admin'],
  /** Approve or refuse another person's draft. */
  'approvals.decide': ['supervisor', 'admin'],
  /** Bank files, unmatched bank items, refunds, Bordero: read (ADR 1226). */
  'money.read': ['staff', 'supervisor', 'admin'],
  /** Put a bank file forward, download an approved one, discard, import bank files, resolve. */
  'money.work': ['staff', 'supervisor', 'admin'],
  /** Approve another person's bank file; mark a refund paid without a statement. */
  'money.approve': ['supervisor', 'admin'],
  /** Claims (issue 26): the review queue and a claim with both sides' answers (audited). */
  'claims.read': ['staff', 'supervisor', 'admin'],
  /** Decide a claim item with a reason, send a settlement proposal (ADR 1257). */
  'claims.decide': ['staff', 'supervisor', 'admin'],
  /** Invite staff, change roles, disable, revoke sessions. */
  'staff.manage': ['admin'],
  /** Partners, API keys, webhooks. */
  'partners.manage': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffPermission = keyof typeof staffPermissions;

export function mayDo(role: StaffRole, permission: StaffPermission): boolean {
  return (staffPermissions[permission] as readonly StaffRole[]).includes(role);
}
