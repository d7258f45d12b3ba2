import type { Key } from 'react';
import { useEffect, useRef, useState } from 'react';

/**
 * The expanded nodes of a tree drawn from `rows`: every node starts expanded, and so does a new one
 * (a child just added must be visible); what the user collapsed stays collapsed. Spread the result
 * on antd's `Tree`.
 */
export function useTreeExpansion(rows: readonly { id: string }[]) {
  const [expandedKeys, setExpanded] = useState<string[]>([]);
  const known = useRef(new Set<string>());
  useEffect(() => {
    const fresh = rows.filter((r) => !known.current.has(r.id)).map((r) => r.id);
    if (!fresh.length) return;
    for (const id of fresh) known.current.add(id);
    setExpanded((prev) => [...prev, ...fresh]);
  }, [rows]);
  return { expandedKeys, onExpand: (keys: Key[]) => setExpanded(keys.map(String)) };
}

/** The rows a drop on a tree moves and lands on; none when either is not among `rows`. */
export function dropRows<T extends { id: string }>(
  rows: readonly T[],
  info: { dragNode: { key: Key }; node: { key: Key } },
): { dragged: T; target: T } | undefined {
  const dragged = rows.find((r) => r.id === info.dragNode.key);
  const target = rows.find((r) => r.id === info.node.key);
  return dragged && target ? { dragged, target } : undefined;
}
