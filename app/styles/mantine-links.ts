import mantineDatesCss from "@mantine/dates/styles.css";
import mantineDropzoneCss from "@mantine/dropzone/styles.css";
import fileDropCss from "~/components/ui/file-drop.css";

/**
 * Mantine's date-picker and dropzone styles, linked only by the routes that show a date picker
 * or a dropzone (issue 11: every page parsed them before its first paint). Route links follow
 * the root's, so they come after `@mantine/core`'s rules, as Mantine asks.
 */
export const mantineDatesLinks = () => [{ rel: "stylesheet", href: mantineDatesCss }];
/** With the drop area's own rules after Mantine's (its colour: the page's text colour). */
export const mantineDropzoneLinks = () => [
  { rel: "stylesheet", href: mantineDropzoneCss },
  { rel: "stylesheet", href: fileDropCss },
];
