import { Timeline } from 'antd';
import type { ReactNode } from 'react';

export interface HistoryTimelineProps<T extends { id: string }> {
  /** The entries, oldest or newest first as the server sends them. */
  entries: readonly T[];
  /** What an entry says (its time, who, what changed). */
  entry(e: T): ReactNode;
  /** The colour of an entry's dot (antd's blue unless told). */
  color?(e: T): string | undefined;
  testid?: string;
}

/** A record's history as a timeline, one item an entry: a log, a status trail, an owner trail. */
export function HistoryTimeline<T extends { id: string }>({ entries, entry, color, testid }: HistoryTimelineProps<T>) {
  return (
    <Timeline data-testid={testid} items={entries.map((e) => ({ key: e.id, color: color?.(e), content: entry(e) }))} />
  );
}
