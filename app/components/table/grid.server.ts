/**
 * The grid for server rendering, imported statically there. The browser build leaves this
 * module empty, so the browser loads the grid (mantine-react-table) as a chunk of its own.
 */
export { ResourceGrid } from "./grid";
