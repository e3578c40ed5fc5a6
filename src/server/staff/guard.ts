import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { mayDo } from '../../domain/staff/roles';
import { HttpError } from '../http/errors';
import { cookieOf } from '../http/cookies';
import type { StaffAccess } from '../http/route';
import { staffApiErrors, type StaffApiErrorCode } from '../texts/staff';
import { writeAudit } from './audit';
import { readStaffSession, STAFF_COOKIE, type StaffCaller } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member (routes under /api/staff that declare a permission). */
    staffCaller: StaffCaller | null;
  }
}

/**
 * A staff API refusal with its German sentence (texts/staff.ts): `throw staffRefusal(404,
 * 'not_found')`; the one error handler (http/errors.ts) answers it.
 */
export const staffRefusal = (status: number, code: StaffApiErrorCode, field?: string) =>
  new HttpError(status, code, staffApiErrors[code], field);

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Is this state-changing request from the back office's own page? Stricter than the API-wide
 * check (http/security.ts): the Origin header must be present and be PUBLIC_URL's origin or the
 * request's own host; a request without one (a form post from an old browser, a script) is
 * refused as well. SameSite=Strict already keeps the cookie off cross-site requests.
 */
function sameOrigin(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  if (new URL(publicUrl).origin === origin) return true;
  const host = req.headers.host;
  return !!host && (origin === `http://${host}` || origin === `https://${host}`);
}

export const currentCaller = (req: FastifyRequest): StaffCaller => {
  if (!req.staffCaller) throw new Error('staff route without a caller: missing guard');
  return req.staffCaller;
};

/**
 * The staff API's guard, registered in the staff routes' own scope: every route must declare
 * `config.staff` (registering one without it throws at start), every state change must come from
 * our origin, and a route with a permission needs a valid session whose role grants it. A refused
 * permission answers 403 and is logged and audited.
 */
export function registerStaffGuard(
  scope: FastifyInstance,
  deps: { db: Database; clock: Clock; config: Config },
): void {
  scope.decorateRequest('staffCaller', null);
  scope.addHook('onRoute', (route) => {
    const access = (route.config as { staff?: StaffAccess } | undefined)?.staff;
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    if (!access) throw new Error(`staff route ${route.method} ${route.url} declares no access`);
  });
  scope.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.staff;
    if (!access) throw staffRefusal(404, 'not_found');
    if (stateChanging.has(req.method) && !sameOrigin(req, deps.config.publicUrl)) {
      req.log.warn({ route: req.routeOptions.url }, 'staff request from a foreign origin refused');
      throw staffRefusal(403, 'forbidden_origin');
    }
    if (access === 'public') return;
    const token = cookieOf(req, STAFF_COOKIE);
    if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw staffRefusal(401, 'not_signed_in');
    const now = deps.clock.now();
    const caller = await readStaffSession(deps.db, token, now);
    if (caller === 'none') throw staffRefusal(401, 'not_signed_in');
    if (caller === 'ended') throw staffRefusal(401, 'session_ended');
    if (!mayDo(caller.role, access)) {
      req.log.warn(
        { staffId: caller.id, role: caller.role, permission: access, route: req.routeOptions.url },
        'staff action refused: role lacks the permission',
      );
      await writeAudit(deps.db, {
        staff: caller,
        action: 'forbidden',
        requestId: req.id,
        at: now,
        details: { permission: access, route: `${req.method} ${req.routeOptions.url ?? ''}` },
      });
      throw staffRefusal(403, 'forbidden_role');
    }
    req.staffCaller = caller;
  });
}
