import { LockOutlined, MobileOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ErrorNotice } from '../../../lib/http/errors.ts';
import { prefetchShell } from '../../../lib/prefetch.ts';
import { completeSignIn } from '../../../lib/session/lifecycle.ts';
import { useSession } from '../../../lib/session/store.ts';
import { tenantFromHost } from '../../../lib/tenant.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import {
  impersonationSignIn,
  PHONE_PATTERN,
  passwordSignIn,
  phoneSignIn,
  resolveTenant,
  safeRedirect,
  sendPhoneCode,
  signInError,
  TenantNotAvailableError,
} from '../api.ts';
import { AuthError, AuthLayout } from '../components/AuthLayout.tsx';
import { SmsCodeButton } from '../components/SmsCodeButton.tsx';

type Mode = 'password' | 'phone';
type Field = 'username' | 'password' | 'phoneNumber' | 'code';
type Values = Record<Field | 'tenant', string>;

/** A labelled input row with its validation message (plain markup keeps the sign-in bundle small). */
function Row({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className="auth-row">
      {children}
      {error && <div className="auth-field-error">{error}</div>}
    </div>
  );
}

/**
 * /login: tenant (hidden when the host names one, checked with the by-name look-up), password or
 * phone + code sign-in, links to register and reset, language switch.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const hostTenant = tenantFromHost(location.hostname);
  const [mode, setMode] = useState<Mode>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorNotice>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [values, setValues] = useState<Values>(() => ({
    tenant: hostTenant ? '' : (useSession.getState().tenant?.name ?? ''),
    username: '',
    password: '',
    phoneNumber: '',
    code: '',
  }));
  const redirect = safeRedirect(search.get('redirect'));

  // returning from (or starting) an impersonation: sign in with the kept token
  useEffect(() => {
    const token = useSession.getState().impersonationToken;
    if (!token) return;
    void impersonationSignIn(token)
      .then(({ reply, isBack }) => {
        completeSignIn({ ...reply, refresh_token: undefined }, useSession.getState().tenant);
        if (isBack) useSession.getState().setImpersonationToken(undefined);
        navigate('/', { replace: true });
      })
      .catch(() => useSession.getState().setImpersonationToken(undefined));
  }, [navigate]);

  const set = (field: keyof Values) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== 'tenant') setErrors((x) => ({ ...x, [field]: undefined }));
  };

  /** What every credential input shares: size, label (also the placeholder), test id, error state and value. */
  const inputProps = (field: Field, label: string, testid: string, autoComplete: string) => ({
    size: 'large' as const,
    placeholder: label,
    'aria-label': label,
    'data-testid': testid,
    autoComplete,
    status: errors[field] ? ('error' as const) : undefined,
    value: values[field],
    onChange: set(field),
  });

  const validate = (fields: Field[]): boolean => {
    const next: Partial<Record<Field, string>> = {};
    for (const f of fields) {
      const v = values[f].trim();
      if (f === 'username' && !v) next.username = t('login.usernameRequired');
      if (f === 'password' && !values.password) next.password = t('login.passwordRequired');
      if (f === 'phoneNumber') {
        if (!v) next.phoneNumber = t('login.phoneRequired');
        else if (!PHONE_PATTERN.test(v)) next.phoneNumber = t('login.phoneInvalid');
      }
      if (f === 'code' && !v) next.code = t('login.codeRequired');
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const checkTenant = async () => {
    const tenant = await resolveTenant(hostTenant ?? values.tenant);
    useSession.getState().setTenant(tenant);
    return tenant;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!validate(mode === 'password' ? ['username', 'password'] : ['phoneNumber', 'code'])) return;
    setError(undefined);
    setBusy(true);
    try {
      const tenant = await checkTenant();
      const reply =
        mode === 'password'
          ? await passwordSignIn(values.username.trim(), values.password, tenant?.name)
          : await phoneSignIn(values.phoneNumber.trim(), values.code.trim(), tenant?.name);
      completeSignIn(reply, tenant);
      navigate(redirect, { replace: true });
    } catch (err) {
      setError(signInError(err));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    if (!validate(['phoneNumber'])) return false;
    try {
      setError(undefined);
      await checkTenant();
      await sendPhoneCode('signin', values.phoneNumber.trim());
      message.success(t('login.codeSent'));
      return true;
    } catch (err) {
      // sending the code: HTTP errors were notified by the client
      if (err instanceof TenantNotAvailableError) setError({ message: err.message });
      return false;
    }
  };

  const switchMode = (m: Mode) => {
    setMode(m);
    setError(undefined);
    setErrors({});
  };

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <div className="auth-modes" role="tablist">
        {(['password', 'phone'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={mode === m ? 'active' : undefined}
            data-testid={`login-tab-${m}`}
            onClick={() => switchMode(m)}
          >
            {t(m === 'password' ? 'login.passwordLogin' : 'login.phoneLogin')}
          </button>
        ))}
      </div>
      <AuthError title={error?.title} message={error?.message} testid="login-error" />
      <form onSubmit={submit} onFocus={prefetchShell} noValidate>
        {!hostTenant && (
          <Row>
            <Input
              size="large"
              prefix={<TeamOutlined />}
              placeholder={t('login.tenantPlaceholder')}
              aria-label={t('login.tenant')}
              data-testid="login-tenant"
              autoComplete="organization"
              value={values.tenant}
              onChange={set('tenant')}
              allowClear
            />
          </Row>
        )}
        {mode === 'password' ? (
          <>
            <Row error={errors.username}>
              <Input
                prefix={<UserOutlined />}
                {...inputProps('username', t('login.username'), 'login-username', 'username')}
                placeholder={t('login.usernamePlaceholder')}
              />
            </Row>
            <Row error={errors.password}>
              <Input.Password
                prefix={<LockOutlined />}
                {...inputProps('password', t('login.password'), 'login-password', 'current-password')}
              />
            </Row>
          </>
        ) : (
          <>
            <Row error={errors.phoneNumber}>
              <Input
                prefix={<MobileOutlined />}
                {...inputProps('phoneNumber', t('login.phoneNumber'), 'login-phone', 'tel')}
              />
            </Row>
            <Row error={errors.code}>
              <div className="auth-code-row">
                <Input
                  prefix={<SafetyOutlined />}
                  {...inputProps('code', t('login.code'), 'login-code', 'one-time-code')}
                />
                <SmsCodeButton onSend={sendCode} testid="login-send-code" size="large" />
              </div>
            </Row>
          </>
        )}
        <Row>
          <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Row>
        <div className="auth-links">
          <Link to="/register" data-testid="login-register">
            {t('login.register')}
          </Link>
          <Link to="/reset-password" data-testid="login-forgot-password">
            {t('login.forgotPassword')}
          </Link>
        </div>
      </form>
    </AuthLayout>
  );
}
