import { bothEngines } from "./both-engines.js";

/** Events counted per key in a sliding window (http/rate-limit.ts); kept in the store so replicas share counts. */
export const rateEventsSchema = bothEngines(
  (e) => /* sql */ `
CREATE TABLE rate_events (
  key TEXT NOT NULL,
  at ${e.int} NOT NULL
);
CREATE INDEX rate_events_key ON rate_events(key, at);
`,
);
