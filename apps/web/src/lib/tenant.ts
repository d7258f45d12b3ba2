/**
 * The current tenant is found from the host name at start (spec §1): `<tenant>.localhost` in
 * development, or `<tenant>.<VITE_TENANT_DOMAIN>` when that variable names the production domain.
 */
export function tenantFromHost(
  hostname: string,
  domain: string | undefined = import.meta.env.VITE_TENANT_DOMAIN,
): string | undefined {
  const host = hostname.toLowerCase();
  const domains = ['localhost', ...(domain ? [domain.toLowerCase().replace(/^\./, '')] : [])];
  for (const d of domains) {
    if (host.endsWith(`.${d}`)) {
      const name = host.slice(0, -(d.length + 1));
      if (name && !name.includes('.') && name !== 'www') return name;
    }
  }
  return undefined;
}
