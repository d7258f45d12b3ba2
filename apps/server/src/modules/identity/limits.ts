import type { RequestContext } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';

/** Password changes allowed per user per minute (guessing the current password). */
export const CHANGE_PASSWORD_LIMIT = { max: 10, windowSeconds: 60 };

/** Counts one password change of the signed-in user (429 past the limit), before the unit of work. */
export async function countPasswordChange(services: Pick<Services, 'rateLimiter'>, ctx: Pick<RequestContext, 'user'>) {
  if (!ctx.user) return;
  await services.rateLimiter.hit(
    `changepwd:${ctx.user.id}`,
    CHANGE_PASSWORD_LIMIT.max,
    CHANGE_PASSWORD_LIMIT.windowSeconds,
  );
}
