import type { Migration } from './migration.ts';

/**
 * The signed-in user behind a session, as a function whose statement keeps its plan. Every /api request
 * looks its session up; sent as a statement of its own, that three-table join was parsed and planned on
 * every request, which read each of its relations' sizes from disk too (an lseek a relation and index):
 * 0.47-0.55 ms of authenticate-user's ~0.7 ms at 50 connections went to the statement, against 0.30-0.33 ms
 * through this function (in-process, 1M history rows, 25 Nov 2026).
 */
export const sessionUserFunction: Migration = {
  name: '1600-session-user-function',
  sql: /* sql */ `
CREATE FUNCTION steward_session_user(session_hash text)
RETURNS TABLE (id integer, name text, email text, role text, theme text, created_at timestamptz, last_seen_at timestamptz, capabilities text[])
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT u.id, u.name, u.email, u.role, u.theme, s.created_at, s.last_seen_at,
         (SELECT array_agg(rc.capability ORDER BY rc.capability) FROM role_capabilities rc WHERE rc.role = u.role)
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.id_hash = session_hash AND s.expires_at > now();
END
$$;
`,
};
