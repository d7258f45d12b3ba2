import { z } from 'zod';
import { pagedQuery, pagedResult } from '../paging.ts';

/** Job states as pg-boss stores them, in the order a job goes through them. */
export const jobStates = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof jobStates)[number];

/** States from which a job can still be cancelled. */
export const cancellableStates: readonly JobState[] = ['created', 'retry', 'active'];

/** How far a running job has got: a percentage and an optional line of text. */
export const jobProgress = z.object({
  percent: z.number().min(0).max(100).nullable(),
  message: z.string().nullable(),
});
export type JobProgress = z.infer<typeof jobProgress>;

const counts = z.object(
  Object.fromEntries(jobStates.map((s) => [s, z.number().int()])) as Record<JobState, z.ZodNumber>,
);

/** One queue with its jobs counted by state (jobs kept after completion included). */
export const jobQueueDto = z.object({
  name: z.string(),
  /** The cron expression the queue recurs on (UTC), or null. */
  schedule: z.string().nullable(),
  counts,
  total: z.number().int(),
});
export type JobQueueDto = z.infer<typeof jobQueueDto>;
export const jobQueueList = z.object({ items: z.array(jobQueueDto) });

/**
 * One job as the page shows it. The payload may carry personal data: only its top-level keys are
 * shown, never its values.
 */
export const jobDto = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(jobStates),
  dataKeys: z.array(z.string()),
  /** Attempts made so far (0 while it has not started). */
  attempts: z.number().int(),
  /** Attempts allowed in all (the first plus the retries). */
  maxAttempts: z.number().int(),
  progress: jobProgress.nullable(),
  /** The message of the last error (failed, or waiting for a retry). */
  lastError: z.string().nullable(),
  creationTime: z.string(),
  startTime: z.string().nullable(),
  completionTime: z.string().nullable(),
});
export type JobDto = z.infer<typeof jobDto>;
export const jobPage = pagedResult(jobDto);

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Queue names: dotted words (`notifications.retention`). */
export const queueName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.-]+$/);

export const jobListQuery = pagedQuery.extend({
  queue: z.preprocess(emptyToUndefined, queueName.optional()),
  state: z.preprocess(emptyToUndefined, z.enum(jobStates).optional()),
});
export type JobListQuery = z.infer<typeof jobListQuery>;

export const jobParams = z.object({ queue: queueName, id: z.uuid() });

/** Server → client over the live hub: a job started on the user's behalf moved on. */
export const JOB_PROGRESS_EVENT = 'job-progress';
export interface JobProgressEvent {
  id: string;
  queue: string;
  /** `failed` when this attempt failed (pg-boss may still retry it). */
  state: 'active' | 'completed' | 'failed';
  progress: JobProgress | null;
}
