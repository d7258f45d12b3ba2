import type { ReactNode } from 'react';
import { useAccess } from '../lib/access.tsx';

export interface AccessProps {
  /** Shown when this permission is granted. */
  permission?: string;
  /** Or: shown when any of these is granted. */
  anyOf?: readonly string[];
  fallback?: ReactNode;
  children: ReactNode;
}

/** Renders its children only for users holding the permission (buttons, columns, sections). */
export function Access({ permission, anyOf, fallback = null, children }: AccessProps) {
  const access = useAccess();
  const ok = (permission === undefined || access.can(permission)) && (anyOf === undefined || access.canAny(anyOf));
  return <>{ok ? children : fallback}</>;
}
