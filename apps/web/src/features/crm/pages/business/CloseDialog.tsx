import { Alert, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { BL, type Business, businessesApi } from '../../api/businesses.ts';

/**
 * Ends a business (won, lost or invalid) with a remark, after the user confirms; winning marks the
 * customer dealt. `endStatus` preselects the result (dropped on the kanban's won or lost column).
 */
export function CloseDialog({
  business,
  endStatus,
  onClose,
  onDone,
}: {
  business: { id: string; name: string };
  endStatus: 1 | 2 | 3;
  onClose: () => void;
  onDone: (b: Business) => unknown;
}) {
  const [end, setEnd] = useState<1 | 2 | 3>(endStatus);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={BL('CloseTitle', business.name)}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'business-close-ok' } as never}
      onOk={async () => {
        setBusy(true);
        try {
          await onDone(await businessesApi.close(business.id, { endStatus: end, endRemark: remark.trim() || null }));
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Radio.Group
        value={end}
        onChange={(e) => setEnd(e.target.value)}
        data-testid="business-close-result"
        options={([1, 2, 3] as const).map((v) => ({ value: v, label: BL(`End:${v}`) }))}
      />
      <Input.TextArea
        style={{ marginTop: 12 }}
        rows={3}
        maxLength={512}
        placeholder={BL('EndRemark')}
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        data-testid="business-close-remark"
      />
      <Alert style={{ marginTop: 12 }} type="info" showIcon title={end === 1 ? BL('WonHint') : BL('CloseHint')} />
    </Modal>
  );
}
