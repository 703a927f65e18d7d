import { randomUUID } from 'node:crypto';
import { reportIssueRequestSchema } from '@civicdesk/contract';
import { feedbackReports } from '../../db/schema';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';

/** Feedback from the floating button of every page; admins read it in the admin panel. */
export const feedbackModule: FeatureModule = async (instance, { ctx }) => {
  typed(instance).post(
    '/report/report-issue',
    { config: { access: 'authenticated' }, schema: { tags: ['feedback'], body: reportIssueRequestSchema } },
    async (req, reply) => {
      const principal = requirePrincipal(req);
      const id = randomUUID();
      await ctx.db.insert(feedbackReports).values({
        id,
        userId: principal.userId,
        locationId: principal.locationId,
        description: req.body.description,
        pageUrl: req.body.page_url,
      });
      return reply.status(201).send({ success: true, id, message: 'Feedback submitted!' });
    },
  );
};
