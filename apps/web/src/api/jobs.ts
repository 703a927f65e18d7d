import type { JobState } from '@civicdesk/contract';

/** Long work (a check, a summary, a code run) runs as a server job; the web polls it until it has finished. */
export const isJobActive = (state: JobState | undefined) => state === 'queued' || state === 'running';

export const JOB_POLL_MS = 1_000;

/** A query's refetchInterval for a record that carries its job's state: poll while the job has work to do. */
export const pollWhileJobActive = (query: { state: { data?: { job_state?: JobState } | undefined } }) =>
  isJobActive(query.state.data?.job_state) ? JOB_POLL_MS : false;
