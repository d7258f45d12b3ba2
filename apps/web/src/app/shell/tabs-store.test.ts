import { beforeEach, describe, expect, it } from 'vitest';
import { nextAfterClose, type TabView, useTabs } from './tabs-store.ts';

const view = (path: string, extra: Partial<TabView> = {}): TabView => ({
  path,
  fullPath: path,
  name: path.slice(1).replace(/\//g, '-') || 'root',
  title: path,
  affix: false,
  noCache: false,
  ...extra,
});

const dashboard = view('/dashboard', { name: 'Dashboard', affix: true });
const paths = () => useTabs.getState().views.map((v) => v.path);

describe('tab store', () => {
  beforeEach(() => {
    useTabs.getState().clear();
    useTabs.getState().setAffix([dashboard]);
  });

  it('adds visited pages once, updating the query of a known one', () => {
    const s = useTabs.getState();
    s.addView(view('/admin/users'));
    s.addView(view('/admin/roles'));
    s.addView({ ...view('/admin/users'), fullPath: '/admin/users?page=2' });
    expect(paths()).toEqual(['/dashboard', '/admin/users', '/admin/roles']);
    expect(useTabs.getState().views[1].fullPath).toBe('/admin/users?page=2');
  });

  it('keeps affixed tabs first and never closes them', () => {
    const s = useTabs.getState();
    s.addView(view('/a'));
    s.setAffix([dashboard]);
    expect(paths()).toEqual(['/dashboard', '/a']);
    expect(s.closeView('/dashboard', '/dashboard')).toBeUndefined();
    expect(paths()).toContain('/dashboard');
  });

  it('closing an inactive tab stays where we are', () => {
    const s = useTabs.getState();
    s.addView(view('/a'));
    s.addView(view('/b'));
    expect(s.closeView('/a', '/b')).toBeUndefined();
    expect(paths()).toEqual(['/dashboard', '/b']);
  });

  it('closing the active tab goes to the last remaining tab', () => {
    const s = useTabs.getState();
    s.addView(view('/a'));
    s.addView({ ...view('/b'), fullPath: '/b?x=1' });
    s.addView(view('/c'));
    expect(s.closeView('/c', '/c')).toBe('/b?x=1');
    expect(s.closeView('/a', '/b')).toBeUndefined();
  });

  it("falls back to '/' when no tab remains", () => {
    useTabs.getState().clear();
    const s = useTabs.getState();
    s.addView(view('/only'));
    expect(s.closeView('/only', '/only')).toBe('/');
    expect(paths()).toEqual([]);
    expect(nextAfterClose([], '/x')).toBe('/');
  });

  it('close others keeps affixed tabs and the chosen one, and moves to it', () => {
    const s = useTabs.getState();
    s.addView(view('/a'));
    s.addView(view('/b'));
    s.addView(view('/c'));
    expect(s.closeOthers('/b', '/c')).toBe('/b');
    expect(paths()).toEqual(['/dashboard', '/b']);
    expect(useTabs.getState().closeOthers('/b', '/b')).toBeUndefined();
  });

  it('close all keeps affixed tabs and goes to the last one', () => {
    const s = useTabs.getState();
    s.addView(view('/a'));
    s.addView(view('/b'));
    expect(s.closeAll('/a')).toBe('/dashboard');
    expect(paths()).toEqual(['/dashboard']);
    expect(useTabs.getState().closeAll('/dashboard')).toBeUndefined();
  });

  it('refresh bumps the page key; closing drops it', () => {
    const s = useTabs.getState();
    s.addView(view('/a'));
    s.refresh('/a');
    s.refresh('/a');
    expect(useTabs.getState().refreshKeys['/a']).toBe(2);
    s.closeView('/a', '/dashboard');
    expect(useTabs.getState().refreshKeys['/a']).toBeUndefined();
  });
});
