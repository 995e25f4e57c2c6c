import { Form, type FormProps } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * A POST form that says what it does (`intent`): the action reads the intent, and the CSRF
 * token goes with it. A plain form, so it works without JavaScript.
 */
export function IntentForm({
  intent,
  children,
  ...props
}: Omit<FormProps, "method"> & { intent: string }) {
  return (
    <Form method="post" {...props}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
