import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The browser's part of security, on every answer (pages, static files, API, errors, Swagger UI):
 * a Content-Security-Policy that the web app passes, no framing by other sites, `nosniff`, no
 * referrer sent along, and helmet's other defaults.
 *
 * The policy allows only this origin for scripts, connections (fetch and the notification hub's
 * websocket: `'self'` covers ws/wss of the same host) and workers (the service worker). Styles
 * also allow `'unsafe-inline'`: antd 6 writes its CSS-in-JS as `<style>` elements at run time and
 * index.html has a boot `<style>`; a nonce would have to reach every style antd and ECharts
 * create. Inline styles cannot run script, which is what the policy is for. Images: this origin,
 * `data:` and `blob:` (product images are fetched with the bearer token and shown from object
 * URLs) and `https:` (a tenant's logo may be any https address). Swagger UI (`/swagger`) loads its
 * scripts from this origin and passes the same policy.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Registers the headers on the root instance, before any other hook can answer a request. */
export async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    // the defaults would add upgrade-insecure-requests, which breaks a plain-http deployment
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
