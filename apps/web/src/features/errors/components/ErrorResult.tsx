import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** An error page: its status picture, title and message, a way home and, when asked, a way back. */
export function ErrorResult(p: {
  status: '403' | '404';
  testid: string;
  title: string;
  message: string;
  back?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = (
    <Button type="primary" onClick={() => navigate('/')}>
      {t('common.backHome')}
    </Button>
  );
  return (
    <Result
      status={p.status}
      data-testid={p.testid}
      title={p.title}
      subTitle={p.message}
      extra={
        p.back ? (
          <Space>
            <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
            {home}
          </Space>
        ) : (
          home
        )
      }
    />
  );
}
