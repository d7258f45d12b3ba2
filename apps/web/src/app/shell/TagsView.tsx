import { CloseOutlined } from '@ant-design/icons';
import { Limits } from '@seller/contracts/constants';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localize } from '../../lib/i18n/index.ts';
import { type TabView, useTabs } from './tabs-store.ts';

interface MenuState {
  view: TabView;
  left: number;
  top: number;
}

/** The tab bar of visited pages (spec §2): click, middle-click closes, right-click menu. */
export function TagsView() {
  const views = useTabs((s) => s.views);
  const tabs = useTabs.getState();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [menu, setMenu] = useState<MenuState>();
  const barRef = useRef<HTMLDivElement>(null);
  const active = location.pathname;

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(undefined);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [menu]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls the newly active tab into view
  useEffect(() => {
    const el = barRef.current?.querySelector<HTMLElement>('.app-tag.active');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const go = (to: string | undefined) => {
    if (to !== undefined) navigate(to);
  };
  const close = (view: TabView) => go(tabs.closeView(view.path, active));
  const refresh = (view: TabView) => {
    tabs.refresh(view.path);
    if (view.path !== active) navigate(view.fullPath);
  };

  const onContextMenu = (e: MouseEvent, view: TabView) => {
    e.preventDefault();
    const box = barRef.current?.getBoundingClientRect();
    const maxLeft = (box?.width ?? window.innerWidth) - Limits.tabContextMenuWidth;
    const left = Math.min(e.clientX - (box?.left ?? 0) + 15, maxLeft);
    setMenu({ view, left, top: e.clientY - (box?.top ?? 0) });
  };

  return (
    <div className="app-tags-view" data-testid="tags-view" ref={barRef}>
      <div className="app-tags-scroll">
        {views.map((v) => (
          <a
            key={v.path}
            href={v.fullPath}
            data-testid={`tab-${v.name}`}
            className={`app-tag${v.path === active ? ' active' : ''}`}
            onClick={(e) => {
              e.preventDefault();
              navigate(v.fullPath);
            }}
            onAuxClick={(e) => {
              if (e.button === 1) {
                e.preventDefault();
                if (!v.affix) close(v);
              }
            }}
            onMouseDown={(e) => {
              if (e.button === 1) e.preventDefault();
            }}
            onContextMenu={(e) => onContextMenu(e, v)}
          >
            {localize(v.title) || v.name}
            {!v.affix && (
              <CloseOutlined
                className="app-tag-close"
                data-testid={`tag-close-${v.name}`}
                onClick={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  close(v);
                }}
              />
            )}
          </a>
        ))}
      </div>
      {menu && (
        <ul
          className="app-tags-menu"
          data-testid="tab-context-menu"
          style={{ left: menu.left, top: menu.top, width: Limits.tabContextMenuWidth }}
        >
          <li>
            <button type="button" data-testid="tab-menu-refresh" onClick={() => refresh(menu.view)}>
              {t('tabs.refresh')}
            </button>
          </li>
          {!menu.view.affix && (
            <li>
              <button type="button" data-testid="tab-menu-close" onClick={() => close(menu.view)}>
                {t('tabs.close')}
              </button>
            </li>
          )}
          <li>
            <button
              type="button"
              data-testid="tab-menu-close-others"
              onClick={() => go(tabs.closeOthers(menu.view.path, active))}
            >
              {t('tabs.closeOthers')}
            </button>
          </li>
          <li>
            <button type="button" data-testid="tab-menu-close-all" onClick={() => go(tabs.closeAll(active))}>
              {t('tabs.closeAll')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
