import type { JobDto, JobListQuery, JobQueueDto } from '@seller/contracts/jobs/dto';
import { jobStates } from '@seller/contracts/jobs/dto';
import { fieldError } from '../../core/errors.ts';
import { type JobOrderField, type JobRow, readProgress } from '../../core/jobs.ts';
import type { Services } from '../../core/services.ts';

/** `sorting` fields of the job list (as the page names them) and the job columns they order by. */
const SORT_FIELDS: Record<string, JobOrderField> = {
  creationtime: 'createdOn',
  starttime: 'startedOn',
  completiontime: 'completedOn',
  queue: 'name',
  state: 'state',
};

/** `"creationTime desc, queue"` → order terms; any other field is a 400 naming `sorting`. */
function parseSorting(sorting: string | undefined) {
  if (!sorting) return undefined;
  return sorting.split(',').map((part) => {
    const [field = '', dir = 'asc', ...rest] = part.trim().split(/\s+/);
    const column = SORT_FIELDS[field.toLowerCase()];
    const direction = dir.toLowerCase();
    if (!column || rest.length || (direction !== 'asc' && direction !== 'desc')) {
      throw fieldError('sorting', 'Field:Sorting', [part.trim()]);
    }
    return { field: column, desc: direction === 'desc' };
  });
}

/** The message of a failure as pg-boss keeps it (`{ message, stack, … }`): no stack, bounded. */
function errorMessage(output: unknown): string | null {
  if (typeof output === 'string') return output.slice(0, 1000);
  if (output && typeof output === 'object') {
    const message = (output as { message?: unknown }).message;
    if (typeof message === 'string') return message.slice(0, 1000);
  }
  return null;
}

/**
 * A stored job as the page shows it. The payload may carry personal data (a user's import, an
 * e-mail address): only its top-level keys leave the server.
 */
function toJobDto(row: JobRow): JobDto {
  const data = row.data;
  const dataKeys = data && typeof data === 'object' && !Array.isArray(data) ? Object.keys(data).sort() : [];
  const failed = row.state === 'failed' || row.state === 'retry';
  return {
    id: row.id,
    queue: row.name,
    state: row.state,
    dataKeys,
    // retryCount counts the attempts before the current one; a started job has made one more
    attempts: row.retryCount + (row.startedOn ? 1 : 0),
    maxAttempts: row.retryLimit + 1,
    progress: row.state === 'active' ? readProgress((row.output as { progress?: unknown } | null)?.progress) : null,
    lastError: failed ? errorMessage(row.output) : null,
    creationTime: row.createdOn.toISOString(),
    startTime: row.startedOn?.toISOString() ?? null,
    completionTime: row.completedOn?.toISOString() ?? null,
  };
}

/** Every queue of the application with its stored jobs counted by state. */
async function listQueues(services: Pick<Services, 'jobs'>): Promise<JobQueueDto[]> {
  const queues = await services.jobs.queues();
  return queues.map((q) => ({
    name: q.name,
    schedule: q.schedule,
    counts: Object.fromEntries(jobStates.map((s) => [s, q.counts[s] ?? 0])) as JobQueueDto['counts'],
    total: jobStates.reduce((sum, s) => sum + (q.counts[s] ?? 0), 0),
  }));
}

/** A page of jobs, newest first unless `sorting` says otherwise. */
async function listJobs(services: Pick<Services, 'jobs'>, query: JobListQuery) {
  const page = await services.jobs.list({
    name: query.queue,
    state: query.state,
    order: parseSorting(query.sorting),
    skip: query.skipCount,
    take: query.maxResultCount,
  });
  return { totalCount: page.totalCount, items: page.items.map(toJobDto) };
}

/**
 * The background jobs page's reads (the service shape, `docs/architecture.md`). The jobs are
 * pg-boss's, in its own store (the `pgboss` schema) read through its connection, not the product's
 * tables: like the other reads that come before a unit, each takes `services` and no `tx`, and
 * the routes open no unit of work for them. The page is the host's, so no tenant narrows them.
 */
export const jobQueries = {
  /** Every queue of the application with its stored jobs counted by state. */
  queues: listQueues,
  /** A page of jobs, newest first unless `sorting` says otherwise. */
  page: listJobs,
};
