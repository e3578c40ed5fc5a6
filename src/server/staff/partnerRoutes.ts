import type { FastifyInstance } from 'fastify';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import { partnerWebhooks, partners, webhookDeliveries, webhookEvents } from '../db/schema/index';
import { answer, emptyAnswer, errorAnswer } from '../http/answers';
import { edgeMeta, edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { PartnerKeyError, PartnerKeyService } from '../partnerApi/keys';
import { staffPartnerRefusals } from '../texts/staff';
import { deliverWebhook } from '../webhooks/deliver';
import { WebhookRegistry, WebhookRegistryError } from '../webhooks/registry';
import { partnerCodePattern, uuidPattern } from '../../domain/rules/patterns';
import { staffPartner, webhookEventView } from '../../domain/staff/partners';
import { auditOf, type StaffDeps } from './context';
import { staffRefusal } from './guard';

const staff = 'partners.manage' as const;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A refusal the admin can act on: the German message of the rule or service that refused. */
const refused = (status: number, message: string) => new HttpError(status, 'refused', message);
/** A value of the partner forms, trimmed; a wrong one answers 400 `refused` with its sentence. */
const refusedValue = (description: string, message: string) => ({
  description,
  code: 'refused',
  message,
});

const codeParams = edgeObject({ code: pathParam({ description: 'Partner code' }) });
const codeAndIdParams = edgeObject({
  code: pathParam({ description: 'Partner code' }),
  id: pathParam({ description: 'Key id or webhook event id (uuid)' }),
});
const createBody = edgeObject({
  code: z
    .string()
    .check(z.trim(), z.regex(partnerCodePattern))
    .register(
      edgeMeta,
      refusedValue('1 to 50 letters, digits, dots, - or _', staffPartnerRefusals.codeForm),
    ),
  name: z
    .string()
    .check(z.trim(), z.minLength(1))
    .register(edgeMeta, refusedValue('Name', staffPartnerRefusals.partnerNameMissing)),
});
const keyBody = edgeObject({
  sandbox: z
    .optional(z.boolean())
    .register(edgeMeta, { description: 'true: a sandbox key (mk_test_…); default a live key' }),
});
const webhookBody = edgeObject({
  url: z
    .string()
    .check(z.trim(), z.minLength(1))
    .register(
      edgeMeta,
      refusedValue('https URL of the partner', staffPartnerRefusals.webhookUrlMissing),
    ),
});

const notFound = errorAnswer('not_found: no such partner, key, webhook or event');

/** An id from the path, or 404 (a malformed one never reaches the database). */
const recordId = (id: string) => {
  if (!uuidPattern.test(id)) throw staffRefusal(404, 'not_found');
  return id;
};

/**
 * Partners in the back office (issue 24 item 4, ADR 1205): the same services as the commands
 * (`npm run partner-key`, the webhook registry), so the UI cannot do what the CLI would refuse.
 * Every change is audited; a key is shown once, in the answer that created it.
 */
export function registerStaffPartnerRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const api = app.withTypeProvider<EdgeTypes>();
  const keys = new PartnerKeyService(deps.db, deps.clock);
  const hooks = new WebhookRegistry(deps.db, deps.clock, {
    allowPrivate: deps.config.webhookAllowPrivate,
  });

  api.get(
    '/api/staff/partners',
    route({
      summary: 'The partners with their keys and webhook URL',
      staff,
      answers: {
        200: answer(z.object({ partners: z.array(staffPartner) }), 'By code'),
      },
    }),
    async () => {
      const [rows, allKeys, allHooks] = await Promise.all([
        deps.db.orm.select().from(partners).orderBy(asc(partners.code)),
        keys.list(),
        hooks.list(),
      ]);
      return {
        partners: rows.map((p) => ({
          code: p.code,
          name: p.name,
          active: p.active,
          contactName: p.contactName,
          contactEmail: p.contactEmail,
          webhookUrl: allHooks.find((h) => h.partnerCode === p.code)?.url ?? null,
          keys: allKeys
            .filter((k) => k.partnerCode === p.code)
            .map((k) => ({
              id: k.id,
              prefix: k.prefix,
              sandbox: k.sandbox,
              createdAt: k.createdAt.toISOString(),
              lastUsedAt: iso(k.lastUsedAt),
              revokedAt: iso(k.revokedAt),
            })),
        })),
      };
    },
  );

  api.post(
    '/api/staff/partners',
    route({
      summary: 'Adds a partner',
      staff,
      body: createBody,
      answers: {
        201: answer(z.object({ code: z.string(), name: z.string() }), 'Added'),
        400: errorAnswer('refused: a code of the wrong form, or no name'),
        409: errorAnswer('refused: the code is taken'),
      },
    }),
    async (req, reply) => {
      const { code, name } = req.body;
      const made = await deps.db.orm
        .insert(partners)
        .values({ code, name })
        .onConflictDoNothing()
        .returning({ code: partners.code });
      if (made.length === 0) throw refused(409, staffPartnerRefusals.codeTaken(code));
      await auditOf(deps, req)('partner.create', { details: { partnerCode: code, name } });
      return reply.code(201).send({ code, name });
    },
  );

  api.post(
    '/api/staff/partners/:code/keys',
    route({
      summary: 'Makes an API key; the key is in this answer only',
      staff,
      params: codeParams,
      body: keyBody,
      answers: {
        201: answer(
          z.object({ id: z.string(), prefix: z.string(), sandbox: z.boolean(), key: z.string() }),
          'The new key (shown once)',
        ),
        404: errorAnswer('refused: no such partner'),
      },
    }),
    async (req, reply) => {
      const sandbox = req.body.sandbox === true;
      try {
        const { key, row } = await keys.create(req.params.code, { sandbox });
        await auditOf(deps, req)('partner.key_create', {
          details: { partnerCode: row.partnerCode, keyId: row.id, prefix: row.prefix, sandbox },
        });
        return await reply.code(201).send({ id: row.id, prefix: row.prefix, sandbox, key });
      } catch (err) {
        if (err instanceof PartnerKeyError) throw refused(404, err.message);
        throw err;
      }
    },
  );

  api.post(
    '/api/staff/partners/:code/keys/:id/revoke',
    route({
      summary: 'Revokes one of the partner’s keys at once',
      staff,
      params: codeAndIdParams,
      answers: {
        200: answer(z.object({ id: z.string(), revokedAt: z.nullable(z.string()) }), 'Revoked'),
        404: notFound,
      },
    }),
    async (req) => {
      const code = req.params.code;
      const id = recordId(req.params.id);
      const mine = (await keys.list(code)).find((k) => k.id === id);
      if (!mine) throw staffRefusal(404, 'not_found');
      const row = await keys.revoke(id);
      await auditOf(deps, req)('partner.key_revoke', {
        details: { partnerCode: code, keyId: id, prefix: row.prefix },
      });
      // An already revoked key keeps its first revocation.
      return { id, revokedAt: iso(row.revokedAt) };
    },
  );

  api.put(
    '/api/staff/partners/:code/webhook',
    route({
      summary: 'Sets the webhook URL; the signing secret is in this answer only',
      staff,
      params: codeParams,
      body: webhookBody,
      answers: {
        200: answer(z.object({ url: z.string(), secret: z.string() }), 'Set (shown once)'),
        400: errorAnswer('refused: no URL, or one the registry refuses (its sentence)'),
      },
    }),
    async (req) => {
      try {
        const set = await hooks.set(req.params.code, req.body.url);
        await auditOf(deps, req)('partner.webhook_set', {
          details: { partnerCode: req.params.code, url: set.url },
        });
        return set;
      } catch (err) {
        if (err instanceof WebhookRegistryError) throw refused(400, err.message);
        throw err;
      }
    },
  );

  api.delete(
    '/api/staff/partners/:code/webhook',
    route({
      summary: 'Removes the webhook URL',
      staff,
      params: codeParams,
      answers: { 204: emptyAnswer('Removed'), 404: notFound },
    }),
    async (req, reply) => {
      if (!(await hooks.remove(req.params.code))) throw staffRefusal(404, 'not_found');
      await auditOf(deps, req)('partner.webhook_remove', {
        details: { partnerCode: req.params.code },
      });
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/staff/partners/:code/deliveries',
    route({
      summary: "The partner's last 100 webhook events with their delivery attempts",
      staff,
      params: codeParams,
      answers: {
        200: answer(z.object({ events: z.array(webhookEventView) }), 'Newest first'),
      },
    }),
    async (req) => {
      const rows = await deps.db.orm
        .select({
          eventId: webhookEvents.id,
          type: webhookEvents.type,
          payload: webhookEvents.payload,
          deliveredAt: webhookEvents.deliveredAt,
          attempts: webhookEvents.attempts,
          createdAt: webhookEvents.createdAt,
        })
        .from(webhookEvents)
        .where(eq(webhookEvents.partnerCode, req.params.code))
        .orderBy(desc(webhookEvents.createdAt))
        .limit(100);
      // Newest attempt first (attempt numbers break ties of equal timestamps).
      const attempts = rows.length
        ? await deps.db.orm
            .select()
            .from(webhookDeliveries)
            .where(
              inArray(
                webhookDeliveries.eventId,
                rows.map((r) => r.eventId),
              ),
            )
            .orderBy(desc(webhookDeliveries.at), desc(webhookDeliveries.attempt))
        : [];
      return {
        events: rows.map(({ payload, ...e }) => ({
          ...e,
          sandbox: (payload as { sandbox?: boolean }).sandbox === true,
          deliveredAt: iso(e.deliveredAt),
          createdAt: e.createdAt.toISOString(),
          deliveries: attempts
            .filter((d) => d.eventId === e.eventId)
            .map((d) => ({
              attempt: d.attempt,
              url: d.url,
              statusCode: d.statusCode,
              error: d.error,
              durationMs: d.durationMs,
              at: d.at.toISOString(),
            })),
        })),
      };
    },
  );

  /** "Erneut zustellen": one attempt now, logged like every attempt; the answer says how it went. */
  api.post(
    '/api/staff/partners/:code/deliveries/:id/redeliver',
    route({
      summary: 'Delivers one webhook event again, now',
      staff,
      params: codeAndIdParams,
      answers: {
        200: answer(z.object({ delivered: z.boolean() }), 'Whether the partner took it'),
        404: notFound,
        409: errorAnswer('refused: the partner has no webhook URL'),
      },
    }),
    async (req) => {
      const code = req.params.code;
      const id = recordId(req.params.id);
      const event = (
        await deps.db.orm.select().from(webhookEvents).where(eq(webhookEvents.id, id))
      )[0];
      if (!event || event.partnerCode !== code) throw staffRefusal(404, 'not_found');
      const hook = await deps.db.orm
        .select()
        .from(partnerWebhooks)
        .where(eq(partnerWebhooks.partnerCode, code));
      if (hook.length === 0) throw refused(409, staffPartnerRefusals.noWebhook);
      // A delivered event is sent again on purpose; receivers drop ids they have seen.
      await deps.db.orm
        .update(webhookEvents)
        .set({ deliveredAt: null })
        .where(eq(webhookEvents.id, id));
      let delivered = true;
      try {
        await deliverWebhook(
          {
            db: deps.db,
            clock: deps.clock,
            timeoutSeconds: deps.config.webhookTimeoutSeconds,
            allowPrivate: deps.config.webhookAllowPrivate,
          },
          id,
        );
      } catch {
        delivered = false;
      }
      await auditOf(deps, req)('partner.webhook_redeliver', {
        details: { partnerCode: code, eventId: id, delivered },
      });
      return { delivered };
    },
  );
}
