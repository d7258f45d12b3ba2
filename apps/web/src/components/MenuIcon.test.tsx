import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// the menus every tenant is seeded with: their `meta.icon` names are what the sidebar must draw
import { MenuIcon, menuIconFor } from './MenuIcon.tsx';

// the menu entries every module declares (modules/<m>/menus.ts), as text
const seed = Object.values(
  import.meta.glob<string>('../../../server/src/modules/*/menus.ts', { query: '?raw', import: 'default', eager: true }),
).join('\n');

const seededIcons = [...new Set([...seed.matchAll(/\bicon:\s*'([^']+)'/g)].map((m) => m[1]))];

describe('MenuIcon', () => {
  it('has its own icon for every icon name the seeded menus use', () => {
    expect(seededIcons.length).toBeGreaterThan(20);
    expect(seededIcons.filter((name) => !menuIconFor(name))).toEqual([]);
  });

  it('reads antd names and short names alike, and falls back for unknown ones', () => {
    expect(menuIconFor('ApartmentOutlined')).toBe(menuIconFor('apartment'));
    const { container } = render(
      <>
        <MenuIcon name="ToolOutlined" />
        <MenuIcon name="no-such-icon" />
        <MenuIcon name={null} />
      </>,
    );
    expect([...container.querySelectorAll('[role="img"]')].map((e) => e.getAttribute('aria-label'))).toEqual([
      'tool',
      'appstore',
    ]);
  });
});
