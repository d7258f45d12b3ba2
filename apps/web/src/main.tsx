// first, before any schema is built (see the module)
import './lib/zod-config.ts';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.tsx';
import { installSessionHooks } from './app/session-hooks.ts';
import { installGlobalErrorLog } from './lib/error-log.ts';
import { setCulture } from './lib/i18n/index.ts';
import { useSession } from './lib/session/store.ts';
import { tenantFromHost } from './lib/tenant.ts';

// The current tenant is found from the host name at start (spec §1).
const hostTenant = tenantFromHost(location.hostname);
if (hostTenant && useSession.getState().tenant?.name.toLowerCase() !== hostTenant) {
  useSession.getState().setTenant({ id: null, name: hostTenant });
}

installGlobalErrorLog(import.meta.env.PROD);
installSessionHooks();
void setCulture(useSession.getState().language);

const router = createAppRouter();
createRoot(document.getElementById('root')!).render(<App router={router} />);

if (import.meta.env.PROD) registerServiceWorker();
