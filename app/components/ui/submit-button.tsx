import type { ButtonProps } from "@mantine/core";
import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A form's submit button, busy while a form of the page is on its way; with `intent`, it says
 * what the form is to do (the action reads `intent`). Button from its own file
 * (see mantine-modules.d.ts): the table dialogs use it, and the package index would bring every
 * Mantine component to their pages.
 */
export function SubmitButton({
  children,
  testId,
  intent,
  ...props
}: ButtonProps & { children: ReactNode; testId?: string; intent?: string }) {
  const navigation = useNavigation();
  return (
    <Button
      type="submit"
      name={intent && "intent"}
      value={intent}
      loading={navigation.state === "submitting"}
      data-testid={testId}
      {...props}
    >
      {children}
    </Button>
  );
}
