import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { type UiApi, UiContext } from '../ui-bridge.ts';

/**
 * A page rendered as the app renders it: inside the message / notification bridge, a query client
 * of its own (no retries, so a refused request shows at once; none shared between tests), and a
 * router.
 */

/** A bridge whose messages and notices go nowhere; a test that checks one passes its own spies. */
export const quietUi = () =>
  ({
    message: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn(), loading: vi.fn(() => () => {}) },
    notification: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  }) as unknown as UiApi;

function renderWithProviders(node: ReactNode, ui: UiApi) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiContext value={ui}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </UiContext>,
  );
}

export interface RenderOptions {
  /** The URL the router starts at ('/' unless told). */
  at?: string;
  /** The message / notification bridge (a quiet one unless told). */
  ui?: UiApi;
}

/** Renders a page (or any component) inside the providers and a memory router at `at`. */
export function renderPage(page: ReactNode, { at = '/', ui = quietUi() }: RenderOptions = {}) {
  return renderWithProviders(<MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>, ui);
}

/**
 * Renders routes inside the providers with a data router starting at `at` (a page that navigates
 * to another, or reads its route), and returns the router to read where it went.
 */
export function renderRoutes(routes: RouteObject[], at: string, { ui = quietUi() }: Omit<RenderOptions, 'at'> = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  renderWithProviders(<RouterProvider router={router} />, ui);
  return router;
}
