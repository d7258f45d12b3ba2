import type { FastifyBaseLogger } from 'fastify';
import type { RequestContext } from '../../core/context.ts';
import { t } from '../../core/localization/index.ts';
import type { Services } from '../../core/services.ts';
import { CODE_LIFETIME_SECONDS } from './phone-codes.ts';

/**
 * Pluggable SMS sending, chosen by `config.smsSender` (env SMS_SENDER). The default `log`
 * sender writes each message to the server log (code masked in production) and, outside
 * production, keeps it in a development inbox that tests and the demo read.
 */
export interface SmsMeta {
  code?: string;
  purpose?: number;
  tenantId?: string | null;
}

export interface SmsSender {
  send(phoneNumber: string, text: string, meta?: SmsMeta): Promise<void>;
}

export interface DevInboxItem {
  phoneNumber: string;
  text: string;
  code: string | null;
  purpose: number | null;
  tenantId: string | null;
  creationTime: string;
}

const INBOX_SIZE = 500;

export class LogSmsSender implements SmsSender {
  readonly inbox: DevInboxItem[] = [];
  private log: FastifyBaseLogger;
  private production: boolean;

  constructor(log: FastifyBaseLogger, production: boolean) {
    this.log = log;
    this.production = production;
  }

  async send(phoneNumber: string, text: string, meta: SmsMeta = {}) {
    if (this.production) {
      const masked = meta.code ? text.replaceAll(meta.code, '******') : text;
      this.log.info({ phoneNumber: `${phoneNumber.slice(0, 3)}****${phoneNumber.slice(-2)}` }, `SMS: ${masked}`);
      return;
    }
    // Development: visible at the default log level, and readable from the inbox.
    this.log.warn({ phoneNumber }, `SMS (development, not sent): ${text}`);
    this.inbox.unshift({
      phoneNumber,
      text,
      code: meta.code ?? null,
      purpose: meta.purpose ?? null,
      tenantId: meta.tenantId ?? null,
      creationTime: new Date().toISOString(),
    });
    this.inbox.length = Math.min(this.inbox.length, INBOX_SIZE);
  }
}

type SmsSenderFactory = (services: Services, log: FastifyBaseLogger) => SmsSender;

/** Senders by name; a provider (Aliyun, Tencent…) registers itself here. */
const factories = new Map<string, SmsSenderFactory>([
  ['log', (services, log) => new LogSmsSender(log, services.config.production)],
]);

export function registerSmsSender(name: string, factory: SmsSenderFactory) {
  factories.set(name, factory);
}

const senders = new WeakMap<Services, SmsSender>();

/** The app's sender, created on first use from `config.smsSender`. */
export function smsSender(services: Services, log: FastifyBaseLogger): SmsSender {
  let sender = senders.get(services);
  if (!sender) {
    const factory = factories.get(services.config.smsSender);
    if (!factory) throw new Error(`Unknown SMS sender "${services.config.smsSender}" (SMS_SENDER)`);
    sender = factory(services, log);
    senders.set(services, sender);
  }
  return sender;
}

/** Texts a new code to its phone, in the request's language (after the unit that stored it). */
export async function sendPhoneCode(
  services: Services,
  ctx: Pick<RequestContext, 'culture' | 'tenant'>,
  log: FastifyBaseLogger,
  message: { phoneNumber: string; code: string; purpose: number },
) {
  const { phoneNumber, code, purpose } = message;
  const text = t(ctx.culture, 'AbpAccount::PhoneVerifyCodeMessage', [code, CODE_LIFETIME_SECONDS / 60]);
  await smsSender(services, log).send(phoneNumber, text, { code, purpose, tenantId: ctx.tenant?.id ?? null });
}
