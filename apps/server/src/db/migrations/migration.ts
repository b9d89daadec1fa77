export interface Migration {
  /** Unique and sortable: applied in list order, recorded by name. */
  name: string;
  sql: string;
  /** A migration that needs a PostgreSQL extension is skipped, with a log line, where it is not available. */
  requiresExtension?: 'vector';
}
