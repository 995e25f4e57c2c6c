/** PostgreSQL form of 002-rate-events (../schema-rate-events.ts). */
export const rateEventsSchema = /* sql */ `
CREATE TABLE rate_events (
  key TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX rate_events_key ON rate_events(key, at);
`;
