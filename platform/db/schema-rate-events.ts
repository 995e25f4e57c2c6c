/** Events counted per key in a sliding window (http/rate-limit.ts); kept in the store so replicas share counts. */
export const rateEventsSchema = /* sql */ `
CREATE TABLE rate_events (
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_events_key ON rate_events(key, at);
`;
