import {
  Button,
  Checkbox,
  createTheme,
  NativeSelect,
  NumberInput,
  PasswordInput,
  Select,
  Textarea,
  TextInput,
  type MantineColorsTuple,
  type MantineSize,
} from "@mantine/core";

/** Spec §9: theme colour #6085f2 (shade 6 of the primary palette). */
export const THEME_COLOR = "#6085f2";
const brand: MantineColorsTuple = [
  "#eef2fe",
  "#dce4fd",
  "#b8c8fb",
  "#93abf8",
  "#7d99f6",
  "#6f8ff4",
  THEME_COLOR,
  "#4b70e0",
  "#3d5fc8",
  "#2f4ea8",
];

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
      primaryShade: 6,
      defaultRadius: "sm",
      fontFamily:
        '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif',
      components: {
        Button: Button.extend(withSize),
        TextInput: TextInput.extend(withSize),
        PasswordInput: PasswordInput.extend(withSize),
        NumberInput: NumberInput.extend(withSize),
        Textarea: Textarea.extend(withSize),
        Select: Select.extend(withSize),
        NativeSelect: NativeSelect.extend(withSize),
        Checkbox: Checkbox.extend(withSize),
      },
    });
    themes.set(size, theme);
  }
  return theme;
}
