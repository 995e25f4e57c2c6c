import { Form, type FormProps } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * A layout setting (sidebar, tags, size, language, role preview) as a plain POST to /ui: the
 * CSRF token and the page to come back to (`back`), so it works without JavaScript.
 */
export function UiForm({
  back,
  children,
  ...props
}: Omit<FormProps, "method" | "action"> & { back: string }) {
  return (
    <Form method="post" action="/ui" {...props}>
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={back} />
      {children}
    </Form>
  );
}

/** Log out, then come back to `back` (a public page stays; an admin page asks to log in). */
export function LogoutButton({
  back,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { back: string; children: ReactNode }) {
  return (
    <Form method="post" action="/logout">
      <AuthenticityTokenInput />
      <input type="hidden" name="redirect" value={back} />
      <button type="submit" {...button}>
        {children}
      </button>
    </Form>
  );
}
