/**
 * Icons one file each (issue 11): an import of "@tabler/icons-react" goes through its index,
 * and esbuild's code splitting then gives every page that imports it every icon any page
 * uses (4 KB of gzip on /login, which shows two). Each icon's own ESM file has it as its
 * default export; the package's `Icon` type is the component's.
 */
declare module "@tabler/icons-react/dist/esm/icons/*.mjs" {
  const icon: import("@tabler/icons-react").Icon;
  export default icon;
  /** The icon's shapes, [tag, attributes] each (scripts/shell-icon-paths.mjs draws the shell's icons from them). */
  export const __iconNode: [string, Record<string, string>][];
}
