import type { CSSProperties, ReactNode } from 'react';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { useSession } from '../../../lib/session/store.ts';
import './auth.css';

/** Centered card used by the sign-in screens, with the language switch (plain markup: small first screen). */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const theme = useSession((s) => s.settings.theme);
  return (
    <div className="auth-page" style={{ '--auth-primary': theme } as CSSProperties}>
      <div className="auth-lang">
        <LanguageSwitch showLabel />
      </div>
      <main className="auth-card">
        <div className="auth-head">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </div>
        {children}
      </main>
    </div>
  );
}

/** Error line of the sign-in forms (e.g. 'the given tenant is not available (name)'), with an optional title. */
export function AuthError({ message, title, testid }: { message?: string; title?: string; testid?: string }) {
  if (!message) return null;
  return (
    <div className="auth-error" role="alert" data-testid={testid}>
      {title && <strong className="auth-error-title">{title}</strong>}
      <span>{message}</span>
    </div>
  );
}
