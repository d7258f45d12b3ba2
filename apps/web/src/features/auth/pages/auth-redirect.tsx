import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/**
 * Target of external sign-in round trips: inside a pop-up, hands the result to the opener's login
 * page and closes; otherwise continues at /login with the same query and hash.
 */
export default function AuthRedirectPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const rest = location.search + location.hash;
    if (window.opener && window.opener !== window) {
      try {
        window.opener.location.href = `${window.location.origin}/login${rest}`;
        window.close();
        return;
      } catch {
        // cross-origin opener: fall through
      }
    }
    navigate(`/login${rest}`, { replace: true });
  }, [location, navigate]);
  return (
    <div style={{ display: 'flex', height: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <Spin tip={t('authRedirect.signingIn')}>
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
}
