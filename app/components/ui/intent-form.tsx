import { Form, type FormProps } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * A POST form that says what it does (`intent`): the action reads the intent, and the CSRF
 * token goes with it. A plain form, so it works without JavaScript. `fields`: what it sends
 * besides its inputs (hidden; an undefined one is left out).
 */
export function IntentForm({
  intent,
  fields = {},
  children,
  ...props
}: Omit<FormProps, "method"> & {
  intent: string;
  fields?: Record<string, string | number | undefined>;
}) {
  return (
    <Form method="post" {...props}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(
        ([name, value]) =>
          value !== undefined && <input key={name} type="hidden" name={name} value={value} />,
      )}
      {children}
    </Form>
  );
}
