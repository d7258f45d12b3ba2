import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { TagsView } from './TagsView.tsx';
import { type TabView, useTabs } from './tabs-store.ts';

const tab = (path: string, name: string, affix = false): TabView => ({
  path,
  fullPath: path,
  name,
  title: name,
  affix,
  noCache: false,
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: TagsView }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('TagsView', () => {
  beforeEach(() => {
    useTabs.getState().clear();
    useTabs.getState().setAffix([tab('/dashboard', 'Dashboard', true)]);
    useTabs.getState().addView(tab('/a', 'A'));
    useTabs.getState().addView(tab('/b', 'B'));
  });

  it('renders a tab per visited page, affixed ones without a close icon', () => {
    renderAt('/b');
    expect(screen.getByTestId('tab-Dashboard')).toBeTruthy();
    expect(screen.getByTestId('tab-B').className).toContain('active');
    expect(screen.queryByTestId('tag-close-Dashboard')).toBeNull();
    expect(screen.getByTestId('tag-close-A')).toBeTruthy();
  });

  it('opens the 105 px context menu on right-click; affixed tabs offer no close', () => {
    renderAt('/b');
    fireEvent.contextMenu(screen.getByTestId('tab-Dashboard'), { clientX: 10, clientY: 10 });
    const menu = screen.getByTestId('tab-context-menu');
    expect(menu.style.width).toBe('105px');
    expect(screen.queryByTestId('tab-menu-close')).toBeNull();
    expect(screen.getByTestId('tab-menu-close-others')).toBeTruthy();
  });

  it('middle-click closes the active tab and goes to the last remaining one', async () => {
    const router = renderAt('/b');
    await act(async () => {
      fireEvent(screen.getByTestId('tab-B'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    });
    expect(useTabs.getState().views.map((v) => v.path)).toEqual(['/dashboard', '/a']);
    expect(router.state.location.pathname).toBe('/a');
  });

  it('close all keeps the affixed Dashboard', async () => {
    const router = renderAt('/a');
    fireEvent.contextMenu(screen.getByTestId('tab-A'), { clientX: 10, clientY: 10 });
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-menu-close-all'));
    });
    expect(useTabs.getState().views.map((v) => v.path)).toEqual(['/dashboard']);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
