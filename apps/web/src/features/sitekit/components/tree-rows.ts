import { type TreeNode, type TreeOption, toTree } from '../../../lib/tree.ts';

/** A row of a table drawn as a tree: antd shows an expander only where `children` holds some. */
export type TableTreeNode<T> = T & { children?: TableTreeNode<T>[] };

/** A tree as a table's rows: leaves without a `children` member. */
export function tableTree<T>(nodes: readonly TreeNode<T>[]): TableTreeNode<T>[] {
  return nodes.map(({ children, ...row }) => {
    const kids = tableTree(children);
    return (kids.length ? { ...row, children: kids } : row) as TableTreeNode<T>;
  });
}

/** The rows that match, with every ancestor of a match (so the tree still reads from its roots). */
export function withAncestors<T extends { id: string; parentId: string | null }>(
  rows: readonly T[],
  matches: (row: T) => boolean,
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const row of rows) {
    if (!matches(row)) continue;
    for (let at: T | undefined = row; at && !keep.has(at.id); at = at.parentId ? byId.get(at.parentId) : undefined)
      keep.add(at.id);
  }
  return rows.filter((r) => keep.has(r.id));
}

/** The ids of a row and everything under it (a category cannot move under its own subtree). */
export function subtreeIds<T extends { id: string; parentId: string | null }>(rows: readonly T[], id: string) {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows)
      if (r.parentId && ids.has(r.parentId) && !ids.has(r.id)) {
        ids.add(r.id);
        grew = true;
      }
  }
  return ids;
}

/** A `TreeSelect`'s options over flat rows, titled by `title`, leaving out `except`. */
export function treeSelectOptions<T extends { id: string; parentId: string | null }>(
  rows: readonly T[],
  title: (row: T) => string,
  except: ReadonlySet<string> = new Set(),
): TreeOption[] {
  const walk = (nodes: TreeNode<T>[]): TreeOption[] =>
    nodes.map((n) => ({ value: n.id, title: title(n), children: walk(n.children) }));
  return walk(toTree(rows.filter((r) => !except.has(r.id))));
}

/** Siblings in their order, then by name: how the site shows its categories. */
export const byOrderThenName = <T extends { sortOrder: number; name: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
