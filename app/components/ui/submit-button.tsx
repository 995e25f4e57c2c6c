import { Button, type ButtonProps } from "@mantine/core";
import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/** A form's submit button, busy while a form of the page is on its way. */
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
