import type { ReactNode } from 'react';

/**
 * User data shown as entered (a product or category name, in whatever language it was typed),
 * marked so the page checks tell it from the interface's own texts.
 */
export function Data({ children }: { children: ReactNode }) {
  return <span data-content="data">{children}</span>;
}
