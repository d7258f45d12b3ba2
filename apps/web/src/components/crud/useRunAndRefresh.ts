import { useTranslation } from 'react-i18next';
import { useUi } from '../../lib/ui-bridge.ts';

/**
 * A page's writes from its rows and toolbar: `act(run, done)` runs one, says `done` ("Saved" unless
 * told) and refreshes. A refusal stops there: the HTTP client has already notified it.
 */
export function useRunAndRefresh(refresh: () => Promise<unknown>) {
  const { t } = useTranslation();
  const { message } = useUi();
  return async (run: () => Promise<unknown>, done = t('crud.saved')) => {
    try {
      await run();
      message.success(done);
      await refresh();
    } catch {
      // the HTTP client has notified
    }
  };
}
