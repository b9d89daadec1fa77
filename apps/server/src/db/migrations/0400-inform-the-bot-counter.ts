import type { Migration } from './migration.ts';

/**
 * Keeps list_counters 'inform_the_bot' equal to the table's row count. A trigger rather than
 * bumpCounters in code, because items are also created outside this module (the feedback
 * form's corrections, the benchmark data set): the count stays right whoever inserts.
 */
export const informTheBotCounter: Migration = {
  name: '0400-inform-the-bot-counter',
  sql: /* sql */ `
INSERT INTO list_counters (name, count)
  SELECT 'inform_the_bot', count(*) FROM inform_the_bot
  ON CONFLICT (name) DO UPDATE SET count = EXCLUDED.count;

CREATE FUNCTION inform_the_bot_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counters (name, count)
    VALUES ('inform_the_bot', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
    ON CONFLICT (name) DO UPDATE SET count = list_counters.count + EXCLUDED.count;
  RETURN NULL;
END;
$$;

CREATE TRIGGER inform_the_bot_count
  AFTER INSERT OR DELETE ON inform_the_bot
  FOR EACH ROW EXECUTE FUNCTION inform_the_bot_count();
`,
};
