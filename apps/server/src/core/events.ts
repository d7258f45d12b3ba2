import { randomUUID } from 'node:crypto';
import type { Bus } from './bus.ts';
import type { DataAccess } from './data.ts';
import type { Tx } from './db/client.ts';

/**
 * Domain events: a module says what happened in its data ("a role was renamed") and the modules
 * interested react, so the raising module need not import them. An event is declared once, by
 * the module that raises it, as a typed token:
 *
 *     export const RoleRenamed = defineEvent<{ tenantId: string | null; oldName: string; newName: string }>(
 *       'identity.role-renamed',
 *     );
 *
 * and raised inside the unit of work that made the change: `await services.events.emit(tx, RoleRenamed, …)`.
 * Payloads are plain JSON values (they may cross processes) and carry their tenant.
 */
export interface DomainEvent<T> {
  readonly name: string;
  /** Never set: carries the payload type. */
  readonly payload?: T;
}

export function defineEvent<T>(name: string): DomainEvent<T> {
  return { name };
}

/**
 * When a subscriber runs:
 * - `in-transaction`: inside the emitter's transaction, with its `tx`, before `emit` returns. A
 *   handler that throws fails the emitter's unit of work, so the whole write rolls back. For
 *   writes that must happen with the change or not at all (grants of a deleted role).
 * - `after-commit`: once, in the emitting process, after the transaction has committed and
 *   before the emitter's `inTenant`/`unscoped` call returns (so before the request answers). Its
 *   failure is the caller's error, but the write stays. For effects that open their own unit of
 *   work or must not happen for a write that rolled back (ending sessions).
 * - `after-commit-logged`: like `after-commit`, but its failure is logged (with the event's name)
 *   instead of failing the caller: for a courtesy whose loss must not turn a committed write into
 *   an error answer (telling the recipients of a report).
 * - `every-process`: after commit, in this process (like `after-commit`) and, through the bus,
 *   in every other server process when Redis is configured. For process-local caches. A failure
 *   in another process is logged there.
 * Nothing after commit runs for a unit of work that rolled back. After commit, an event raised
 * several times with the same payload in one unit of work is handled once.
 */
export type Phase = 'in-transaction' | 'after-commit' | 'after-commit-logged' | 'every-process';

type Handler = (payload: unknown, tx: Tx) => unknown;

/** The events raised so far in one unit of work, for after its commit. */
interface Unit {
  raised: Map<string, { name: string; payload: unknown }>;
}

interface Message {
  origin: string;
  name: string;
  payload: unknown;
}

const TOPIC = 'domain-event';

export interface EventLog {
  error(obj: object, msg: string): void;
}

/**
 * The dispatcher (`services.events`), one per server process. It learns when a unit of work
 * commits through `DataAccess.useUnitWrapper`, which puts it around every `inTenant` and
 * `unscoped` call: each call registers
 * its `tx` while the callback runs, collects the events raised on it, and runs the after-commit
 * handlers once the transaction has committed (the wrapped call has resolved) and before the
 * call returns to its caller. A unit opened inside another (PostgreSQL allows it for `inTenant`)
 * has its own `tx`, so its events follow its own commit.
 */
export class DomainEvents {
  private handlers = new Map<string, Map<Phase, Handler[]>>();
  private units = new WeakMap<Tx, Unit>();
  /** Tells this process's messages apart from the others' on the bus (Redis echoes them back). */
  private origin = randomUUID();
  private bus: Bus;
  private log?: EventLog;

  constructor(data: DataAccess, bus: Bus, log?: EventLog) {
    this.bus = bus;
    this.log = log;
    data.useUnitWrapper((open, fn) => this.unitOfWork(open, fn));
    bus.subscribe<Message>(TOPIC, (m) => {
      if (m.origin !== this.origin) this.runRemote(m);
    });
  }

  on<T>(event: DomainEvent<T>, phase: 'in-transaction', handler: (payload: T, tx: Tx) => unknown): void;
  on<T>(
    event: DomainEvent<T>,
    phase: 'after-commit' | 'after-commit-logged' | 'every-process',
    handler: (payload: T) => unknown,
  ): void;
  on<T>(event: DomainEvent<T>, phase: Phase, handler: (payload: T, tx: Tx) => unknown) {
    let byPhase = this.handlers.get(event.name);
    if (!byPhase) {
      byPhase = new Map();
      this.handlers.set(event.name, byPhase);
    }
    byPhase.set(phase, [...(byPhase.get(phase) ?? []), handler as Handler]);
  }

  /**
   * Raises `event` in the unit of work of `tx` (opened by `services.data`): runs the in-transaction
   * handlers now, in order, and keeps the event for after the commit. Await it: a handler's error
   * is meant to fail the emitter's unit of work.
   */
  async emit<T>(tx: Tx, event: DomainEvent<T>, payload: T) {
    const unit = this.units.get(tx);
    if (!unit) {
      throw new Error(`Event ${event.name} raised outside a unit of work: pass the open transaction of services.data`);
    }
    for (const handler of this.handlersOf(event.name, 'in-transaction')) await handler(payload, tx);
    unit.raised.set(`${event.name}\u0000${JSON.stringify(payload)}`, { name: event.name, payload });
  }

  private handlersOf(name: string, phase: Phase): Handler[] {
    return this.handlers.get(name)?.get(phase) ?? [];
  }

  private async unitOfWork<T>(
    open: (work: (tx: Tx) => Promise<T>) => Promise<T>,
    fn: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    const unit: Unit = { raised: new Map() };
    const result = await open(async (tx) => {
      // A pooled connection hands the same `tx` to its next unit of work, so the entry is removed
      // before the commit (nothing may be raised on it any more) and restored if it was shadowed.
      const outer = this.units.get(tx);
      this.units.set(tx, unit);
      try {
        return await fn(tx);
      } finally {
        if (outer) this.units.set(tx, outer);
        else this.units.delete(tx);
      }
    });
    if (unit.raised.size) await this.afterCommit(unit);
    return result;
  }

  /**
   * Every after-commit and every-process handler runs, even when one fails (the data is
   * committed, each effect stands on its own); then the other processes are told; then the first
   * failure is thrown to the caller. A logged handler's failure is logged, never thrown.
   */
  private async afterCommit(unit: Unit) {
    const errors: unknown[] = [];
    for (const { name, payload } of unit.raised.values()) {
      for (const handler of this.handlersOf(name, 'after-commit-logged')) {
        try {
          await handler(payload, undefined as never);
        } catch (err) {
          this.log?.error({ err, event: name }, 'domain event handler failed after the commit; the write stands');
        }
      }
      for (const phase of ['after-commit', 'every-process'] as const) {
        for (const handler of this.handlersOf(name, phase)) {
          try {
            await handler(payload, undefined as never);
          } catch (err) {
            errors.push(err);
          }
        }
      }
    }
    for (const { name, payload } of unit.raised.values()) {
      if (!this.handlersOf(name, 'every-process').length) continue;
      try {
        await this.bus.publish(TOPIC, { origin: this.origin, name, payload } satisfies Message);
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length) throw errors[0];
  }

  private runRemote(m: Message) {
    for (const handler of this.handlersOf(m.name, 'every-process')) {
      Promise.resolve()
        .then(() => handler(m.payload, undefined as never))
        .catch((err) => this.log?.error({ err, event: m.name }, 'domain event handler failed'));
    }
  }
}
