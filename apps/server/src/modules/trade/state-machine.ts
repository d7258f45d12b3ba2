import type { Culture } from '@seller/contracts';
import { AppError } from '../../core/errors.ts';
import { t } from '../../core/localization/index.ts';

/**
 * The one shape of order management's state machines (purchase orders, receipts, sales orders,
 * shipments): per state, the actions allowed and where each leads. The tables live in the
 * contracts so the web shows only what the server allows.
 */
export type Transitions<S extends string | number, A extends string> = Record<S, Partial<Record<A, S>>>;

/** Where `action` leads from `state`, or null when the table refuses it. */
export function nextState<S extends string | number, A extends string>(
  table: Transitions<S, A>,
  state: S,
  action: A,
): S | null {
  return table[state]?.[action] ?? null;
}

/**
 * 409 naming the state and the action in the user's language. `resource` is the text resource
 * holding `Status:<state>` and `Action:<action>` (e.g. `Purchase`).
 */
export const illegalTransition = (culture: Culture, resource: string, state: string | number, action: string) =>
  new AppError({
    status: 409,
    code: `${resource}:IllegalTransition`,
    messageKey: 'Trade::IllegalTransition',
    params: [t(culture, `${resource}::Status:${state}`), t(culture, `${resource}::Action:${action}`)],
    data: { status: state, action },
  });

type TransitionEvent = {
  id: string;
  time: Date;
  event: string;
  fromStatus: unknown;
  toStatus: unknown;
  message: unknown;
  actorId: unknown;
};

/** A row of an order's event history as the order's detail answers it (its other columns left out). */
export const transitionEventDto = <E extends TransitionEvent>(e: E): Pick<E, keyof TransitionEvent> => ({
  id: e.id,
  time: e.time,
  event: e.event,
  fromStatus: e.fromStatus,
  toStatus: e.toStatus,
  message: e.message,
  actorId: e.actorId,
});
