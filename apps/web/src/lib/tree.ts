/** A row of a flat list with its children under it. */
export type TreeNode<T> = T & { children: TreeNode<T>[] };

/** An option of a `TreeSelect`: the row's id, its title, its children's options. */
export interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

/**
 * A flat list whose rows name their parent (`parentId`) as a tree, keeping the list's order among
 * siblings; a row whose parent is not in the list is a root.
 */
export function toTree<T extends { id: string; parentId?: string | null }>(rows: readonly T[]): TreeNode<T>[] {
  const byId = new Map<string, TreeNode<T>>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: TreeNode<T>[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The options of a `TreeSelect` over a tree, each titled by `title`. */
export function treeOptions<T extends { id: string }>(
  nodes: readonly TreeNode<T>[],
  title: (node: TreeNode<T>) => string,
): TreeOption[] {
  return nodes.map((n) => ({ value: n.id, title: title(n), children: treeOptions(n.children, title) }));
}
