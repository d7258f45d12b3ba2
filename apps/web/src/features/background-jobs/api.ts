import type { JobDto, JobQueueDto, JobState } from '@seller/contracts/jobs/dto';
import type { CrudQuery } from '../../components/crud/index.ts';
import type { PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';

/** Background jobs API (host administrators): queues, jobs, retry, cancel. */
export const JOBS_URL = '/api/background-jobs';

export interface JobFilters {
  queue?: string;
  state?: JobState;
}

export const fetchQueues = (signal?: AbortSignal) =>
  http.get<{ items: JobQueueDto[] }>(`${JOBS_URL}/queues`, undefined, { signal }).then((r) => r.items);

export const fetchJobs = (filters: JobFilters, query: CrudQuery, signal?: AbortSignal) =>
  http.get<PagedResult<JobDto>>(`${JOBS_URL}/jobs`, { ...query, ...filters }, { signal });

const jobUrl = (job: Pick<JobDto, 'queue' | 'id'>, action: string) =>
  `${JOBS_URL}/jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/${action}`;

export const retryJob = (job: Pick<JobDto, 'queue' | 'id'>) => http.post<void>(jobUrl(job, 'retry'));
export const cancelJob = (job: Pick<JobDto, 'queue' | 'id'>) => http.post<void>(jobUrl(job, 'cancel'));
