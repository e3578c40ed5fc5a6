import * as z from 'zod/mini';
import { staffRoles } from './roles';

// The staff members as the staff API answers them and the back office reads them (ADRs 1200,
// 1208): the server's answer schemas and, as their types, what the pages read. Written once here.

/** The signed-in member (GET /api/staff/me). */
export const signedInMember = z.object({
  displayName: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** German name of the role (staffRoleLabels). */
  roleLabel: z.string(),
});
export type SignedInMember = z.output<typeof signedInMember>;

/** A member in the list of staff management (GET /api/staff/members and every change). */
export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(staffRoles),
  roleLabel: z.string(),
  disabled: z.boolean(),
});
export type StaffMember = z.output<typeof staffMember>;
