/**
 * Mantine one file each (issue 11). An import of "@mantine/core" goes through the package's
 * index, and esbuild's code splitting then gives every page that imports it every component
 * that any page uses (about 90 KB of gzip on every page). Importing the component's own ESM
 * file (tsconfig "paths" and remix.config.js let these specifiers through the package's
 * exports) gives a page only what it renders. Types: the package's own, re-exported here.
 */
declare module "@mantine/core/esm/components/Alert/Alert.mjs" {
  export { Alert } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Button/Button.mjs" {
  export { Button } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Card/Card.mjs" {
  export { Card } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Center/Center.mjs" {
  export { Center } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Group/Group.mjs" {
  export { Group } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Input/Input.mjs" {
  export { Input } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Modal/Modal.mjs" {
  export { Modal } from "@mantine/core";
}
declare module "@mantine/core/esm/components/MultiSelect/MultiSelect.mjs" {
  export { MultiSelect } from "@mantine/core";
}
declare module "@mantine/core/esm/components/NativeSelect/NativeSelect.mjs" {
  export { NativeSelect } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Notification/Notification.mjs" {
  export { Notification } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Paper/Paper.mjs" {
  export { Paper } from "@mantine/core";
}
declare module "@mantine/core/esm/components/PasswordInput/PasswordInput.mjs" {
  export { PasswordInput } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Select/Select.mjs" {
  export { Select } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Stack/Stack.mjs" {
  export { Stack } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Text/Text.mjs" {
  export { Text } from "@mantine/core";
}
declare module "@mantine/core/esm/components/TextInput/TextInput.mjs" {
  export { TextInput } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Textarea/Textarea.mjs" {
  export { Textarea } from "@mantine/core";
}
declare module "@mantine/core/esm/components/Title/Title.mjs" {
  export { Title } from "@mantine/core";
}
declare module "@mantine/core/esm/core/MantineProvider/ColorSchemeScript/ColorSchemeScript.mjs" {
  export { ColorSchemeScript } from "@mantine/core";
}
// The provider's own style sheets, drawn once into app/styles/theme.css (decision 034; not
// exported by the index; the signatures as in the pinned version's lib/core/MantineProvider/*.d.ts).
// What MantineCssVariables is made of, for a copy of its output worked out once per theme
// (app/components/ui/theme-variables.tsx).
declare module "@mantine/core/esm/core/MantineProvider/MantineCssVariables/get-merged-variables.mjs" {
  export function getMergedVariables(input: {
    theme: import("@mantine/core").MantineTheme;
    generator?: import("@mantine/core").CSSVariablesResolver;
  }): import("@mantine/core").ConvertCSSVariablesInput;
}
declare module "@mantine/core/esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs" {
  export function removeDefaultVariables(
    input: import("@mantine/core").ConvertCSSVariablesInput,
  ): import("@mantine/core").ConvertCSSVariablesInput;
}
declare module "@mantine/core/esm/core/MantineProvider/convert-css-variables/convert-css-variables.mjs" {
  export { convertCssVariables } from "@mantine/core";
}
declare module "@mantine/core/esm/core/MantineProvider/MantineClasses/MantineClasses.mjs" {
  export function MantineClasses(): import("react").ReactElement;
}
declare module "@mantine/core/esm/core/MantineProvider/MantineProvider.mjs" {
  export { MantineProvider } from "@mantine/core";
}
declare module "@mantine/core/esm/core/MantineProvider/MantineThemeProvider/MantineThemeProvider.mjs" {
  export { useMantineTheme } from "@mantine/core";
}
declare module "@mantine/core/esm/core/MantineProvider/create-theme/create-theme.mjs" {
  export { createTheme } from "@mantine/core";
}
declare module "@mantine/core/esm/core/MantineProvider/mantine-html-props.mjs" {
  export { mantineHtmlProps } from "@mantine/core";
}
declare module "@mantine/dates/esm/components/DateInput/DateInput.mjs" {
  export { DateInput } from "@mantine/dates/lib/index";
}
declare module "@mantine/dates/esm/components/DatesProvider/DatesProvider.mjs" {
  export { DatesProvider } from "@mantine/dates/lib/index";
}
declare module "@mantine/dropzone/esm/Dropzone.mjs" {
  export { Dropzone } from "@mantine/dropzone";
}
/** Not in the package's index: the context Modal.Content reads its aria-labelledby from. */
declare module "@mantine/core/esm/components/ModalBase/ModalBase.context.mjs" {
  import type { ReactNode } from "react";
  export interface ModalBaseContextValue {
    titleMounted: boolean;
    [key: string]: unknown;
  }
  export function ModalBaseProvider(props: {
    value: ModalBaseContextValue;
    children: ReactNode;
  }): ReactNode;
  export function useModalBaseContext(): ModalBaseContextValue;
}
