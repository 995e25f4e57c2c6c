import type { ButtonProps } from "@mantine/core";
import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A form's submit button, busy while a form of the page is on its way. Button from its own file
 * (see mantine-modules.d.ts): the table dialogs use it, and the package index would bring every
 * Mantine component to their pages.
 */
export function SubmitButton({
  children,
  testId,
  ...props
}: ButtonProps & { children: ReactNode; testId?: string }) {
  const navigation = useNavigation();
  return (
    <Button
      type="submit"
      loading={navigation.state === "submitting"}
      data-testid={testId}
      {...props}
    >
      {children}
    </Button>
  );
}
