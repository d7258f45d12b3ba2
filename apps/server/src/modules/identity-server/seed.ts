import type { Services } from '../../app.ts';

/** OAuth clients `web-admin` (public) and the machine-to-machine client. */
export async function seedClients(_services: Services) {}
