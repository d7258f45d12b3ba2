import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const COUNTDOWN_SECONDS = 60;

/** "Send code" with a resend countdown in seconds (spec §2). `onSend` resolves true when sent. */
export function SmsCodeButton({
  onSend,
  testid,
  size,
}: {
  onSend(): Promise<boolean>;
  testid?: string;
  size?: 'small' | 'medium' | 'large';
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  return (
    <Button
      size={size}
      data-testid={testid}
      disabled={left > 0}
      loading={sending}
      onClick={async () => {
        setSending(true);
        try {
          if (await onSend()) setLeft(COUNTDOWN_SECONDS);
        } finally {
          setSending(false);
        }
      }}
    >
      {left > 0 ? t('login.resendIn', { seconds: left }) : t('login.sendCode')}
    </Button>
  );
}
