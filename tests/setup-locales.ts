/**
 * As the server's entry does at startup (app/entry.server.tsx): every language registered,
 * for code that translates without an i18next instance (meta, formatting) in unit tests.
 */
import "~/locales/all.server";
