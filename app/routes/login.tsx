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
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useState } from "react";
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
import { commitSession, getSession } from "~/auth/session.server";
import { getFixedT } from "~/i18next.server";
import { readForm } from "~/http/form.server";
import { PasswordToggleIcon } from "~/components/ui/password-toggle-icon";

export const meta = titleMeta("login.title");
export const handle = { name: "login" };

interface Captcha {
  captcha_id: string;
  image: string;
}

async function newCaptcha(request: Request): Promise<Captcha | null> {
  try {
    const api = await platformFor(request);
    return await api.call<Captcha>("GET", "/common/users/captcha/", { on401: "throw" });
  } catch {
    return null;
  }
}

type LoginAnswer = { token: string; csrf_token: string; user_id: number };

/** Keeps the platform's token in the session and goes where the user was going. */
async function startSession(request: Request, result: LoginAnswer, redirectTo: string) {
  const session = await getSession(request);
  session.set("token", result.token);
  session.set("csrf", result.csrf_token);
  session.set("uid", result.user_id);
  return redirect(redirectTo, { headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * Spec §7 single sign-on: `/login?ticket=…[&redirect=…]` logs in with a ticket another system
 * (or another terminal) had the platform issue (POST /api/common/users/ssoticket/), then goes
 * to `redirect`. A refused ticket shows the login form with the platform's reason.
 */
async function ticketLogin(request: Request, ticket: string, redirectTo: string) {
  const t = await getFixedT(request);
  let result: LoginAnswer;
  try {
    const api = await platformFor(request);
    result = await api.post<LoginAnswer>("/common/users/ssologin/", { ticket }, { on401: "throw" });
  } catch (e) {
    if (!(e instanceof PlatformError || e instanceof PlatformUnavailable)) throw e;
    const error = e instanceof PlatformError ? e.detail || t("operationFailed") : t("serviceError");
    return data(
      { captcha: await newCaptcha(request), error },
      { status: e instanceof PlatformError ? e.status : 503 },
    );
  }
  return startSession(request, result, redirectTo);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const ticket = params.get("ticket");
  if (ticket !== null)
    return ticketLogin(request, ticket, safeRedirect(params.get("redirect"), "/"));
  // A logged-in user who opens login goes to the dashboard (spec §4).
  if (await getOptionalViewer(request)) throw redirect("/dashboard");
  const captcha = await newCaptcha(request);
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

  if (form.get("intent") === "refresh") {
    return data<ActionResult>({ username, captcha: await newCaptcha(request) });
  }
  const fieldErrors: Record<string, string> = {};
  if (!username) fieldErrors.username = t("login.username");
  if (!password) fieldErrors.password = t("login.password");
  if (!captcha) fieldErrors.captcha = t("login.captcha");
  if (Object.keys(fieldErrors).length) {
    return data<ActionResult>(
      { fieldErrors, username, captcha: await newCaptcha(request) },
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
      { error, username, captcha: await newCaptcha(request) },
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
  const refresher = useFetcher<{ captcha: Captcha | null }>();
  const [captcha, setCaptcha] = useState<Captcha | null>(loaderData.captcha);

  useEffect(() => {
    if (actionData) setCaptcha(actionData.captcha);
  }, [actionData]);
  useEffect(() => {
    if (refresher.data) setCaptcha(refresher.data.captcha);
  }, [refresher.data]);

  const fieldErrors = actionData?.fieldErrors ?? {};
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") !== "refresh";

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
            <Stack gap="md">
              <Title order={1} size="h2" id="login-title" ta="center" c="brand.8">
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
              <div className="captcha-row">
                <TextInput
                  style={{ flex: 1 }}
                  name="captcha"
                  label={t("login.captchaLabel")}
                  placeholder={t("login.captcha")}
                  autoComplete="off"
                  required
                  error={fieldErrors.captcha}
                />
                {captcha ? (
                  <img
                    src={captcha.image}
                    alt={t("login.captchaAlt")}
                    width={120}
                    height={42}
                    data-testid="captcha-image"
                    onClick={() => refresher.load("/login?captcha=1")}
                    style={{ cursor: "pointer" }}
                  />
                ) : null}
              </div>
              <Button type="submit" name="intent" value="login" fullWidth loading={busy}>
                {t("login.submit")}
              </Button>
              <Group justify="space-between">
                <Button
                  type="submit"
                  name="intent"
                  value="refresh"
                  variant="subtle"
                  size="xs"
                  formNoValidate
                  onClick={(e) => {
                    e.preventDefault();
                    refresher.load("/login?captcha=1");
                  }}
                >
                  {t("login.refresh")}
                </Button>
              </Group>
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
