import { Limits } from '@seller/contracts/constants';
import { useSyncExternalStore } from 'react';

export type Device = 'desktop' | 'mobile';

/** Spec §4: mobile when the body width is under 992 px. */
export function currentDevice(): Device {
  if (typeof document === 'undefined' || !document.body) return 'desktop';
  const width = document.body.getBoundingClientRect().width || window.innerWidth;
  return width < Limits.mobileBreakpoint ? 'mobile' : 'desktop';
}

function subscribe(cb: () => void): () => void {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

export function useDevice(): Device {
  return useSyncExternalStore(subscribe, currentDevice, () => 'desktop');
}
