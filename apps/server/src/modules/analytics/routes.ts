import { randomUUID } from 'node:crypto';
import { ANALYTICS_COOKIE_DAYS, analyticsBatchSchema } from '@civicdesk/contract';
import { analyticsEvents } from '../../db/schema';
import { type FeatureModule, typed } from '../../platform/context';

const DEVICE_COOKIE = 'cd_device';

/**
 * First-party product analytics: the browser sends batches; the device is a first-party cookie
 * kept 365 days. Events are forwarded to a third-party service only when one is configured.
 */
export const analyticsModule: FeatureModule = async (instance, { ctx }) => {
  typed(instance).post(
    '/analytics/events',
    { config: { access: 'public' }, schema: { tags: ['analytics'], body: analyticsBatchSchema } },
    async (req, reply) => {
      let deviceId = req.cookies[DEVICE_COOKIE];
      if (!deviceId || !/^[\w-]{8,64}$/.test(deviceId)) deviceId = randomUUID();
      reply.setCookie(DEVICE_COOKIE, deviceId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.production,
        maxAge: ANALYTICS_COOKIE_DAYS * 24 * 3600,
      });
      const rows = req.body.events.map((e) => ({
        id: randomUUID(),
        deviceId: deviceId!,
        sessionId: req.body.session_id,
        userId: req.principal?.userId ?? null,
        locationId: req.principal?.locationId ?? null,
        name: e.name,
        path: e.path ?? null,
        properties: e.properties ?? null,
        occurredAt: e.timestamp ? new Date(e.timestamp) : new Date(),
      }));
      await ctx.db.insert(analyticsEvents).values(rows);
      const forwardUrl = ctx.config.thirdParty.analyticsForwardUrl;
      if (forwardUrl) {
        fetch(forwardUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rows) }).catch((err) =>
          req.log.warn({ err: String(err) }, 'analytics forwarding failed'),
        );
      }
      return reply.status(202).send({ success: true, accepted: rows.length });
    },
  );
};
