import { crmPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { catalog } from '../catalog/index.ts';
import { files } from '../files/index.ts';
import { identity } from '../identity/index.ts';
import { notifications } from '../notifications/index.ts';
import { settings } from '../settings/index.ts';
import { trade } from '../trade/index.ts';
import { texts as activitiesTexts } from './activities/texts.ts';
import { texts as businessesTexts } from './businesses/texts.ts';
import { defineJobs as defineContactReminders } from './contact-reminders.ts';
import { texts as customersTexts } from './customers/texts.ts';
import { menus } from './menus.ts';
import { texts as ordersTexts } from './orders/texts.ts';
import { subscribeToEvents as subscribeToPoolEvents } from './pool/events.ts';
import { defineJobs as definePoolJobs } from './pool/jobs.ts';
import { texts as poolTexts } from './pool/texts.ts';
import { texts as recordsTexts } from './records/texts.ts';
import { subscribeToEvents as subscribeToReportEvents } from './reports/events.ts';
import { defineJobs as defineReportsJobs } from './reports/jobs.ts';
import { texts as reportsTexts } from './reports/texts.ts';
import routes from './routes.ts';
import { seedCrmDemo } from './seed.ts';
import { texts as tagsTexts } from './tags/texts.ts';
import { texts } from './texts.ts';

export { crmCustomers } from './customers/schema.ts';

/**
 * Customer management: customers with their team and records, the public pool and its rules,
 * follow-ups, businesses through their stages, order tracking and job reports. Which customers a
 * user sees is decided once, in `customers/access.ts`.
 */
export const crm = defineModule({
  name: 'crm',
  dependsOn: [settings, notifications, files, identity, catalog, trade],
  texts: [
    texts,
    customersTexts,
    poolTexts,
    activitiesTexts,
    recordsTexts,
    tagsTexts,
    businessesTexts,
    ordersTexts,
    reportsTexts,
  ],
  permissions: [crmPermissions],
  menus,
  events: (services) => {
    subscribeToReportEvents(services);
    subscribeToPoolEvents(services);
  },
  start: async (services) => {
    await definePoolJobs(services);
    await defineContactReminders(services);
    await defineReportsJobs(services);
  },
  routes,
  seedDemo: seedCrmDemo,
});
