import type { CSSVariablesResolver, MantineColorsTuple, MantineSize } from "@mantine/core";
import { createTheme } from "@mantine/core/esm/core/MantineProvider/create-theme/create-theme.mjs";

/**
 * Spec §9: theme colour #6085f2 (shade 6 of the primary palette). Filled controls, links and
 * light-variant text use shade 7 (#4263d6), where white text and the text on a light tint
 * pass WCAG AA (decision 011).
 */
export const THEME_COLOR = "#6085f2";
const brand: MantineColorsTuple = [
  "#eef2fe",
  "#dce4fd",
  "#b8c8fb",
  "#93abf8",
  "#7d99f6",
  "#6f8ff4",
  THEME_COLOR,
  "#4263d6",
  "#3d5fc8",
  "#2f4ea8",
];

/** A red button (确定 on a delete): white on shade 7 is 3.9:1, on shade 9 5.4:1. */
const RED_FILLED = {
  "--mantine-color-red-filled": "var(--mantine-color-red-9)",
  "--mantine-color-red-filled-hover": "#a51d1d",
};

/**
 * Mantine's dimmed text (gray 6, 3.3:1 on white) darkened to pass 4.5:1 on every surface, and
 * the light variant's text one shade darker than the fill so it passes on its own tint over
 * the grey page background.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "#5f6770",
    "--mantine-color-brand-light-color": "var(--mantine-color-brand-8)",
    // Status badges (light variant): the palette's shade 6 text is 2–3:1 on its own tint.
    "--mantine-color-green-light-color": "#2b7a3e",
    "--mantine-color-red-light-color": "var(--mantine-color-red-9)",
    "--mantine-color-blue-light-color": "var(--mantine-color-blue-9)",
    "--mantine-color-gray-light-color": "var(--mantine-color-gray-8)",
    // A field's error text (and its input's text): shade 6 is 3.3:1 on white.
    "--mantine-color-error": "var(--mantine-color-red-9)",
    ...RED_FILLED,
  },
  dark: { "--mantine-color-dimmed": "#a3adb9", ...RED_FILLED },
});

export type ElementSize = "sm" | "md" | "lg";
/** Spec §9: default element size medium. */
export const DEFAULT_SIZE: ElementSize = "md";

const themes = new Map<ElementSize, ReturnType<typeof createTheme>>();

/** One theme object per element size, built once so renders keep a stable reference. */
export function themeFor(size: ElementSize = DEFAULT_SIZE) {
  let theme = themes.get(size);
  if (!theme) {
    const withSize = { defaultProps: { size: size as MantineSize } };
    theme = createTheme({
      colors: { brand },
      primaryColor: "brand",
      primaryShade: 7,
      defaultRadius: "sm",
      fontFamily:
        '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif',
      // Plain objects rather than Button.extend(…): the theme is on every page, and naming the
      // components here would ship their code (Select, NumberInput…) to every page too.
      components: Object.fromEntries(
        [
          "Button",
          "TextInput",
          "PasswordInput",
          "NumberInput",
          "Textarea",
          "Select",
          "NativeSelect",
          "Checkbox",
        ].map((name) => [name, withSize]),
      ),
    });
    themes.set(size, theme);
  }
  return theme;
}
