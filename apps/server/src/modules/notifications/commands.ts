import type { SendInput } from '@seller/contracts/notifications';
import type { Tx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { changeState, choose, deleteMine, type NotificationContext, send } from './service.ts';

/**
 * The notifications module's writes (the service shape, `docs/architecture.md`), each taking the
 * open transaction (the caller's tenant) and the context. A read state changed or deleted raises
 * `NotificationStateChanged`, a notification sent `NotificationStored`: their after-commit
 * handlers tell the live hub. Other modules publish through `publish` (`service.ts`), after
 * their own commit.
 */
export const notificationCommands = (services: Services) => ({
  /** Sets the read state of one of the user's notifications (HTTP set-as-read and the hub's ChangeState). */
  changeState: (tx: Tx, ctx: NotificationContext, id: string, state: number) =>
    changeState(services, tx, ctx, id, state),
  deleteMine: (tx: Tx, ctx: NotificationContext, id: string) => deleteMine(services, tx, ctx, id),
  subscribe: (tx: Tx, ctx: NotificationContext, name: string) => choose(tx, ctx, name, true),
  unsubscribe: (tx: Tx, ctx: NotificationContext, name: string) => choose(tx, ctx, name, false),
  send: (tx: Tx, ctx: NotificationContext, input: SendInput) => send(services, tx, ctx, input),
});
