import type { JobState } from '@seller/contracts/jobs/dto';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Tag colour (antd preset or status) and bar colour of each state. */
export const stateStyles: Record<JobState, { tag: string; bar: string }> = {
  created: { tag: 'blue', bar: '#91caff' },
  retry: { tag: 'orange', bar: '#faad14' },
  active: { tag: 'processing', bar: '#1677ff' },
  completed: { tag: 'success', bar: '#52c41a' },
  failed: { tag: 'error', bar: '#ff4d4f' },
  cancelled: { tag: 'default', bar: '#bfbfbf' },
};

export function useStateText() {
  const { t } = useTranslation();
  return (state: JobState) => t(`BackgroundJobs::State:${state}`);
}

export function StateTag({ state }: { state: JobState }) {
  const text = useStateText();
  return (
    <Tag color={stateStyles[state].tag} data-testid={`job-state-${state}`}>
      {text(state)}
    </Tag>
  );
}
