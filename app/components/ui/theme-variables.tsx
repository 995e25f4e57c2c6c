import { useMantineTheme } from "@mantine/core/esm/core/MantineProvider/MantineThemeProvider/MantineThemeProvider.mjs";
import { getMergedVariables } from "@mantine/core/esm/core/MantineProvider/MantineCssVariables/get-merged-variables.mjs";
import { removeDefaultVariables } from "@mantine/core/esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs";
import { convertCssVariables } from "@mantine/core/esm/core/MantineProvider/convert-css-variables/convert-css-variables.mjs";
import { cssVariablesResolver, type ElementSize } from "~/theme";

const drawn = new Map<ElementSize, string>();

/**
 * The theme's CSS variables, as Mantine's own `MantineCssVariables` writes them for `:root`
 * with `deduplicateCssVariables` (only what differs from Mantine's stylesheet), but worked out
 * once per element size instead of on every render (issue 11: about 1.5 ms of every page's
 * server time). The theme is a function of the size alone (`themeFor`).
 */
export function ThemeVariables({ size }: { size: ElementSize }) {
  const theme = useMantineTheme();
  let css = drawn.get(size);
  if (css === undefined) {
    const variables = getMergedVariables({ theme, generator: cssVariablesResolver });
    css = convertCssVariables(removeDefaultVariables(variables), ":root");
    drawn.set(size, css);
  }
  return <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: css }} />;
}
