import { runNextJob } from '../jobs/job-queue.ts';
import type { TestApp } from './test-app.ts';

/** Runs queued background jobs until none is ready, as the app's workers would. */
export async function runAllJobs(testApp: TestApp): Promise<void> {
  while (await runNextJob(testApp.db, testApp.context.jobHandlers, testApp.context.log)) {
    // keep draining
  }
}
