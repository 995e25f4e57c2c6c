import { Alert } from "@mantine/core/esm/components/Alert/Alert.mjs";
import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { Card } from "@mantine/core/esm/components/Card/Card.mjs";
import { Group } from "@mantine/core/esm/components/Group/Group.mjs";
import { PasswordInput } from "@mantine/core/esm/components/PasswordInput/PasswordInput.mjs";
import { Stack } from "@mantine/core/esm/components/Stack/Stack.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import { TextInput } from "@mantine/core/esm/components/TextInput/TextInput.mjs";
import { Title } from "@mantine/core/esm/components/Title/Title.mjs";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Captcha, CaptchaKind } from "@contract/auth";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { LanguageSwitch } from "~/components/language-switch";
import { Main, SkipLink } from "~/components/layout/main-landmark";
import { PlatformError, PlatformUnavailable } from "~/platform-client/client.server";
import { platformFor } from "~/auth/platform.server";
import { validateCsrf } from "~/auth/csrf.server";
import { getOptionalViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";
import { withParams } from "~/utils/url";
import { commitSession, getSession } from "~/auth/session.server";
import { getFixedT } from "~/i18next.server";
import { readForm } from "~/http/form.server";
import { PasswordToggleIcon } from "~/components/ui/password-toggle-icon";

export const meta = titleMeta("login.title");
export const handle = { name: "login" };

/**
 * The image, or a question read as text for people who cannot see it (issue 12): chosen with
 * `?captcha=text` on the page, and kept by the form's hidden `captcha_kind` after a failed try.
 */
function captchaKind(raw: FormDataEntryValue | null): CaptchaKind {
  if (raw === null || raw === "" || raw === "image") return "image";
  if (raw === "text") return "text";
  throw new Response("captcha", { status: 400, statusText: "Bad Request" });
}

async function newCaptcha(request: Request, kind: CaptchaKind): Promise<Captcha | null> {
  try {
    const api = await platformFor(request);
    return await api.call<Captcha>("GET", "/common/users/captcha/", {
      query: { kind },
      on401: "throw",
    });
  } catch {
    return null;
  }
}

type LoginAnswer = { token: string; csrf_token: string; user_id: number };

/** Keeps the platform's token in the session and goes where the user was going. */
async function startSession(
  request: Request,
  result: LoginAnswer,
  redirectTo: string,
  ticket?: string,
) {
  const session = await getSession(request);
  session.set("token", result.token);
  session.set("csrf", result.csrf_token);
  session.set("uid", result.user_id);
  if (ticket) session.set("sso", ticket);
  else session.unset("sso");
  return redirect(redirectTo, { headers: { "Set-Cookie": await commitSession(session) } });
}

/** What the session keeps of a ticket: enough to know it again, useless as a ticket. */
async function ticketDigest(ticket: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(ticket));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Spec §7 single sign-on: `/login?ticket=…[&redirect=…]` logs in with a ticket another system
 * (or another terminal) had the platform issue (POST /api/common/users/ssoticket/), then goes
 * to `redirect`. A refused ticket shows the login form with the platform's reason.
 */
async function ticketLogin(request: Request, ticket: string, redirectTo: string) {
  const digest = await ticketDigest(ticket);
  // The same browser asking the ticket's URL again, with the session that ticket started: go
  // on. Chromium does so by itself when the page the login lands on asks for a client hint it
  // had not sent (Critical-CH, app/entry.server.tsx): it restarts the navigation from its
  // first URL, the spent ticket's, which would otherwise show 登录凭证无效或已过期.
  const session = await getSession(request);
  if (session.get("token") && session.get("sso") === digest) return redirect(redirectTo);
  const t = await getFixedT(request);
  let result: LoginAnswer;
  try {
    const api = await platformFor(request);
    result = await api.post<LoginAnswer>("/common/users/ssologin/", { ticket }, { on401: "throw" });
  } catch (e) {
    if (!(e instanceof PlatformError || e instanceof PlatformUnavailable)) throw e;
    const error = e instanceof PlatformError ? e.detail || t("operationFailed") : t("serviceError");
    return data(
      { captcha: await newCaptcha(request, "image"), error },
      { status: e instanceof PlatformError ? e.status : 503 },
    );
  }
  return startSession(request, result, redirectTo, digest);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const ticket = params.get("ticket");
  if (ticket !== null)
    return ticketLogin(request, ticket, safeRedirect(params.get("redirect"), "/"));
  // A logged-in user who opens login goes to the dashboard (spec §4).
  if (await getOptionalViewer(request)) throw redirect("/dashboard");
  const captcha = await newCaptcha(request, captchaKind(params.get("captcha")));
  return data<{ captcha: Captcha | null; error?: string }>({ captcha });
}

type ActionResult = {
  error?: string;
  fieldErrors?: Record<string, string>;
  username?: string;
  captcha: Captcha | null;
};

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  await validateCsrf(request, form);
  const t = await getFixedT(request);
  const username = String(form.get("username") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const captcha = String(form.get("captcha") ?? "").trim();
  const captchaId = String(form.get("captcha_id") ?? "");
  const redirectTo = safeRedirect(form.get("redirect"), "/");
  const kind = captchaKind(form.get("captcha_kind"));

  if (form.get("intent") === "refresh") {
    return data<ActionResult>({ username, captcha: await newCaptcha(request, kind) });
  }
  const fieldErrors: Record<string, string> = {};
  if (!username) fieldErrors.username = t("login.username");
  if (!password) fieldErrors.password = t("login.password");
  if (!captcha) fieldErrors.captcha = t("login.captcha");
  if (Object.keys(fieldErrors).length) {
    return data<ActionResult>(
      { fieldErrors, username, captcha: await newCaptcha(request, kind) },
      { status: 400 },
    );
  }

  // Only the platform call is in the try: once the token is issued, nothing of the console's own may pass for a platform failure.
  let result: LoginAnswer;
  try {
    const api = await platformFor(request);
    result = await api.post<LoginAnswer>(
      "/common/users/login/",
      { username, password, captcha_id: captchaId, captcha },
      { on401: "throw" },
    );
  } catch (e) {
    if (!(e instanceof PlatformError || e instanceof PlatformUnavailable)) throw e;
    const error = e instanceof PlatformError ? e.detail || t("operationFailed") : t("serviceError");
    return data<ActionResult>(
      { error, username, captcha: await newCaptcha(request, kind) },
      { status: e instanceof PlatformError ? e.status : 503 },
    );
  }
  return startSession(request, result, redirectTo);
}

export default function Login() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionResult>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  // After a failed login the action's captcha stands: the loaders revalidate after it (with a
  // captcha of their own) and must not replace the one the person may already be answering.
  const served = actionData ? actionData.captcha : loaderData.captcha;
  // 换一张 / 换一题 with JavaScript. The captcha is worked out while rendering, never copied into
  // state by an effect on `refresher.data`: the router keeps fetcher data outside React's state,
  // so a render React throws away (nothing changed for it yet) could already read the new data,
  // keep it as the effect's last dependency and drop the effect; the first click then changed
  // nothing. A new served captcha starts a new fetcher, so an older refresh never outlives it.
  const refresher = useFetcher<{ captcha: Captcha | null }>({
    key: `captcha-${served?.captcha_id ?? "none"}`,
  });
  const captcha = refresher.data ? refresher.data.captcha : served;
  const captchaInput = useRef<HTMLInputElement>(null);
  // Set when the person switches between image and question: the answer field takes the focus.
  const switching = useRef(false);

  useEffect(() => {
    if (!switching.current) return;
    switching.current = false;
    captchaInput.current?.focus();
  }, [captcha]);

  const kind: CaptchaKind = captcha?.kind ?? (params.get("captcha") === "text" ? "text" : "image");
  const refresh = () => refresher.load(`/login?captcha=${kind}`);
  const fieldErrors = actionData?.fieldErrors ?? {};
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") !== "refresh";
  const answerField = {
    // A new captcha clears the answer typed for the previous one.
    key: captcha?.captcha_id,
    ref: captchaInput,
    name: "captcha",
    placeholder: t("login.captcha"),
    autoComplete: "off",
    required: true,
    error: fieldErrors.captcha,
  };

  return (
    <div className="auth-page">
      <SkipLink />
      <div style={{ position: "fixed", top: 12, right: 16 }}>
        <LanguageSwitch />
      </div>
      <Main className="auth-card">
        <Card shadow="lg" padding="xl" radius="md">
          <Form method="post" noValidate={false} aria-labelledby="login-title">
            <AuthenticityTokenInput />
            <input type="hidden" name="redirect" value={params.get("redirect") ?? ""} />
            <input type="hidden" name="captcha_id" value={captcha?.captcha_id ?? ""} />
            <input type="hidden" name="captcha_kind" value={kind} />
            <Stack gap="md">
              <Title order={1} size="h2" id="login-title" ta="center" c="var(--kg-link)">
                {t("login.heading")}
              </Title>
              {(actionData?.error ?? loaderData.error) && (
                <Alert color="red" role="alert" data-testid="login-error">
                  {actionData?.error ?? loaderData.error}
                </Alert>
              )}
              <TextInput
                name="username"
                label={t("login.usernameLabel")}
                placeholder={t("login.username")}
                defaultValue={actionData?.username ?? ""}
                autoComplete="username"
                required
                error={fieldErrors.username}
              />
              <PasswordInput
                name="password"
                label={t("login.passwordLabel")}
                placeholder={t("login.password")}
                autoComplete="current-password"
                visibilityToggleIcon={PasswordToggleIcon}
                required
                error={fieldErrors.password}
              />
              {captcha?.kind === "text" ? (
                // The question is the field's label: what a screen reader and a text browser read.
                <TextInput
                  {...answerField}
                  label={t(`login.question.${captcha.challenge.op}`, {
                    a: captcha.challenge.a,
                    b: captcha.challenge.b,
                  })}
                  description={t("login.questionHint")}
                  classNames={{ description: "captcha-hint" }}
                  inputMode="numeric"
                  data-testid="captcha-question"
                />
              ) : (
                <div className="captcha-row">
                  <TextInput {...answerField} style={{ flex: 1 }} label={t("login.captchaLabel")} />
                  {captcha ? (
                    <img
                      src={captcha.image}
                      alt={t("login.captchaAlt")}
                      width={120}
                      height={42}
                      data-testid="captcha-image"
                      onClick={refresh}
                      style={{ cursor: "pointer" }}
                    />
                  ) : null}
                </div>
              )}
              <Group justify="space-between" gap="xs">
                <Button
                  type="submit"
                  name="intent"
                  value="refresh"
                  variant="subtle"
                  size="xs"
                  formNoValidate
                  onClick={(e) => {
                    e.preventDefault();
                    refresh();
                  }}
                >
                  {t(kind === "text" ? "login.refreshQuestion" : "login.refresh")}
                </Button>
                {/* Text browsers ignore the layout: keep the two apart there. */}
                <span className="visually-hidden" aria-hidden="true">
                  {" | "}
                </span>
                <Link
                  to={withParams("/login", params, {
                    captcha: kind === "text" ? undefined : "text",
                    ticket: undefined,
                  })}
                  onClick={() => (switching.current = true)}
                  className="captcha-switch"
                  data-testid="captcha-switch"
                >
                  {t(kind === "text" ? "login.useImage" : "login.useText")}
                </Link>
              </Group>
              <Button type="submit" name="intent" value="login" fullWidth loading={busy}>
                {t("login.submit")}
              </Button>
              {!captcha && (
                <Text c="red" size="sm" role="alert">
                  {t("serviceError")}
                </Text>
              )}
            </Stack>
          </Form>
        </Card>
      </Main>
    </div>
  );
}
