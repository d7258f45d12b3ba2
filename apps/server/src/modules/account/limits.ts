import type { RequestContext } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';

/** Codes sent per hour, per client IP and per tenant + phone number. */
export const SMS_LIMITS = { perIp: 20, perPhone: 10, windowSeconds: 3600 };

/** Counts one code sent (429 past a limit), before the unit of work. */
export async function countCodeSent(
  services: Pick<Services, 'rateLimiter'>,
  ctx: Pick<RequestContext, 'tenant' | 'clientIp'>,
  phoneNumber: string,
) {
  const { perIp, perPhone, windowSeconds } = SMS_LIMITS;
  await services.rateLimiter.hit(`sms:ip:${ctx.clientIp}`, perIp, windowSeconds);
  await services.rateLimiter.hit(`sms:phone:${ctx.tenant?.id ?? 'host'}:${phoneNumber}`, perPhone, windowSeconds);
}
