import type { FastifyInstance } from 'fastify';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { partnerWebhooks, partners, webhookDeliveries, webhookEvents } from '../db/schema/index';
import { PartnerKeyError, PartnerKeyService } from '../partnerApi/keys';
import { deliverWebhook } from '../webhooks/deliver';
import { WebhookRegistry, WebhookRegistryError } from '../webhooks/registry';
import { auditOf, type StaffDeps } from './context';
import { staffError } from './guard';

const admin = { config: { staff: 'partners.manage' as const } };
const codePattern = /^[A-Za-z0-9_-]{1,40}$/;

/** A refusal the admin can act on: the German message of the service that refused. */
const refusal = (message: string) => ({ errors: [{ code: 'refused', message }] });

/**
 * Partners in the back office (issue 24 item 4, ADR 1205): the same services as the commands
 * (`npm run partner-key`, the webhook registry), so the UI cannot do what the CLI would refuse.
 * Every change is audited; a key is shown once, in the answer that created it.
 */
export function registerStaffPartnerRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const keys = new PartnerKeyService(deps.db, deps.clock);
  const hooks = new WebhookRegistry(deps.db, deps.clock, {
    allowPrivate: deps.config.webhookAllowPrivate,
  });

  app.get('/api/staff/partners', admin, async (_req, reply) => {
    const [rows, allKeys, allHooks] = await Promise.all([
      deps.db.orm.select().from(partners).orderBy(asc(partners.code)),
      keys.list(),
      hooks.list(),
    ]);
    return reply.send({
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
            createdAt: k.createdAt,
            lastUsedAt: k.lastUsedAt,
            revokedAt: k.revokedAt,
          })),
      })),
    });
  });

  app.post('/api/staff/partners', admin, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!codePattern.test(code))
      return reply
        .code(400)
        .send(refusal('Der Partnercode besteht aus 1 bis 40 Buchstaben, Ziffern, - oder _.'));
    if (!name) return reply.code(400).send(refusal('Bitte geben Sie den Namen des Partners an.'));
    const made = await deps.db.orm
      .insert(partners)
      .values({ code, name })
      .onConflictDoNothing()
      .returning({ code: partners.code });
    if (made.length === 0)
      return reply.code(409).send(refusal(`Den Partnercode ${code} gibt es schon.`));
    await auditOf(deps, req)('partner.create', { details: { partnerCode: code, name } });
    return reply.code(201).send({ code, name });
  });

  app.post<{ Params: { code: string } }>(
    '/api/staff/partners/:code/keys',
    admin,
    async (req, reply) => {
      const sandbox = ((req.body ?? {}) as { sandbox?: unknown }).sandbox === true;
      try {
        const { key, row } = await keys.create(req.params.code, { sandbox });
        await auditOf(deps, req)('partner.key_create', {
          details: { partnerCode: row.partnerCode, keyId: row.id, prefix: row.prefix, sandbox },
        });
        return await reply.code(201).send({ id: row.id, prefix: row.prefix, sandbox, key });
      } catch (err) {
        if (err instanceof PartnerKeyError) return reply.code(404).send(refusal(err.message));
        throw err;
      }
    },
  );

  app.post<{ Params: { code: string; id: string } }>(
    '/api/staff/partners/:code/keys/:id/revoke',
    admin,
    async (req, reply) => {
      const { code, id } = req.params;
      if (!/^[0-9a-f-]{36}$/.test(id)) return staffError(reply, 404, 'not_found');
      const mine = (await keys.list(code)).find((k) => k.id === id);
      if (!mine) return staffError(reply, 404, 'not_found');
      const row = await keys.revoke(id);
      await auditOf(deps, req)('partner.key_revoke', {
        details: { partnerCode: code, keyId: id, prefix: row.prefix },
      });
      return reply.send({ id, revokedAt: row.revokedAt });
    },
  );

  app.put<{ Params: { code: string } }>(
    '/api/staff/partners/:code/webhook',
    admin,
    async (req, reply) => {
      const url = ((req.body ?? {}) as { url?: unknown }).url;
      if (typeof url !== 'string' || !url.trim())
        return reply.code(400).send(refusal('Bitte geben Sie die Webhook-URL an.'));
      try {
        const set = await hooks.set(req.params.code, url.trim());
        await auditOf(deps, req)('partner.webhook_set', {
          details: { partnerCode: req.params.code, url: set.url },
        });
        return await reply.send(set);
      } catch (err) {
        if (err instanceof WebhookRegistryError) return reply.code(400).send(refusal(err.message));
        throw err;
      }
    },
  );

  app.delete<{ Params: { code: string } }>(
    '/api/staff/partners/:code/webhook',
    admin,
    async (req, reply) => {
      if (!(await hooks.remove(req.params.code))) return staffError(reply, 404, 'not_found');
      await auditOf(deps, req)('partner.webhook_remove', {
        details: { partnerCode: req.params.code },
      });
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { code: string } }>(
    '/api/staff/partners/:code/deliveries',
    admin,
    async (req, reply) => {
      const rows = await deps.db.orm
        .select({
          eventId: webhookEvents.id,
          type: webhookEvents.type,
          sandbox: webhookEvents.payload,
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
      return reply.send({
        events: rows.map((e) => ({
          ...e,
          sandbox: (e.sandbox as { sandbox?: boolean }).sandbox === true,
          deliveries: attempts
            .filter((d) => d.eventId === e.eventId)
            .map((d) => ({
              attempt: d.attempt,
              url: d.url,
              statusCode: d.statusCode,
              error: d.error,
              durationMs: d.durationMs,
              at: d.at,
            })),
        })),
      });
    },
  );

  /** "Erneut zustellen": one attempt now, logged like every attempt; the answer says how it went. */
  app.post<{ Params: { code: string; id: string } }>(
    '/api/staff/partners/:code/deliveries/:id/redeliver',
    admin,
    async (req, reply) => {
      const { code, id } = req.params;
      if (!/^[0-9a-f-]{36}$/.test(id)) return staffError(reply, 404, 'not_found');
      const event = (
        await deps.db.orm.select().from(webhookEvents).where(eq(webhookEvents.id, id))
      )[0];
      if (!event || event.partnerCode !== code) return staffError(reply, 404, 'not_found');
      const hook = await deps.db.orm
        .select()
        .from(partnerWebhooks)
        .where(eq(partnerWebhooks.partnerCode, code));
      if (hook.length === 0)
        return reply
          .code(409)
          .send(refusal('Für diesen Partner ist keine Webhook-URL eingetragen.'));
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
      return reply.send({ delivered });
    },
  );
}
