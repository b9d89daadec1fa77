import type { Migration } from './migration.ts';

/**
 * Issue 57, the weekly report by mail (modules/weekly-report). `weekly_report_offer` is one row: whether the
 * instance offers the report to its staff (off by default). `weekly_report_subscriptions` are the members who
 * opted in. `weekly_report_sends` is one row per member and week (the week's start, Monday 00:00 UTC) written in
 * the transaction that queues the mail: its key is what makes the report go out once per person per week, whichever
 * instance runs the job and however often it is retried.
 */
export const weeklyReport: Migration = {
  name: '3610-weekly-report',
  sql: /* sql */ `
CREATE TABLE weekly_report_offer (
  id boolean PRIMARY KEY DEFAULT true CONSTRAINT weekly_report_offer_id_check CHECK (id),
  offered boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO weekly_report_offer (id) VALUES (true);

CREATE TABLE weekly_report_subscriptions (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  subscribed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE weekly_report_sends (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  week_start timestamptz NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, week_start)
);
`,
};
