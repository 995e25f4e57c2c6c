import { Alert } from "@mantine/core/esm/components/Alert/Alert.mjs";
import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { Card } from "@mantine/core/esm/components/Card/Card.mjs";
import { Group } from "@mantine/core/esm/components/Group/Group.mjs";
import { PasswordInput } from "@mantine/core/esm/components/PasswordInput/PasswordInput.mjs";
import { Stack } from "@mantine/core/esm/components/Stack/Stack.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import { TextInput } from "@mantine/core/esm/components/TextInput/TextInput.mjs";
import { Title } from "@mantine/core/esm/components/Title/Title.mjs";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
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
import { login, loginPage, type LoginResult } from "~/auth/login.server";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { LanguageSwitch } from "~/components/language-switch";
import { Main, SkipLink } from "~/components/layout/main-landmark";
import { titleMeta } from "~/utils/meta";
import { withParams } from "~/utils/url";
import { PasswordToggleIcon } from "~/components/ui/password-toggle-icon";
import { HeldImg } from "~/utils/held";

export const meta = titleMeta("login.title");
export const handle = { name: "login" };

export const loader = ({ request }: LoaderFunctionArgs) => loginPage(request);

export const action = ({ request }: ActionFunctionArgs) => login(request);

export default function Login() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<LoginResult>();
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
                    <HeldImg
                      value={captcha.image}
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
