import type { FastifyInstance } from 'fastify';
import { registerStaffAuthRoutes } from './authRoutes';
import type { StaffDeps } from './context';
import { registerStaffGuard } from './guard';
import { registerStaffMemberRoutes } from './members';
import { registerStaffOidcRoutes } from './oidcRoutes';
import { registerStaffCaseRoutes } from './caseRoutes';
import { registerStaffDocumentRoute } from './documentRoute';
import { registerOriginalReturnedRoute } from './originalReturned';
import { registerStaffPartnerRoutes } from './partnerRoutes';
import { registerStaffPartnerAdminRoutes } from './partnerAdminRoutes';
import { registerStaffRequestRoutes } from './requestRoutes';
import { registerStaffMoneyRoutes } from './moneyRoutes';
import { registerStaffClaimRoutes } from './claimRoutes';
import { registerStaffMoneyDecisionRoutes } from './moneyDecisionRoutes';
import { registerStaffOpenApiRoute } from './openapiRoute';

/**
 * The staff back office's API under /api/staff (issue 24): in its own Fastify scope with its own
 * guard (session cookie, origin, role per route), so nothing here touches the tenant or partner
 * APIs and their credentials mean nothing here (ADR 1200).
 */
export async function registerStaff(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  await app.register(async (scope) => {
    registerStaffGuard(scope, deps);
    registerStaffAuthRoutes(scope, deps);
    registerStaffOidcRoutes(scope, deps);
    registerStaffMemberRoutes(scope, deps);
    registerStaffCaseRoutes(scope, deps);
    registerStaffDocumentRoute(scope, deps);
    registerOriginalReturnedRoute(scope, deps);
    registerStaffPartnerRoutes(scope, deps);
    registerStaffPartnerAdminRoutes(scope, deps);
    registerStaffRequestRoutes(scope, deps);
    registerStaffMoneyRoutes(scope, deps);
    registerStaffClaimRoutes(scope, deps);
    registerStaffMoneyDecisionRoutes(scope, deps);
    registerStaffOpenApiRoute(app, scope);
  });
}
