import mantineDatesCss from "@mantine/dates/styles.css";
import mantineDropzoneCss from "@mantine/dropzone/styles.css";

/**
 * Mantine's date-picker and dropzone styles, linked only by the routes that show a date picker
 * or a dropzone (issue 11: every page parsed them before its first paint). Route links follow
 * the root's, so they come after `@mantine/core`'s rules, as Mantine asks.
 */
export const mantineDatesLinks = () => [{ rel: "stylesheet", href: mantineDatesCss }];
export const mantineDropzoneLinks = () => [{ rel: "stylesheet", href: mantineDropzoneCss }];
